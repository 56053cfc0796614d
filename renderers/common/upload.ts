import { providers } from '../providers';
import { reportThrown } from './failure';
import { uploads } from '../server/system';
import { t } from './messages';

/**
 * Sends one file to /sys/common/upload into a business folder (the default upload action)
 * and tells the outcome: '{name} 上传成功!', or the server's refusal. The stored path (`<biz>/<name>`,
 * the envelope's message), or null when it failed.
 */
export async function uploadFile(
  file: File,
  biz: string,
  onProgress?: (percent: number) => void,
): Promise<string | null> {
  const form = new FormData();
  form.append('biz', biz);
  form.append('file', file);
  const { notices } = providers();
  try {
    const res = await uploads.common(form, onProgress);
    if (res.success) {
      notices.success(t('uploaded', { name: file.name }));
      return res.message;
    }
    notices.warning(res.message);
  } catch (e) {
    reportThrown(e);
  }
  return null;
}
