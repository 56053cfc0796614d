import { HTTPError, TimeoutError } from 'ky';

/**
 * The text to show for a failed call: the server's envelope message when there is one
 * (business failures and HTTP errors alike), else a plain fallback. Never a stack or a URL.
 */
export async function errorText(e: unknown, fallback = '操作失败，请稍后重试'): Promise<string> {
  if (e instanceof TimeoutError) return '网络超时';
  if (e instanceof HTTPError) {
    try {
      const body = (await e.response.clone().json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON: fall through
    }
    return fallback;
  }
  if (e instanceof TypeError) return '网络异常，请检查网络连接';
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
