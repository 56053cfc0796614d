import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { BIND_SESSION } from '../../src/core/wire';
import { startOwnServer } from './setup/own-server';
import { apiUrl, lastSms } from './setup/client';
import { mobile } from './setup/visitors';

/**
 * The browser protections on every answer (src/server/http/security-headers.ts) and a browser's
 * session bound to it by an HttpOnly cookie (src/server/auth/binding.ts), on a server of this
 * file's own that serves a small built app: pages with inline scripts, and an asset.
 */

let server: Server;
let origin = '';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-headers-'));
const web = path.join(root, 'web');
const INDEX_SCRIPT = "document.documentElement.classList.add('login-shell')";
const PHONE_SCRIPT = "(function(){document.title='phone'})()";
const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

beforeAll(async () => {
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  const page = (inline: string) =>
    `<!doctype html><html><head><script>${inline}</script></head><body><div id="root"></div>` +
    '<script type="module" src="/assets/main.js"></script></body></html>';
  fs.writeFileSync(path.join(web, 'index.html'), page(INDEX_SCRIPT));
  fs.writeFileSync(path.join(web, 'phone.html'), page(PHONE_SCRIPT));
  fs.writeFileSync(path.join(web, 'assets', 'main.js'), 'export {};\n');
  // as behind a proxy that ends TLS: the cookie is Secure exactly when the browser's request was https
  server = await startOwnServer(path.join(root, 'data'), { WEB_DIR: web, TRUST_PROXY: '1' });
  origin = new URL(apiUrl()).origin;
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function fetchFrom(p: string, init: RequestInit = {}) {
  return fetch(`${origin}${p}`, init);
}

function expectProtections(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
  expect(directives['script-src']).toEqual(["'self'", sha(INDEX_SCRIPT), sha(PHONE_SCRIPT)]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(directives['form-action']).toEqual(["'self'"]);
  expect(directives['connect-src']).toEqual(["'self'"]);
  expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

async function signIn(headers: Record<string, string> = {}) {
  const res = await fetchFrom('/api/sys/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
  });
  const body = (await res.json()) as { success: boolean; result: { token: string } };
  expect(body.success).toBe(true);
  return { token: body.result.token, setCookie: res.headers.get('set-cookie') };
}

/** the name=value of a Set-Cookie, as a browser sends it back */
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0];

const asUser = (token: string, cookie?: string) =>
  fetchFrom('/api/sys/permission/getUserPermissionByToken', {
    headers: { 'X-Access-Token': token, ...(cookie ? { cookie } : {}) },
  });

describe('browser protections on every answer', () => {
  it('a page (the console and the phone area), with its inline scripts allowed by their hashes only', async () => {
    for (const p of ['/user/login', '/phone/activityList']) {
      const res = await fetchFrom(p);
      expect(res.status).toBe(200);
      expectProtections(res);
    }
  });

  it('an asset', async () => {
    const res = await fetchFrom('/assets/main.js');
    expect(res.status).toBe(200);
    expectProtections(res);
  });

  it('an API answer without a session may be kept; one made for a session is never stored', async () => {
    const open = await fetchFrom('/api/public/platform');
    expectProtections(open);
    expect(open.headers.get('cache-control') ?? '').not.toContain('no-store');

    const refused = await asUser('no-such-token');
    expect(refused.status).toBe(401);
    expectProtections(refused);

    const { token } = await signIn();
    const res = await asUser(token);
    expect(res.status).toBe(200);
    expectProtections(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a browser’s session is bound to that browser', () => {
  it('a sign-in that asks gets an HttpOnly, SameSite=Strict cookie for the API, Secure over https', async () => {
    const { setCookie } = await signIn(BIND_SESSION);
    expect(setCookie).toMatch(
      /^console_binding=[\w-]{43}; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const https = await signIn({ ...BIND_SESSION, 'X-Forwarded-Proto': 'https' });
    expect(https.setCookie).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('its token is refused without that cookie or with another, like an invalid token', async () => {
    const { token, setCookie } = await signIn(BIND_SESSION);
    const other = await signIn(BIND_SESSION);
    const invalid = await (await asUser('no-such-token')).json();
    for (const cookie of [undefined, cookieOf(other.setCookie), 'console_binding=forged']) {
      const res = await asUser(token, cookie);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, message: invalid.message });
    }
    expect((await asUser(token, cookieOf(setCookie))).status).toBe(200);
    // refused attempts neither ended nor hurt the session
    expect((await asUser(token, `theme=dark; ${cookieOf(setCookie)}`)).status).toBe(200);
  });

  it('a sign-in that does not ask (a script, these tests) works with the token alone, and sets no cookie', async () => {
    const { token, setCookie } = await signIn();
    expect(setCookie).toBeNull();
    expect((await asUser(token)).status).toBe(200);
  });

  it('logout clears the cookie', async () => {
    const { token, setCookie } = await signIn(BIND_SESSION);
    const res = await fetchFrom('/api/sys/logout', {
      method: 'POST',
      headers: { 'X-Access-Token': token, cookie: cookieOf(setCookie) },
    });
    expect((await res.json()).success).toBe(true);
    expect(res.headers.get('set-cookie')).toMatch(/^console_binding=; Path=\/api; Max-Age=0; HttpOnly/);
  });

  it('a phone visitor’s sign-in binds its session with a cookie of its own', async () => {
    const m = mobile();
    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetchFrom(`/api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await (await post('/visitor/sms', { mobile: m })).json()).success).toBe(true);
    const captcha = (await lastSms(m))!.code;
    const login = await post('/visitor/login', { mobile: m, captcha }, BIND_SESSION);
    const token = (await login.json()).result.token as string;
    const cookie = cookieOf(login.headers.get('set-cookie'));
    expect(cookie).toMatch(/^visitor_binding=/);
    const me = (c?: string) =>
      fetchFrom('/api/visitor/me', { headers: { 'X-Access-Token': token, ...(c ? { cookie: c } : {}) } });
    expect((await me()).status).toBe(401);
    const mine = await me(cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const out = await post('/visitor/logout', {}, { 'X-Access-Token': token, cookie });
    expect(out.headers.get('set-cookie')).toMatch(/^visitor_binding=; Path=\/api; Max-Age=0/);
  });
});
