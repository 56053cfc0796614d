/** The spec's constants (section 9 and the storage keys of section 3), shared by both halves. */

export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  sidebarType: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  color: 'DEFAULT_COLOR',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidemenu: 'DEFAULT_FIXED_SIDEMENU',
  fixedHeaderHidden: 'DEFAULT_FIXED_HEADER_HIDDEN',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  multiPage: 'DEFAULT_MULTI_PAGE',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  userButtonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
  encryptedString: 'ENCRYPTED_STRING',
  enhancePrefix: 'enhance_',
  tenantId: 'TENANT_ID',
  cacheIncludedRoutes: 'CACHE_INCLUDED_ROUTES',
  companyInfos: 'COMPANY_INFOS',
  sourceType: 'SOURCE_TYPE',
  userRole: 'USER_ROLE',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  isFirst: 'isFirst',
  /** the console language chosen in this browser (kept across sign-out; the server keeps the user's) */
  locale: 'CONSOLE_LOCALE',
} as const;

/** session, user info and dictionary cache live 7 days in local storage */
export const STORAGE_TTL_MS = 604_800_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const NOTICE_SECONDS = 4;
export const LOGOUT_RELOAD_DELAY_MS = 1500;

export const DEFAULT_HOME = '/dashboard/analysis';
export const DEFAULT_TITLE = '数字博物馆管理平台';
export const DEFAULT_PRIMARY_COLOR = '#01a0e6';
export const PRESET_COLORS = [
  '#01a0e6',
  '#1890ff',
  '#f5222d',
  '#fa541c',
  '#faad14',
  '#13c2c2',
  '#52c41a',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
] as const;

export const TAB_BAR_HEIGHT = 52;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
/** device breakpoints: below the first is tablet, below the second mobile */
export const DESKTOP_MIN_WIDTH = 1087.99;
export const MOBILE_MAX_WIDTH = 767.99;
export const HEADER_AUTO_HIDE_PX = 100;

export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'];
/** picker modals page by 5 */
export const PICKER_PAGE_SIZE = 5;
export const PICKER_PAGE_SIZE_OPTIONS = ['5', '10', '20', '30'];
export const LOOKUP_PAGE_SIZE = 99999;
export const ELLIPSIS_LENGTH = 25;

export const MODAL_WIDTH = {
  cron: 608,
  filePopup: 520,
  userPicker: 1200,
  userByDepart: 1250,
  departPicker: 500,
  recordSelect: 900,
  popupReport: 1200,
  advancedQuery: 1000,
  import: 600,
  details: 1200,
  changePassword: 800,
} as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
