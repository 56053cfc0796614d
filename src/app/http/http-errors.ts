import { Modal } from 'antd';
import { LOGOUT_RELOAD_DELAY_MS, STORAGE_KEYS } from '../../core/constants';
import { t } from '../i18n/i18n';
import { storage } from '../storage';
import { CODE, TOKEN_EXPIRED, type Envelope } from '../../core/wire';
import { sessionHooks } from './client';
import { notices } from './notices';

async function readMessage(response: Response): Promise<string> {
  try {
    // a 500 may arrive as a blob (downloads): read it as text, then as the envelope
    const text = await response.clone().text();
    return (JSON.parse(text) as Envelope).message ?? '';
  } catch {
    return '';
  }
}

/**
 * Set once the server has said the session is over: the calls still in flight then fail quietly,
 * so the user reads one notice, not one per call.
 */
let signingOut = false;

/**
 * The server no longer knows the token, so there is nothing to log out there (a /sys/logout would
 * only answer 401 again): the session ends in this browser and the page reloads, which the guard
 * turns into the login page. Ending it only then keeps the user on the page while the notice is read.
 */
function endSessionAndReload(delayMs = 0): void {
  signingOut = true;
  setTimeout(() => {
    sessionHooks.endSession();
    window.location.reload();
  }, delayMs);
}

/** the HTTP-status part of the error catalogue; business failures are the caller's */
export async function reportHttpError(response: Response): Promise<void> {
  const hasToken = Boolean(storage.get(STORAGE_KEYS.accessToken));
  const msg = await readMessage(response);
  if (signingOut && (response.status === CODE.unauthorized || msg.includes(TOKEN_EXPIRED))) return;
  switch (response.status) {
    case 403:
      notices.error(t('http.notice'), t('http.forbidden'));
      break;
    case CODE.failure:
      if (msg.includes(TOKEN_EXPIRED) && hasToken) {
        // one dialog, whatever else was in flight
        signingOut = true;
        Modal.error({
          title: t('http.expiredTitle'),
          content: t('http.expired'),
          okText: t('http.signInAgain'),
          mask: { closable: false },
          onOk: () => endSessionAndReload(),
        });
      } else notices.error(t('http.notice'), msg || t('http.serverError'));
      break;
    case CODE.notFound:
      notices.error(t('http.notice'), t('http.notFound'));
      break;
    case 504:
      notices.error(t('http.notice'), t('http.timeout'));
      break;
    case CODE.unauthorized:
      notices.error(t('http.notice'), t('http.unauthorized'));
      // the login page 1500 ms later, so the notice is seen on the page it is about
      if (hasToken) endSessionAndReload(LOGOUT_RELOAD_DELAY_MS);
      break;
    default:
      notices.error(t('http.notice'), msg || t('http.failed', { status: response.status }));
  }
}
