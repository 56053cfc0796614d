import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BuildOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  CloudOutlined,
  ClusterOutlined,
  CodeOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  GlobalOutlined,
  HddOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LineChartOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PictureOutlined,
  PieChartOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  SoundOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by their Vue-era names (meta.icon). Only the names the menus use plus common ones are
 * imported, so the bundle does not carry the whole icon set; anything else gets the default icon.
 */
type Icon = ComponentType<{ 'aria-hidden'?: boolean }>;

const ICONS: Record<string, Icon> = {
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  book: BookOutlined,
  build: BuildOutlined,
  calculator: CalculatorOutlined,
  calendar: CalendarOutlined,
  cloud: CloudOutlined,
  cluster: ClusterOutlined,
  code: CodeOutlined,
  control: ControlOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  desktop: DesktopOutlined,
  environment: EnvironmentOutlined,
  experiment: ExperimentOutlined,
  file: FileOutlined,
  'file-text': FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  fund: FundOutlined,
  global: GlobalOutlined,
  hdd: HddOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  key: KeyOutlined,
  'line-chart': LineChartOutlined,
  link: LinkOutlined,
  lock: LockOutlined,
  mail: MailOutlined,
  menu: MenuOutlined,
  message: MessageOutlined,
  mobile: MobileOutlined,
  notification: NotificationOutlined,
  picture: PictureOutlined,
  'pie-chart': PieChartOutlined,
  profile: ProfileOutlined,
  project: ProjectOutlined,
  read: ReadOutlined,
  safety: SafetyOutlined,
  'safety-certificate': SafetyOutlined,
  schedule: ScheduleOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  shopping: ShoppingOutlined,
  solution: SolutionOutlined,
  sound: SoundOutlined,
  table: TableOutlined,
  tags: TagsOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  'video-camera': VideoCameraOutlined,
};

/** the names an icon picker can offer (the menu editor) */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export const DEFAULT_MENU_ICON: Icon = AppstoreOutlined;

/** 'SettingOutlined' and 'setting' both resolve; unknown or empty names fall back to the default */
export function menuIcon(name: string | undefined): Icon {
  if (!name) return DEFAULT_MENU_ICON;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[key] ?? DEFAULT_MENU_ICON;
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = menuIcon(name);
  // decorative: the entry's title names it (else every entry reads "database 基础数据")
  return <Icon aria-hidden />;
}
