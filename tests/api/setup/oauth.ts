import { inject } from 'vitest';
import { apiUrl } from './client';

/**
 * A browser going through a redirect-based sign-in by hand: each hop's status, where it points and
 * the cookie the server set (the OAuth state cookie), with the request headers the caller chooses.
 */
export interface Hop {
  status: number;
  location: URL;
  cookie: string;
}

export async function hop(url: string, cookie = '', headers: Record<string, string> = {}): Promise<Hop> {
  const res = await fetch(url, {
    redirect: 'manual',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
  const set = res.headers.get('set-cookie');
  return {
    status: res.status,
    location: new URL(res.headers.get('location') ?? '/', new URL(apiUrl()).origin),
    cookie: set ? set.split(';')[0] : cookie,
  };
}

/**
 * Starts a sign-in at an API path (…/render/github, /visitor/oauth/authorize), signs in at the
 * OAuth2 fixture as `who` and follows the provider back: where the server finally sends the browser.
 * Without the cookie, the callback comes as from another browser.
 */
export async function oauthRound(
  start: string,
  who: string,
  opts: { cookie?: boolean; headers?: Record<string, string> } = {},
): Promise<URL> {
  const headers = opts.headers ?? {};
  const first = await hop(`${apiUrl()}${start}`, '', headers);
  if (first.status !== 302 || first.location.origin !== inject('oauthUrl'))
    throw new Error(`${start} did not send the browser to the provider (HTTP ${first.status})`);
  const authorize = new URL(first.location);
  authorize.searchParams.set('login_as', who);
  const provider = await hop(authorize.toString());
  if (provider.status !== 302) throw new Error(`the provider answered HTTP ${provider.status}`);
  const back = await hop(provider.location.toString(), opts.cookie === false ? '' : first.cookie, headers);
  if (back.status !== 302) throw new Error(`the callback answered HTTP ${back.status}`);
  return back.location;
}
