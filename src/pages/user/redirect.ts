import { DEFAULT_HOME } from '../../core/constants';

/**
 * Where to go after login: the redirect query (a full in-app path) or the default home.
 * Only same-origin paths are followed, so a crafted link cannot send a fresh session elsewhere.
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return DEFAULT_HOME;
  // back to the login page would be a loop
  if (/^\/user\/login(?:[/?#]|$)/.test(redirect)) return DEFAULT_HOME;
  return redirect;
}
