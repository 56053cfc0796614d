import { proxy } from 'valtio';
import { STORAGE_KEYS } from '../../core/constants';
import type { AllAuthEntry, AuthEntry } from '../../core/permission';
import { BIND_SESSION, CODE, type Envelope } from '../../core/wire';
import { getAction, postAction, sessionHooks } from '../http/client';
import { storage } from '../storage';
import { followUserLocale, languageHooks, localeSettled } from '../i18n/choose-locale';
import { t } from '../i18n/i18n';

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  route?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: {
    title: string;
    icon?: string;
    keepAlive?: boolean;
    internalOrExternal?: boolean;
    componentName?: string;
    url?: string;
    permissionList?: AuthEntry[];
  };
  children?: MenuItem[];
}

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  orgCode?: string | null;
  roleCode?: string;
  selectDepartId?: string | null;
  selectPositionId?: string | null;
  /** the department chosen in 部门切换 (the header shows it) */
  departName?: string | null;
  /** the console language the user chose (PUT /sys/user/locale); null until they choose one */
  locale?: string | null;
  [k: string]: unknown;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  userRole: { id: string; roleCode: string; roleName: string }[];
  company: { orgCompanyId: string; sysCompanyId: string };
  multi_depart: number;
}

/** Session state ("User session"): stored 7 days under STORAGE_KEYS (src/core/constants.ts), mirrored in a valtio proxy. */
export const session = proxy({
  token: storage.get<string>(STORAGE_KEYS.accessToken) ?? '',
  userInfo: storage.get<UserInfo>(STORAGE_KEYS.userInfo) ?? null,
  /** the menu tree; empty until loaded (guard rule 3) */
  permissionList: [] as MenuItem[],
  auth: [] as AuthEntry[],
  allAuth: [] as AllAuthEntry[],
});

function saveLogin(r: LoginResult): void {
  storage.set(STORAGE_KEYS.accessToken, r.token);
  storage.set(STORAGE_KEYS.username, r.userInfo.username);
  storage.set(STORAGE_KEYS.userInfo, r.userInfo);
  storage.set(STORAGE_KEYS.userRole, r.userRole);
  storage.set(STORAGE_KEYS.companyInfos, r.company);
  session.token = r.token;
  session.userInfo = r.userInfo;
  followUserLocale(r.userInfo.locale);
}

/** a login response whose code is not 200 is rejected to the caller with its message */
/** a refused login: the server's message, and its result (an unbound CAS account's bind ticket) */
export class LoginRefused extends Error {
  constructor(
    message: string,
    readonly result: unknown,
  ) {
    super(message);
  }
}

/** every sign-in here is a browser's: its session is bound to this browser (src/server/auth/binding.ts) */
const bound = { headers: BIND_SESSION };

async function finishLogin(p: Promise<Envelope<LoginResult>>): Promise<LoginResult> {
  const res = await p;
  if (res.code !== CODE.ok || !res.success)
    throw new LoginRefused(res.message || t('login.failed'), res.result);
  saveLogin(res.result);
  return res.result;
}

export function login(username: string, password: string): Promise<LoginResult> {
  return finishLogin(postAction<LoginResult>('/sys/login', { username, password }, bound));
}

export function phoneLogin(mobile: string, captcha: string): Promise<LoginResult> {
  return finishLogin(postAction<LoginResult>('/sys/phoneLogin', { mobile, captcha }, bound));
}

/** the one-time token a third-party callback put in the login page's address (token and thirdType) */
export function thirdLogin(token: string, thirdType: string): Promise<LoginResult> {
  const seg = (s: string) => encodeURIComponent(s);
  return finishLogin(
    getAction<LoginResult>(`/sys/thirdLogin/getLoginUser/${seg(token)}/${seg(thirdType)}`, {}, bound),
  );
}

/** single sign-on: the CAS service ticket the CAS server sent back to the login page */
export function casLogin(ticket: string, service: string): Promise<LoginResult> {
  return finishLogin(getAction<LoginResult>('/sys/cas/client/validateLogin', { ticket, service }, bound));
}

export function setUserInfo(info: UserInfo): void {
  storage.set(STORAGE_KEYS.userInfo, info);
  session.userInfo = info;
}

/** clears token, permissions, user, role, dictionaries and kept-alive data; finishes even if the call fails */
export async function logout(): Promise<void> {
  const token = session.token;
  try {
    if (token) await postAction('/sys/logout');
  } catch {
    // the local session ends regardless
  } finally {
    endSession();
  }
}

/** forgets the session in this browser only: for when the server already ended it (401, expired token) */
export function endSession(): void {
  for (const key of [
    STORAGE_KEYS.accessToken,
    STORAGE_KEYS.userInfo,
    STORAGE_KEYS.userRole,
    STORAGE_KEYS.dictCache,
    STORAGE_KEYS.cacheIncludedRoutes,
    STORAGE_KEYS.companyInfos,
  ])
    storage.remove(key);
  session.token = '';
  session.userInfo = null;
  session.permissionList = [];
  session.auth = [];
  session.allAuth = [];
}
sessionHooks.endSession = endSession;
// a language chosen while signed in names the menu in it too
languageHooks.chosen = () => refreshPermissions();

/**
 * After the server announced a grant change: loads menu and buttons again, true when the user's
 * own changed (the side menu and the buttons follow the store at once).
 */
export async function refreshPermissions(): Promise<boolean> {
  const before = JSON.stringify([session.permissionList, session.auth]);
  await loadPermissions();
  return JSON.stringify([session.permissionList, session.auth]) !== before;
}

/** loads menu, auth and allAuth; an empty or failed answer throws (guard rule 6) */
export async function loadPermissions(): Promise<MenuItem[]> {
  // the menu's names come in the console's language: the one a sign-in brings first
  await localeSettled;
  const res = await getAction<{ menu: MenuItem[]; auth: AuthEntry[]; allAuth: AllAuthEntry[] }>(
    '/sys/permission/getUserPermissionByToken',
  );
  if (!res.success) throw new Error(res.message);
  const menu = res.result.menu;
  if (!Array.isArray(menu) || menu.length === 0) {
    console.error('getPermissionList: permissions must be a non-null array !');
    throw new Error('getPermissionList: permissions must be a non-null array !');
  }
  storage.set(STORAGE_KEYS.userButtonAuth, res.result.auth);
  storage.set(STORAGE_KEYS.sysButtonAuth, res.result.allAuth);
  session.permissionList = menu;
  session.auth = res.result.auth;
  session.allAuth = res.result.allAuth;
  return menu;
}
