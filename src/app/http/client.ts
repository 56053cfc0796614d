import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '../../core/constants';
import { CODE, type Envelope } from '../../core/wire';
import { i18n, t } from '../i18n/i18n';
import { storage } from '../storage';
import { API_BASE } from './api-base';
import type { DownloadOptions } from '../../../renderers/providers';

type Params = Record<string, string | number | boolean | undefined | null>;

/** what the session store does when the server says the session is gone (set at start-up) */
export const sessionHooks = { endSession: () => {} };

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'X-platform': storage.get<string>(STORAGE_KEYS.sourceType) ?? 'Web' };
  const token = storage.get<string>(STORAGE_KEYS.accessToken);
  if (token) h['X-Access-Token'] = token;
  h['tenant-id'] = String(storage.get<string | number>(STORAGE_KEYS.tenantId) ?? 0);
  const company = storage.get<{ orgCompanyId?: string; sysCompanyId?: string }>(STORAGE_KEYS.companyInfos);
  if (company?.orgCompanyId) h.orgCompanyId = company.orgCompanyId;
  if (company?.sysCompanyId) h.sysCompanyId = company.sysCompanyId;
  // the documents come back in the console's language (src/server/http/locale.ts)
  h['Accept-Language'] = i18n.locale;
  return h;
}

export const http: KyInstance = ky.create({
  prefixUrl: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: true,
  hooks: {
    beforeRequest: [
      (request) => {
        for (const [k, v] of Object.entries(headers())) request.headers.set(k, v);
      },
    ],
    beforeError: [
      async (error) => {
        // the error catalogue (and the antd pieces it shows) loads with the first failure
        if (error instanceof HTTPError) await (await import('./http-errors')).reportHttpError(error.response);
        return error;
      },
    ],
  },
});

function path(url: string): string {
  return url.replace(/^\//, '');
}

/** GETs carry _t (seconds) so no cache answers, except dictionary items */
function searchParams(url: string, params?: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) out[k] = String(v);
  if (!url.includes('/sys/dict/getDictItems')) out._t = String(Math.floor(Date.now() / 1000));
  return out;
}

export function getAction<T = unknown>(
  url: string,
  params?: Params,
  options: Options = {},
): Promise<Envelope<T>> {
  return http.get(path(url), { ...options, searchParams: searchParams(url, params) }).json<Envelope<T>>();
}

export function postAction<T = unknown>(
  url: string,
  body?: unknown,
  options: Options = {},
): Promise<Envelope<T>> {
  return http.post(path(url), { ...options, json: body ?? {} }).json<Envelope<T>>();
}

export function putAction<T = unknown>(
  url: string,
  body?: unknown,
  options: Options = {},
): Promise<Envelope<T>> {
  return http.put(path(url), { ...options, json: body ?? {} }).json<Envelope<T>>();
}

export function deleteAction<T = unknown>(
  url: string,
  params?: Params,
  options: Options = {},
): Promise<Envelope<T>> {
  return http.delete(path(url), { ...options, searchParams: searchParams(url, params) }).json<Envelope<T>>();
}

/** downloads a file (export); a JSON answer instead of a file is a failure whose message is thrown */
export async function downloadFile(
  url: string,
  params: Params,
  fileName: string,
  options: DownloadOptions = {},
): Promise<void> {
  const { onHeaders, onProgress, signal } = options;
  const response = await http.get(path(url), {
    searchParams: searchParams(url, params),
    timeout: false,
    signal,
    // ky reports a total of 0 when the answer has no length (a streamed export)
    onDownloadProgress: (p) =>
      onProgress?.({ bytes: p.transferredBytes, ...(p.totalBytes ? { totalBytes: p.totalBytes } : {}) }),
  });
  onHeaders?.(response.headers);
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await response.json()) as Envelope;
    throw new Error(env.message || t('http.downloadFailed'));
  }
  const blob = await response.blob();
  if (!blob.size) throw new Error(t('http.downloadFailed'));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

/** an HTTP failure outside ky (uploads): reported like ky's, and marked as already reported */
export class UploadHttpError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

/**
 * Multipart upload with progress (import modal, file cells). XMLHttpRequest, because fetch reports
 * upload progress only by streaming the body, which Chromium refuses over HTTP/1.1.
 */
export function uploadAction<T = unknown>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/${path(url)}`);
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Envelope<T>);
        } catch (e) {
          reject(e);
        }
        return;
      }
      const response = new Response(xhr.responseText, { status: xhr.status });
      void import('./http-errors')
        .then((m) => m.reportHttpError(response))
        .finally(() => reject(new UploadHttpError(response)));
    };
    xhr.onerror = () => reject(new TypeError(t('http.offline')));
    xhr.send(form);
  });
}

/** the server no longer knows the session: the error catalogue signs out, callers need not */
export function isUnauthorized(e: unknown): boolean {
  return e instanceof HTTPError && e.response.status === CODE.unauthorized;
}
