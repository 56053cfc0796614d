import { Modal } from 'antd';
import { uploadFolder } from '../../src/core/document/model';
import type { FieldDoc } from '../../src/core/document/types';
import { uploadLimit } from '../../src/core/fields/families';
import { fileKind, UPLOAD_TYPES_TEXT } from '../../src/core/upload-types';
import { providers } from '../providers';
import { uploads } from '../server/system';
import { t } from './messages';

/** an upload response item (POST /file/upload) */
export interface FileObject {
  file_id: string;
  fileName: string;
  srcFileName: string;
  filePath: string;
  url: string;
  type: string;
  size: number;
}

/** a field value's files: the comma list of their paths (or addresses) */
export function pathsOf(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').filter(Boolean) : [];
}

/** how many files the field keeps (0: unlimited); an image field without uploadnum keeps one */
export function limitOf(field: FieldDoc | undefined, fallback: number): number {
  return field ? uploadLimit(field, fallback) : fallback;
}

/**
 * The name a stored file is shown by: the upload keeps the uploader's name and adds `_<time><random>`
 * before the extension, which is taken off again here; a network address shows its last segment.
 */
export function shownName(p: string): string {
  const last =
    p
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() || p;
  return last.replace(/_\d{13}[0-9a-f]{6}(\.[A-Za-z0-9]+)$/, '$1');
}

/**
 * Sends one file to POST /file/upload, into the field's folder, and tells the outcome by the file's
 * name: '{name} 上传成功!'; a refusal by the server in the dialog 上传出错 with its message
 * (未知错误 when it gives none); a failed request '{name} 上传失败.'. A file of a type the field does
 * not take is refused before anything is sent. The stored file, or null; `onFailed` hears
 * why it is null (a grid's upload cell keeps the message "Upload cell").
 */
export async function sendFile(
  file: File,
  field: FieldDoc | undefined,
  exts: readonly string[] | undefined,
  onProgress?: (percent: number) => void,
  onFailed?: (message: string) => void,
): Promise<FileObject | null> {
  const { notices } = providers();
  const kind = fileKind(file.name);
  if (!kind || (exts && !exts.includes(kind.ext))) {
    // the refusal of a file of another type, naming the types the field takes
    const refusal = t('typeRefusal', { exts: exts ? exts.join(',') : UPLOAD_TYPES_TEXT });
    notices.warning(refusal);
    onFailed?.(refusal);
    return null;
  }
  const form = new FormData();
  form.append('biz', uploadFolder(field) ?? 'temp');
  form.append('file', file);
  try {
    const res = await uploads.files<FileObject[]>(form, onProgress);
    const stored = res.success ? res.result?.[0] : undefined;
    if (stored) {
      notices.success(t('uploadSucceeded', { name: file.name }));
      return stored;
    }
    const message = res.message || t('unknownError');
    Modal.error({ title: t('uploadError'), content: t('errorText', { message }) });
    onFailed?.(message);
  } catch {
    const failed = t('uploadFailed', { name: file.name });
    notices.error(failed);
    onFailed?.(failed);
  }
  return null;
}

/** downloads a stored file under its shown name (read with the session, as every upload is) */
export function download(p: string): void {
  if (/^https?:/.test(p)) {
    window.open(p, '_blank', 'noopener');
    return;
  }
  const { notices } = providers();
  uploads.download(p, shownName(p)).catch(() => notices.error(t('downloadFailed')));
}
