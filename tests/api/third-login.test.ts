import http from 'node:http';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { adminToken, apiUrl, call, uniq } from './setup/client';
import { loadConfig } from '../../src/server/config';
import { identityEnv } from './setup/identity-fixtures';
import { address, from } from './setup/visitors';
import { hop, oauthRound } from './setup/oauth';
import { createUser, PASSWORD, type TestUser } from './setup/access';
import { login } from './setup/client';

/**
 * Third-party sign-in for staff (thirdLogin, CAS validateLogin) and the visitors' wxauth,
 * against real HTTP fixtures of an OAuth2 provider and a CAS server on localhost
 * (setup/identity-fixtures.ts). Redirects are followed by hand, as a browser would, carrying the
 * state cookie the server sets.
 */

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

/** each test signs in from an address of its own, so the per-address limits count it alone */
let headers: Record<string, string> = {};
beforeEach(() => {
  headers = from(address());
});
const get = (p: string, token?: string, query?: Record<string, string | number | undefined>) =>
  call('GET', p, { token, query, headers });
const post = (p: string, body: unknown, token?: string) => call('POST', p, { token, body, headers });

const origin = () => new URL(apiUrl()).origin;
const api = (p: string) => `${apiUrl()}${p}`;

/**
 * A GET that names another site as its Host (fetch cannot: it always sends the real one): the
 * status, the redirect's target and the body.
 */
function getAs(host: string, p: string, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; location: URL | null; body: string }>((resolve, reject) => {
    const req = http.get(api(p), { headers: { ...headers, ...extra, host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ? new URL(res.headers.location) : null,
          body,
        }),
      );
    });
    req.on('error', reject);
  });
}

const round = (start: string, who: string, opts: { cookie?: boolean } = {}) =>
  oauthRound(start, who, { ...opts, headers });
const hopHere = (url: string, cookie = '') => hop(url, cookie, headers);

async function bind(userId: string, thirdType: string, thirdUserUuid: string) {
  const r = await post('/sys/thirdAccount/add', { userId, thirdType, thirdUserUuid }, admin);
  expect(r.json.success).toBe(true);
}

async function userCount(): Promise<number> {
  return (await get('/sys/user/list', admin, { pageSize: 1 })).json.result.total;
}

describe('OAuth2 third-party sign-in for staff', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(admin);
  });

  it('a bound identity signs in as its user through getLoginUser/{token}/{thirdType}, once', async () => {
    const who = `octo-${uniq()}`;
    await bind(user.id, 'github', who);
    const back = await round('/sys/thirdLogin/render/github', who);
    expect(back.pathname).toBe('/user/login');
    expect(back.searchParams.get('thirdType')).toBe('github');
    const token = back.searchParams.get('thirdLoginToken')!;
    expect(token).toMatch(/^[\w-]{20,}$/);
    const res = await get(`/sys/thirdLogin/getLoginUser/${token}/github`);
    expect(res.json).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(res.json.result.userInfo.username).toBe(user.username);
    expect(res.json.result.userInfo.password).toBeUndefined();
    const session = res.json.result.token as string;
    expect((await get('/sys/permission/getUserPermissionByToken', session)).json.success).toBe(true);
    const replay = await get(`/sys/thirdLogin/getLoginUser/${token}/github`);
    expect(replay.json).toMatchObject({ success: false, message: '第三方登录凭证无效或已过期，请重新登录' });
  });

  it('an unbound identity gets a clear message and no account; a password login then binds it', async () => {
    const who = `stranger-${uniq()}`;
    const before = await userCount();
    const back = await round('/sys/thirdLogin/render/github', who);
    expect(back.searchParams.get('thirdLoginToken')).toBeNull();
    expect(back.searchParams.get('thirdError')).toContain('尚未绑定系统用户');
    const ticket = back.searchParams.get('thirdBind')!;
    expect(await userCount()).toBe(before);
    // the ticket is no sign-in of its own
    expect((await get(`/sys/thirdLogin/getLoginUser/${ticket}/github`)).json.success).toBe(false);
    const owner = await createUser(admin);
    const session = await login(owner.username, PASSWORD);
    const bound = await post('/sys/thirdLogin/bind', { ticket }, session);
    expect(bound.json).toMatchObject({ success: true, message: '绑定成功' });
    expect((await post('/sys/thirdLogin/bind', { ticket }, session)).json.success).toBe(false);
    const again = await round('/sys/thirdLogin/render/github', who);
    const res = await get(`/sys/thirdLogin/getLoginUser/${again.searchParams.get('thirdLoginToken')}/github`);
    expect(res.json.result.userInfo.username).toBe(owner.username);
  });

  it('refuses a callback without the browser cookie, with a forged state or code, and forged tokens', async () => {
    const who = `octo-${uniq()}`;
    await bind(user.id, 'github', who);
    const noCookie = await round('/sys/thirdLogin/render/github', who, { cookie: false });
    expect(noCookie.searchParams.get('thirdError')).toBe('登录请求已失效，请重新发起第三方登录');
    const forgedState = await hopHere(
      api('/sys/thirdLogin/github/callback?code=abc&state=AAAAAAAAAAAAAAAAAAAAAAAA'),
      'museum_oauth_state=AAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(forgedState.location.searchParams.get('thirdError')).toBe('登录请求已失效，请重新发起第三方登录');
    // a real state with a code the provider never issued
    const first = await hopHere(api('/sys/thirdLogin/render/github'));
    const state = first.location.searchParams.get('state')!;
    const forgedCode = await hopHere(
      api(`/sys/thirdLogin/github/callback?code=forged&state=${state}`),
      first.cookie,
    );
    expect(forgedCode.location.searchParams.get('thirdError')).toMatch(/^第三方登录失败/);
    for (const token of ['x'.repeat(30), 'forged-token-forged-token-forged'])
      expect((await get(`/sys/thirdLogin/getLoginUser/${token}/github`)).json).toMatchObject({
        success: false,
      });
    // a valid token presented under another thirdType is refused (and used up)
    const ok = await round('/sys/thirdLogin/render/github', who);
    const wrongType = await get(
      `/sys/thirdLogin/getLoginUser/${ok.searchParams.get('thirdLoginToken')}/dingtalk`,
    );
    expect(wrongType.json.success).toBe(false);
    const unknown = await get('/sys/thirdLogin/render/dingtalk');
    expect(unknown.json).toMatchObject({ success: false, message: '不支持的第三方登录方式' });
  });

  it('lists the configured providers for the login page', async () => {
    const r = await get('/sys/thirdLogin/providers');
    expect(r.json.result.oauth).toEqual([{ type: 'github', title: '第三方登录' }]);
    expect(r.json.result.cas.loginUrl).toBe(
      `${inject('casUrl')}/login?service=${encodeURIComponent(`${origin()}/user/login`)}`,
    );
  });
});

describe('CAS single sign-on', () => {
  const service = () => `${origin()}/user/login`;
  const casTicket = async (user: string, forService = service()) => {
    const res = await fetch(`${inject('casUrl')}/tickets`, {
      method: 'POST',
      body: JSON.stringify({ user, service: forService }),
    });
    return ((await res.json()) as { ticket: string }).ticket;
  };
  const validate = (ticket: string, svc?: string) =>
    get('/sys/cas/client/validateLogin', undefined, { ticket, service: svc });

  it('a service ticket of a bound CAS account signs in; the ticket works once', async () => {
    const user = await createUser(admin);
    await bind(user.id, 'cas', user.username);
    const ticket = await casTicket(user.username);
    const res = await validate(ticket, service());
    expect(res.json).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(res.json.result.userInfo.username).toBe(user.username);
    expect((await get('/sys/permission/getUserPermissionByToken', res.json.result.token)).json.success).toBe(
      true,
    );
    expect((await validate(ticket)).json).toMatchObject({ success: false });
  });

  it('refuses a forged ticket, a ticket for another service and a malformed one', async () => {
    const user = await createUser(admin);
    await bind(user.id, 'cas', user.username);
    const forged = await validate('ST-forged-1234567890');
    expect(forged.json).toMatchObject({ success: false });
    expect(forged.json.message).toMatch(/^CAS 认证失败：Ticket ST-forged-1234567890 not recognized/);
    const elsewhere = 'https://other-site.example/login';
    const stolen = await casTicket(user.username, elsewhere);
    expect((await validate(stolen, elsewhere)).json.message).toBe('CAS service 与本系统不符');
    const stolen2 = await casTicket(user.username, elsewhere);
    expect((await validate(stolen2)).json.message).toBe(
      'CAS 认证失败：Ticket was issued for another service',
    );
    expect((await validate('<script>')).json.message).toBe('CAS 票据格式不正确');
  });

  it('a ticket issued for another site, replayed with that site as Host, signs no one in', async () => {
    const user = await createUser(admin);
    await bind(user.id, 'cas', user.username);
    const evil = 'http://evil.example/user/login';
    const ours = new URL(apiUrl()).host;
    const asEvil: [string, Record<string, string>][] = [
      ['evil.example', {}],
      [ours, { 'x-forwarded-host': 'evil.example' }],
    ];
    for (const [host, extra] of asEvil) {
      const ticket = await casTicket(user.username, evil);
      const res = JSON.parse(
        (await getAs(host, `/sys/cas/client/validateLogin?ticket=${ticket}`, extra)).body,
      );
      expect(res).toMatchObject({
        success: false,
        message: 'CAS 认证失败：Ticket was issued for another service',
      });
      const named = await casTicket(user.username, evil);
      const asked = `/sys/cas/client/validateLogin?ticket=${named}&service=${encodeURIComponent(evil)}`;
      expect(JSON.parse((await getAs(host, asked, extra)).body)).toMatchObject({
        success: false,
        message: 'CAS service 与本系统不符',
      });
    }
    // the login page's CAS link names our service, whatever the Host
    const providers = JSON.parse((await getAs('evil.example', '/sys/thirdLogin/providers')).body);
    expect(providers.result.cas.loginUrl).toBe(
      `${inject('casUrl')}/login?service=${encodeURIComponent(service())}`,
    );
  });

  it('an unbound CAS account gets a message and a bind ticket, never an account', async () => {
    const before = await userCount();
    const casUser = `cas_${uniq()}`;
    const res = await validate(await casTicket(casUser));
    expect(res.json.success).toBe(false);
    expect(res.json.message).toContain('尚未绑定系统用户');
    expect(res.json.result).toMatchObject({ thirdType: 'cas', thirdName: casUser });
    expect(await userCount()).toBe(before);
    const owner = await createUser(admin);
    expect(
      (await post('/sys/thirdLogin/bind', { ticket: res.json.result.bindTicket }, owner.token)).json.success,
    ).toBe(true);
    const again = await validate(await casTicket(casUser));
    expect(again.json.result.userInfo.username).toBe(owner.username);
  });
});

describe('wxauth: visitors through the OAuth2 provider', () => {
  it('signs a visitor in (the same one each time), never as staff', async () => {
    const who = `wx-${uniq()}`;
    const signIn = async () => {
      const back = await round('/visitor/oauth/authorize', who);
      expect(back.pathname).toBe('/phone/wxauth');
      const res = await post('/visitor/oauth/token', { ticket: back.searchParams.get('ticket') });
      expect(res.json).toMatchObject({ success: true, message: '登录成功' });
      return res.json.result as { token: string; visitor: { id: string; nickname: string } };
    };
    const first = await signIn();
    expect(first.visitor.nickname).toBe(who);
    const second = await signIn();
    expect(second.visitor.id).toBe(first.visitor.id);
    expect((await get('/visitor/me', second.token)).json.result.id).toBe(first.visitor.id);
    expect((await get('/sys/permission/getUserPermissionByToken', second.token)).status).toBe(401);
    const noCookie = await round('/visitor/oauth/authorize', who, { cookie: false });
    expect(noCookie.searchParams.get('error')).toBe('授权已失效，请重新授权');
    expect((await post('/visitor/oauth/token', { ticket: 'x'.repeat(32) })).json.message).toBe(
      '授权已失效，请重新授权',
    );
  });
});

describe('the addresses that decide who signs in', () => {
  it('the OAuth2 redirect_uri is PUBLIC_URL’s, whatever the Host', async () => {
    for (const [start, callback] of [
      ['/sys/thirdLogin/render/github', '/sys/thirdLogin/github/callback'],
      ['/visitor/oauth/authorize', '/visitor/oauth/callback'],
    ]) {
      const res = await getAs('evil.example', start, { 'x-forwarded-host': 'evil.example' });
      expect(res.status).toBe(302);
      expect(res.location!.searchParams.get('redirect_uri')).toBe(api(callback));
    }
  });

  it('a server with CAS or OAuth2 and no PUBLIC_URL refuses to start, saying what to set', () => {
    const env = identityEnv({ oauthUrl: inject('oauthUrl'), casUrl: inject('casUrl') });
    const only = (prefix: string) =>
      Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith(prefix)));
    for (const partial of [env, only('THIRD_LOGIN_'), only('VISITOR_OAUTH_'), only('CAS_')])
      expect(() => loadConfig(partial)).toThrow(/PUBLIC_URL/);
    // CAS alone may name its service instead; a provider still needs PUBLIC_URL
    const casService = 'https://museum.example/user/login';
    expect(loadConfig({ ...only('CAS_'), CAS_SERVICE_URL: casService }).cas?.serviceUrl).toBe(casService);
    expect(() => loadConfig({ ...env, CAS_SERVICE_URL: casService })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'museum.example' })).toThrow(/PUBLIC_URL/);
    const config = loadConfig({ ...env, PUBLIC_URL: 'https://museum.example/' });
    expect(config.cas?.serviceUrl).toBe('https://museum.example/user/login');
    // nothing configured: nothing required
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });
});
