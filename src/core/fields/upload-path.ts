import { fileKind } from '../upload-types';

/**
 * A path as the upload route answers it: `<biz>/<name>`, the folder of letters, digits, - and _,
 * the name of letters, digits, - and _ with an allowed extension. No separator, dot segment or
 * scheme can appear, so such a path never leaves the upload root.
 */
const UPLOAD_PATH = /^[A-Za-z0-9_-]{1,32}\/[\p{L}\p{N}_-]{1,200}\.[A-Za-z0-9]{1,8}$/u;
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** a path the upload route could have answered, of one of the given extensions (default: any allowed) */
export function isUploadPath(text: string, exts?: readonly string[]): boolean {
  if (!UPLOAD_PATH.test(text)) return false;
  const kind = fileKind(text);
  return Boolean(kind) && (!exts || exts.includes(kind!.ext));
}

/** a network address: http or https, nothing else (no javascript:, data: or file:) */
export function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text);
}
