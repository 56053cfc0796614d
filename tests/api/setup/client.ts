import { inject } from 'vitest';

export interface Envelope<T = any> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

let apiUrlOverride: string | undefined;

/** the server this test file talks to: the suite's, unless a file starts its own (the access matrix) */
export const apiUrl = () => apiUrlOverride ?? inject('apiUrl');

/** points every helper of this test file (each file has its own module instance) at another server */
export function useApiUrl(url: string): void {
  apiUrlOverride = url;
}

type Query = Record<string, string | number | undefined>;

function url(p: string, query?: Query): string {
  const u = new URL(apiUrl() + p);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
  return u.toString();
}

/** one HTTP call to the real server; the envelope and the HTTP status */
export async function call<T = any>(
  method: string,
  p: string,
  opts: {
    token?: string;
    query?: Query;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['X-Access-Token'] = opts.token;
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url(p, opts.query), { method, headers, body });
  const text = await res.text();
  let json: Envelope<T>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, json };
}

export const get = <T = any>(p: string, token?: string, query?: Query) => call<T>('GET', p, { token, query });
export const post = <T = any>(p: string, body: unknown, token?: string) =>
  call<T>('POST', p, { token, body });
export const put = <T = any>(p: string, body: unknown, token?: string) => call<T>('PUT', p, { token, body });
export const del = <T = any>(p: string, token?: string, query?: Query) =>
  call<T>('DELETE', p, { token, query });

export async function login(username: string, password: string): Promise<string> {
  const { json } = await post('/sys/login', { username, password });
  if (!json.success) throw new Error(`login ${username} failed: ${json.message}`);
  return json.result.token;
}

export const adminToken = () => login('admin', inject('adminPassword'));

/** the code the local SMS receiver last got for a number */
export async function lastSms(mobile: string): Promise<{ code: string; mode: string; count: number } | null> {
  const res = await fetch(`${inject('smsUrl')}/?mobile=${mobile}`);
  return res.json();
}

/** a unique suffix per test run, so tests never depend on each other's rows */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** raw fetch with the token, for downloads and uploads */
export async function fetchRaw(
  p: string,
  token: string,
  init: RequestInit = {},
  query?: Query,
): Promise<Response> {
  return fetch(url(p, query), {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'X-Access-Token': token },
  });
}
