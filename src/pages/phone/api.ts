import { useCallback, useEffect, useState } from 'react';
import { API_BASE } from '../../app/http/api-base';
import { CODE, type Envelope } from '../../core/wire';
import { visitorToken, forgetVisitor } from './visitor';
import { t } from './i18n/i18n';

/** an answer the page shows as it is: the server's message (Chinese) or a network failure */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number = CODE.failure,
  ) {
    super(message);
  }
}

/**
 * One call of the API with the visitor's token. A business failure throws its message; an ended
 * session (401) forgets the token, so the page asks the visitor to sign in again.
 */
export async function api<T>(
  path: string,
  body?: unknown,
  /** a sign-in's BIND_SESSION (src/core/wire.ts) */
  headers: Record<string, string> = {},
): Promise<{ result: T; message: string }> {
  const token = visitorToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...headers,
        ...(token ? { 'X-Access-Token': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(t('phone.networkFailed'));
  }
  if (res.status === CODE.unauthorized) {
    forgetVisitor();
    throw new ApiError(t('phone.sessionEnded'), CODE.unauthorized);
  }
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(t('phone.unavailable', { status: res.status }));
  }
  if (!env.success) throw new ApiError(env.message || t('phone.failed'), env.code);
  return { result: env.result, message: env.message };
}

export interface Remote<T> {
  data?: T;
  error: string;
  loading: boolean;
  reload: () => void;
}

/** a GET whose answer a page shows; loads again when the path changes or on reload() */
export function useRemote<T>(path: string | null): Remote<T> {
  const [state, setState] = useState<{ data?: T; error: string; loading: boolean }>({
    error: '',
    loading: Boolean(path),
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: '' }));
    api<T>(path).then(
      (r) => live && setState({ data: r.result, error: '', loading: false }),
      (e: Error) => live && setState((s) => ({ ...s, error: e.message, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
