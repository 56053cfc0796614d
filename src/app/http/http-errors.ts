import { Modal } from 'antd';
import { LOGOUT_RELOAD_DELAY_MS, STORAGE_KEYS } from '../../core/constants';
import { storage } from '../storage';
import { sessionHooks, type Envelope } from './client';
import { notices } from './notices';

const TOKEN_EXPIRED = 'Token失效';

async function readMessage(response: Response): Promise<string> {
  try {
    // a 500 may arrive as a blob (downloads): read it as text, then as the envelope
    const text = await response.clone().text();
    return (JSON.parse(text) as Envelope).message ?? '';
  } catch {
    return '';
  }
}

function logoutAndReload(): void {
  void sessionHooks
    .logout()
    .finally(() => setTimeout(() => window.location.reload(), LOGOUT_RELOAD_DELAY_MS));
}

/** the HTTP-status part of the error catalogue (spec 8); business failures are the caller's */
export async function reportHttpError(response: Response): Promise<void> {
  const hasToken = Boolean(storage.get(STORAGE_KEYS.accessToken));
  const msg = await readMessage(response);
  switch (response.status) {
    case 403:
      notices.error('系统提示', '拒绝访问');
      break;
    case 500:
      if (msg.includes(TOKEN_EXPIRED) && hasToken) {
        Modal.error({
          title: '登录已过期',
          content: '很抱歉，登录已过期，请重新登录',
          okText: '重新登录',
          mask: { closable: false },
          onOk: () => logoutAndReload(),
        });
      } else notices.error('系统提示', msg || '服务器错误');
      break;
    case 404:
      notices.error('系统提示', '很抱歉，资源未找到!');
      break;
    case 504:
      notices.error('系统提示', '网络超时');
      break;
    case 401:
      notices.error('系统提示', '未授权，请重新登录');
      if (hasToken) logoutAndReload();
      break;
    default:
      notices.error('系统提示', msg || `请求失败（${response.status}）`);
  }
}
