import { Modal } from 'antd';
import { LOGOUT_RELOAD_DELAY_MS, STORAGE_KEYS } from '../../core/constants';
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
      notices.error('系统提示', '拒绝访问');
      break;
    case CODE.failure:
      if (msg.includes(TOKEN_EXPIRED) && hasToken) {
        // one dialog, whatever else was in flight
        signingOut = true;
        Modal.error({
          title: '登录已过期',
          content: '很抱歉，登录已过期，请重新登录',
          okText: '重新登录',
          mask: { closable: false },
          onOk: () => endSessionAndReload(),
        });
      } else notices.error('系统提示', msg || '服务器错误');
      break;
    case CODE.notFound:
      notices.error('系统提示', '很抱歉，资源未找到!');
      break;
    case 504:
      notices.error('系统提示', '网络超时');
      break;
    case CODE.unauthorized:
      notices.error('系统提示', '未授权，请重新登录');
      // the login page 1500 ms later, so the notice is seen on the page it is about
      if (hasToken) endSessionAndReload(LOGOUT_RELOAD_DELAY_MS);
      break;
    default:
      notices.error('系统提示', msg || `请求失败（${response.status}）`);
  }
}
