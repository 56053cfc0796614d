import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { partComponent, usePartsLoaded, type PartLoader } from './lazy-parts';

type Icon = ComponentType<{ 'aria-hidden'?: boolean }>;

/**
 * Menu icons by their Vue-era names (meta.icon), each loaded when a menu shows it (a leaf registry
 * like renderers/fields/registry.ts): a first visit fetches the few icons its menu names, not the
 * set. Only the names the menus use plus common ones are registered; anything else gets the default.
 */
const ICONS: Record<string, PartLoader<Icon>> = {
  alert: () => import('@ant-design/icons/es/icons/AlertOutlined'),
  apartment: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  api: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  appstore: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  audit: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  bank: () => import('@ant-design/icons/es/icons/BankOutlined'),
  'bar-chart': () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  book: () => import('@ant-design/icons/es/icons/BookOutlined'),
  build: () => import('@ant-design/icons/es/icons/BuildOutlined'),
  calculator: () => import('@ant-design/icons/es/icons/CalculatorOutlined'),
  calendar: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  'check-circle': () => import('@ant-design/icons/es/icons/CheckCircleOutlined'),
  cloud: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  cluster: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  code: () => import('@ant-design/icons/es/icons/CodeOutlined'),
  control: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  dashboard: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  database: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  desktop: () => import('@ant-design/icons/es/icons/DesktopOutlined'),
  environment: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  experiment: () => import('@ant-design/icons/es/icons/ExperimentOutlined'),
  file: () => import('@ant-design/icons/es/icons/FileOutlined'),
  'file-text': () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  folder: () => import('@ant-design/icons/es/icons/FolderOutlined'),
  form: () => import('@ant-design/icons/es/icons/FormOutlined'),
  fund: () => import('@ant-design/icons/es/icons/FundOutlined'),
  global: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  hdd: () => import('@ant-design/icons/es/icons/HddOutlined'),
  home: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  idcard: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  key: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  'line-chart': () => import('@ant-design/icons/es/icons/LineChartOutlined'),
  link: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  lock: () => import('@ant-design/icons/es/icons/LockOutlined'),
  mail: () => import('@ant-design/icons/es/icons/MailOutlined'),
  menu: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  message: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  mobile: () => import('@ant-design/icons/es/icons/MobileOutlined'),
  notification: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  picture: () => import('@ant-design/icons/es/icons/PictureOutlined'),
  'pie-chart': () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  profile: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  project: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  read: () => import('@ant-design/icons/es/icons/ReadOutlined'),
  safety: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  'safety-certificate': () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  schedule: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  setting: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  shop: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  shopping: () => import('@ant-design/icons/es/icons/ShoppingOutlined'),
  solution: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  sound: () => import('@ant-design/icons/es/icons/SoundOutlined'),
  sync: () => import('@ant-design/icons/es/icons/SyncOutlined'),
  table: () => import('@ant-design/icons/es/icons/TableOutlined'),
  tags: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  team: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  tool: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  unlock: () => import('@ant-design/icons/es/icons/UnlockOutlined'),
  user: () => import('@ant-design/icons/es/icons/UserOutlined'),
  'video-camera': () => import('@ant-design/icons/es/icons/VideoCameraOutlined'),
};

/** the names an icon picker can offer (the menu editor) */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** the icon of a name no entry has */
export const DEFAULT_MENU_ICON = ICONS.appstore;

/** 'SettingOutlined' and 'setting' both resolve; unknown or empty names fall back to the default */
export function menuIconLoader(name: string | undefined): PartLoader<Icon> {
  const key = (name ?? '')
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[key] ?? DEFAULT_MENU_ICON;
}

/** whether the icons of these names have loaded (they start loading at once): a menu draws once they have */
export function useMenuIcons(names: readonly (string | undefined)[]): boolean {
  return usePartsLoaded([...new Set(names.map(menuIconLoader))]);
}

/** an icon not loaded yet keeps its place: an empty box of the icon's size */
const PLACE = <span className="anticon" style={{ width: '1em', height: '1em' }} aria-hidden />;

export function MenuIcon({ name }: { name?: string }) {
  const Icon = partComponent(menuIconLoader(name));
  // decorative: the entry's title names it (else every entry reads "database 基础数据")
  return (
    <Suspense fallback={PLACE}>
      <Icon aria-hidden />
    </Suspense>
  );
}

/** a button's icon (a declared action's `icon`): named like the button's own words, as antd names it (lock 冻结) */
export function ButtonIcon({ name }: { name: string }) {
  const Icon = partComponent(menuIconLoader(name));
  return (
    <Suspense fallback={PLACE}>
      <Icon />
    </Suspense>
  );
}
