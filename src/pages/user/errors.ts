import { HTTPError, TimeoutError } from 'ky';
import { t } from '../../app/i18n/i18n';

/**
 * The text to show for a failed call: the server's envelope message when there is one
 * (business failures and HTTP errors alike), else a plain fallback. Never a stack or a URL.
 */
export async function errorText(e: unknown, fallback = t('user.failed')): Promise<string> {
  if (e instanceof TimeoutError) return t('http.timeout');
  if (e instanceof HTTPError) {
    try {
      const body = (await e.response.clone().json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON: fall through
    }
    return fallback;
  }
  if (e instanceof TypeError) return t('http.offline');
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
