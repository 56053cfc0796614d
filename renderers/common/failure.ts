import { CODE, type Envelope } from '../../src/core/wire';
import { HttpFailure, providers } from '../providers';
import { t } from './messages';

/** a business failure of a read (list, document): permission answers warn, others are errors */
export function reportReadFailure(res: Pick<Envelope, 'code' | 'message'>): void {
  if (res.code === CODE.noPermission) providers().notices.warning(res.message);
  else providers().notices.error(t('notice'), res.message || t('readFailed'));
}

/**
 * HTTP errors were already reported by the http client's hook; anything else thrown (network down,
 * bad JSON) still deserves a notice.
 */
export function reportThrown(e: unknown): void {
  if (e instanceof HttpFailure) return;
  providers().notices.error(t('notice'), e instanceof Error ? e.message : String(e));
}

/**
 * Runs a write call (save, delete) and tells its outcome: success notices the server's message (or
 * `done`), a refusal warns with it. True when it succeeded.
 */
export async function reportWrite(
  call: Promise<Pick<Envelope, 'success' | 'message'>>,
  done = t('done'),
): Promise<boolean> {
  try {
    const res = await call;
    if (res.success) providers().notices.success(res.message || done);
    else providers().notices.warning(res.message || t('failed'));
    return res.success;
  } catch (e) {
    reportThrown(e);
    return false;
  }
}
