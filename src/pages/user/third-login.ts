import { useEffect, useState } from 'react';
import { getAction, postAction } from '../../app/http/client';
import { casLogin, LoginRefused, thirdLogin } from '../../app/stores/session';
import { t } from '../../app/i18n/i18n';

/** an identity the server could not sign in yet: bound to the user of the next password login */
const BIND_KEY = 'THIRD_BIND_TICKET';

export interface ThirdProviders {
  oauth: { type: string; title: string }[];
  cas: { loginUrl: string } | null;
}

/** the login page's own address: the CAS service its tickets are issued for */
export const casService = () => `${location.origin}/user/login`;

/**
 * What the third-party sign-in left in the login page's address: a one-time token to sign in with
 * (OAuth2 callback), a CAS service ticket, or an unbound identity's bind ticket and message. Runs
 * the sign-in; `message` tells the user why it did not happen.
 */
export async function finishThirdLogin(
  query: URLSearchParams,
): Promise<{ signedIn: boolean; message: string }> {
  const token = query.get('thirdLoginToken');
  const type = query.get('thirdType') ?? '';
  const ticket = query.get('ticket');
  const bind = query.get('thirdBind');
  try {
    if (token) {
      await thirdLogin(token, type);
      return { signedIn: true, message: '' };
    }
    if (ticket) {
      await casLogin(ticket, casService());
      return { signedIn: true, message: '' };
    }
  } catch (e) {
    const bindTicket = e instanceof LoginRefused && (e.result as { bindTicket?: string } | null)?.bindTicket;
    if (bindTicket) sessionStorage.setItem(BIND_KEY, bindTicket);
    return { signedIn: false, message: e instanceof Error ? e.message : t('login.failed') };
  }
  if (bind) sessionStorage.setItem(BIND_KEY, bind);
  return { signedIn: false, message: query.get('thirdError') ?? '' };
}

/** after a password or phone login: binds the identity a third-party sign-in left waiting, if any */
export async function bindPendingIdentity(): Promise<string> {
  const ticket = sessionStorage.getItem(BIND_KEY);
  if (!ticket) return '';
  sessionStorage.removeItem(BIND_KEY);
  try {
    const res = await postAction('/sys/thirdLogin/bind', { ticket });
    return res.message;
  } catch {
    return '';
  }
}

/** the configured third-party sign-in methods (none: nothing is shown) */
export function useThirdProviders(): ThirdProviders | null {
  const [providers, setProviders] = useState<ThirdProviders | null>(null);
  useEffect(() => {
    getAction<ThirdProviders>('/sys/thirdLogin/providers').then(
      (r) => r.success && setProviders(r.result),
      () => undefined,
    );
  }, []);
  return providers;
}
