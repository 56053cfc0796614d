import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { Modal } from 'antd';
import { LOGOUT_RELOAD_DELAY_MS, REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '../../core/constants';
import { storage } from '../storage';
import { API_BASE } from './api-base';
import { notices } from './notices';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

type Params = Record<string, string | number | boolean | undefined | null>;

/** what the session store does when the server says the session is gone (set at start-up) */
export const sessionHooks = { logout: async () => {} };

const TOKEN_EXPIRED = 'Token失效';

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'X-platform': storage.get<string>(STORAGE_KEYS.sourceType) ?? 'Web' };
  const token = storage.get<string>(STORAGE_KEYS.accessToken);
  if (token) h['X-Access-Token'] = token;
  h['tenant-id'] = String(storage.get<string | number>(STORAGE_KEYS.tenantId) ?? 0);
  const company = storage.get<{ orgCompanyId?: string; sysCompanyId?: string }>(STORAGE_KEYS.companyInfos);
  if (company?.orgCompanyId) h.orgCompanyId = company.orgCompanyId;
  if (company?.sysCompanyId) h.sysCompanyId = company.sysCompanyId;
  return h;
}

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
        if (error instanceof HTTPError) await reportHttpError(error.response);
        return error;
      },
    ],
  },
});

function path(url: string): string {
  return url.replace(/^\//, '');
}

/** GETs carry _t (seconds) so no cache answers, except dictionary items (spec 7) */
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
  onProgress?: (percent: number) => void,
): Promise<void> {
  const response = await http.get(path(url), {
    searchParams: searchParams(url, params),
    timeout: false,
    onDownloadProgress: (p) => onProgress?.(Math.round(p.percent * 100)),
  });
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await response.json()) as Envelope;
    throw new Error(env.message || '文件下载失败');
  }
  const blob = await response.blob();
  if (!blob.size) throw new Error('文件下载失败');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

/** multipart upload with progress (import modal, file cells) */
export function uploadAction<T = unknown>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  return http
    .post(path(url), {
      body: form,
      timeout: false,
      onUploadProgress: (p) => onProgress?.(Math.round(p.percent * 100)),
    })
    .json<Envelope<T>>();
}

/**
 * Last response wins: each call aborts the one before, so a slow first search can never
 * overwrite a fast second one.
 */
export function latestOnly() {
  let current: AbortController | null = null;
  return <R>(run: (signal: AbortSignal) => Promise<R>): Promise<R> => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    return run(controller.signal);
  };
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}
