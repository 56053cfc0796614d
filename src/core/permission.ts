/**
 * The has-permission rules of spec section 6. The server enforces permissions; these rules only
 * decide what the browser shows, so a hidden button is never the protection.
 */
/** 刷新缓存 under 数据字典: the servers drop their dictionary caches (a write already does that) */
export const REFRESH_CACHE_PERMISSION = 'system:dict:refreshCache';

export interface AuthEntry {
  action: string;
  type?: string;
  describe?: string;
}
export interface AllAuthEntry extends AuthEntry {
  /** '1' the rule is active, '0' inactive (everyone may) */
  status: string;
}

export interface Grants {
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
}

function granted(auth: AuthEntry[], code: string, type?: string): boolean {
  return auth.some(
    (a) =>
      (!type || a.type === type) &&
      a.action
        .split(',')
        .map((s) => s.trim())
        .includes(code),
  );
}

/** a button shows when its rule is inactive for everyone (status '0') or the user holds the code */
export function hasPermission(g: Grants, code: string): boolean {
  if (g.allAuth.some((a) => a.action === code && a.status === '0')) return true;
  return granted(g.auth, code);
}

/** type '2' (disable strategy): a form item is disabled when an active rule exists and the user lacks it */
export function isDisabled(g: Grants, code: string): boolean {
  const rules = g.allAuth.filter((a) => a.action === code && a.type === '2');
  if (rules.some((a) => a.status === '0')) return false;
  if (granted(g.auth, code, '2')) return false;
  return rules.length > 0;
}

/** type '1' (show strategy): a form item or action is hidden while an active rule exists that the user lacks */
export function isHidden(g: Grants, code: string): boolean {
  return (
    g.allAuth.some((a) => a.action === code && a.type !== '2' && a.status === '1') && !granted(g.auth, code)
  );
}

/** the toolbar codes under a prefix (authPre, ending ':') the user may not use */
export function excludedCodes(g: Grants, prefix: string): string[] {
  return g.allAuth
    .filter((a) => a.action.startsWith(prefix) && a.status === '1' && !granted(g.auth, a.action))
    .map((a) => a.action.slice(prefix.length));
}
