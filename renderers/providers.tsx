import { createContext, use, type ReactNode } from 'react';
import type { Grants } from '../src/core/permission';
import type { Envelope } from '../src/core/wire';

/**
 * What renderers need of the app around them, as small interfaces the app implements (README.md,
 * Architecture): renderers never import src/app, so the app can change its
 * HTTP client, notices or session store without touching them, and a test can hand them fakes.
 */

export type Params = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  signal?: AbortSignal;
}

/** how far a download is */
export interface DownloadProgress {
  /** bytes received so far */
  bytes: number;
  /** the answer's length, where it has one (a streamed answer has none) */
  totalBytes?: number;
}

export interface DownloadOptions extends CallOptions {
  /** the answer's headers, once they arrive (before its first byte is taken) */
  onHeaders?: (headers: Headers) => void;
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * The server. A call answers the wire envelope (a business refusal is success:false with the
 * server's message, for the caller to tell); an HTTP failure throws HttpFailure once the app has
 * shown its notice, a cancelled call throws an AbortError.
 */
export interface DataProvider {
  get<T = unknown>(url: string, params?: Params, options?: CallOptions): Promise<Envelope<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  delete<T = unknown>(url: string, params?: Params, options?: CallOptions): Promise<Envelope<T>>;
  /** multipart upload with progress in percent */
  upload<T = unknown>(
    url: string,
    form: FormData,
    onProgress?: (percent: number) => void,
  ): Promise<Envelope<T>>;
  /** saves the answer as a file; a JSON answer instead of a file throws its message */
  download(url: string, params: Params, fileName: string, options?: DownloadOptions): Promise<void>;
  /** a stored upload as an address an <img> can show (uploads are read with the session); undefined when unreadable */
  fileUrl(path: string): Promise<string | undefined>;
}

/** an HTTP failure (401, 403, 404, 500, 504 ...) the app has already shown to the user */
export class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpFailure';
  }
}

/** the global notices of the error catalogue */
export interface NoticeProvider {
  success(text: string): void;
  warning(text: string): void;
  error(title: string, description?: string): void;
}

/** a menu entry as renderers read it: where it leads and what it holds */
export interface MenuEntry {
  path: string;
  children?: readonly MenuEntry[];
}

/** the signed-in user's grants and menu; a new value whenever they change */
export interface SessionProvider {
  grants: Grants;
  menu: readonly MenuEntry[];
  /** reads the menu and grants again (after an administrator changed permissions) */
  reloadPermissions(): Promise<unknown>;
  /** the address of a server socket below the API base, with the session's token; null when signed out */
  socketUrl(path: string): string | null;
}

/** the browser's local storage with an expiry (dictionaries are kept 7 days) */
export interface StorageProvider {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T): void;
}

export interface Providers {
  data: DataProvider;
  notices: NoticeProvider;
  session: SessionProvider;
  storage: StorageProvider;
}

const ProvidersContext = createContext<Providers | null>(null);

/** the providers the root gave last: for the module-level helpers outside React (caches, preloads) */
let bound: Providers | null = null;

/** binds the providers for module-level helpers; RendererProviders does it as it renders */
export function bindProviders(value: Providers): void {
  bound = value;
}

/** the app gives its providers once, at its root */
export function RendererProviders({ value, children }: { value: Providers; children: ReactNode }) {
  bindProviders(value);
  return <ProvidersContext value={value}>{children}</ProvidersContext>;
}

/** for helpers that run outside components (dictionary cache, document preload, report helpers) */
export function providers(): Providers {
  if (!bound) throw new Error('renderers need RendererProviders at the root of the app');
  return bound;
}

function useProviders(): Providers {
  const value = use(ProvidersContext);
  if (!value) throw new Error('renderers need RendererProviders at the root of the app');
  return value;
}

export const useData = (): DataProvider => useProviders().data;
export const useNotices = (): NoticeProvider => useProviders().notices;
export const useSession = (): SessionProvider => useProviders().session;
