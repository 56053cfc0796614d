import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { ADDRESS_LOCKED_MESSAGE, LOCKED_MESSAGE } from '../../src/server/auth/throttle';
import { SMS_HOURLY_CAP } from '../../src/server/auth/sms';
import { TOO_MANY } from '../../src/server/visitor/rate-limit';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';
import { lastSms } from './setup/client';
import { mobile } from './setup/visitors';

/**
 * What anyone may try without an account, counted in the database before the try is made, so that
 * many at once, on two instances of one database, get no further than one at a time would: password
 * sign-ins (per account at an address, per address), tries of an SMS code, and SMS codes sent (per
 * address and overall per hour, as the OpenAPI text states). Clients are named by X-Forwarded-For.
 */

const PASSWORD = 'Attempt#2026x';
/** the SMS code requests this file's servers allow an hour, per address and in all */
const PER_ADDRESS = 4;
const PER_HOUR = 9;
const BAD_CREDENTIALS = '用户名或密码错误';
let own: OwnDatabase;
const servers: Server[] = [];
const base: string[] = [];
let admin = '';

beforeAll(async () => {
  own = await ownDatabase({
    TRUST_PROXY: '1',
    SMS_WEBHOOK_URL: inject('smsUrl'),
    SMS_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS),
    SMS_PER_HOUR: String(PER_HOUR),
  });
  for (let i = 0; i < 2; i++) {
    const server = await createServer(own.config, { logger: false, database: own.shared });
    servers.push(server);
    base.push(`${await server.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`);
  }
  admin = (await login(0, 'admin', inject('adminPassword'), '10.0.0.1')).result.token;
}, 180_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await own?.drop();
});

/** a call through instance i (of two) from a client address */
const call = (i: number, p: string, body: unknown, from: string) =>
  callAt(base[i % 2], 'POST', p, undefined, body, { 'x-forwarded-for': from });

const login = (i: number, username: string, password: string, from: string) =>
  call(i, '/sys/login', { username, password }, from);

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function newUser(fields: Record<string, unknown> = {}): Promise<string> {
  const username = `a_${uniq()}`;
  const add = await callAt(base[0], 'POST', '/sys/user/add', admin, {
    username,
    realname: '尝试',
    password: PASSWORD,
    ...fields,
  });
  expect(add.success, add.message).toBe(true);
  return username;
}

/**
 * `count` wrong passwords for a user from one address at once, spread over both instances: the
 * answers, and how many reached the password check (scrypt runs)
 */
async function wrongAtOnce(count: number, user: string, from: string) {
  const scrypt = vi.spyOn(crypto, 'scrypt');
  try {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => login(i, user, 'wrong', from)));
    const said = (message: string) => answers.filter((a) => a.message === message).length;
    return { checks: scrypt.mock.calls.length, said };
  } finally {
    scrypt.mockRestore();
  }
}

describe(`password sign-in on two instances of one ${inject('dbKind')} database`, () => {
  it('with 18 of 20 failures on an address, 40 wrong passwords at once reach the check twice', async () => {
    const user = await newUser();
    const from = '10.1.0.1';
    for (let i = 0; i < 18; i++)
      expect((await login(i, `nobody_${uniq()}`, 'x', from)).message).toBe(BAD_CREDENTIALS);
    const { checks, said } = await wrongAtOnce(40, user, from);
    expect(checks).toBe(2);
    expect(said(BAD_CREDENTIALS)).toBe(2);
    expect(said(ADDRESS_LOCKED_MESSAGE)).toBe(38);
    // the address is locked, even for the right password; the account signs in elsewhere
    expect((await login(0, user, PASSWORD, from)).message).toBe(ADDRESS_LOCKED_MESSAGE);
    expect((await login(1, user, PASSWORD, '10.1.0.2')).success).toBe(true);
  });

  it('15 wrong passwords at once for one account (within the address’s 20) reach the check 5 times', async () => {
    const user = await newUser();
    const from = '10.2.0.1';
    const { checks, said } = await wrongAtOnce(15, user, from);
    expect(checks).toBe(5);
    expect(said(BAD_CREDENTIALS)).toBe(5);
    expect(said(LOCKED_MESSAGE)).toBe(10);
    expect((await login(0, user, PASSWORD, from)).message).toBe(LOCKED_MESSAGE);
    expect((await login(1, user, PASSWORD, '10.2.0.2')).success).toBe(true);
  });

  it('a sign-in that succeeds does not count as a failure of its address', async () => {
    const user = await newUser();
    const from = '10.3.0.1';
    for (let i = 0; i < 19; i++) expect((await login(i, `nobody_${uniq()}`, 'x', from)).success).toBe(false);
    for (let i = 0; i < 3; i++) expect((await login(i, user, PASSWORD, from)).success).toBe(true);
    expect((await login(0, user, 'wrong', from)).message).toBe(BAD_CREDENTIALS);
    expect((await login(1, user, PASSWORD, from)).message).toBe(ADDRESS_LOCKED_MESSAGE);
  });
});

describe('SMS codes tried at once on two instances', () => {
  /** a live code for a number (of a staff account, or a visitor's) */
  async function codeFor(route: '/sys/sms' | '/visitor/sms', phone: string): Promise<string> {
    const sent = await call(0, route, { mobile: phone, smsmode: '0' }, `10.4.0.${++n % 250}`);
    expect(sent.success, sent.message).toBe(true);
    return (await lastSms(phone))!.code;
  }

  for (const [route, sms, signIn] of [
    ['/sys/phoneLogin', '/sys/sms', 'staff'],
    ['/visitor/login', '/visitor/sms', 'visitor'],
  ] as const)
    it(`${signIn}: 40 wrong codes at once are tried 5 times; a right code signs in once`, async () => {
      const phone = mobile();
      if (signIn === 'staff') await newUser({ phone });
      const code = await codeFor(sms, phone);
      const tries = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(i, route, { mobile: phone, captcha: wrongCode(code) }, `10.5.${i}.1`),
        ),
      );
      expect(tries.filter((a) => a.message === '手机验证码错误').length).toBe(5);
      expect(tries.filter((a) => a.message === '验证码错误次数过多，请重新获取').length).toBe(35);
      // the code is spent, the right one no longer helps
      expect((await call(0, route, { mobile: phone, captcha: code }, '10.5.99.1')).success).toBe(false);

      const other = mobile();
      if (signIn === 'staff') await newUser({ phone: other });
      const right = await codeFor(sms, other);
      const shots = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(i, route, { mobile: other, captcha: right }, `10.6.${i}.1`),
        ),
      );
      expect(shots.filter((a) => a.success).length).toBe(1);
    });
});

describe(`SMS codes sent: ${PER_ADDRESS} an hour per address, ${PER_HOUR} in all (as configured)`, () => {
  // an hour cannot be waited out: each test starts with fresh hourly counts
  beforeEach(async () => {
    await sql`delete from sys_login_throttle where key like 'sms:%'`.execute(servers[0].ctx.db);
  });

  /** one request of each kind in turn: a register code, a login code for an unknown number, a visitor's */
  const request = (i: number, from: string) => {
    const kind = i % 3;
    if (kind === 2) return call(i, '/visitor/sms', { mobile: mobile() }, from);
    return call(i, '/sys/sms', { mobile: mobile(), smsmode: kind === 0 ? '1' : '0' }, from);
  };

  it('the OpenAPI text of every code-sending route states the limits in force', async () => {
    const doc = await (await fetch(`${base[0]}/docs/openapi.json`)).json();
    for (const route of ['/sys/sms', '/visitor/sms']) {
      const text = doc.paths[route].post.summary as string;
      expect(text).toContain(`每个地址每小时最多${PER_ADDRESS}次`);
      expect(text).toContain(`全部地址合计每小时最多${PER_HOUR}次`);
    }
  });

  it('one address gets its allowance, whatever route, number or instance, then 429', async () => {
    const from = '10.7.0.1';
    const answers = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++) answers.push(await request(i, from));
    expect(answers.slice(0, PER_ADDRESS).every((a) => a.success)).toBe(true);
    for (const a of answers.slice(PER_ADDRESS))
      expect(a).toMatchObject({ success: false, code: 429, message: TOO_MANY });
    // the next address is not held back
    expect((await request(0, '10.7.0.2')).success).toBe(true);
  });

  it('an address its own limit refuses does not use up the hourly cap of all', async () => {
    const answers = [];
    for (let i = 0; i < PER_HOUR + 5; i++) answers.push(await request(i, '10.9.0.1'));
    expect(answers.filter((a) => a.success).length).toBe(PER_ADDRESS);
    const others = await Promise.all(
      Array.from({ length: PER_HOUR }, (_, i) => request(i, `10.9.${i + 1}.1`)),
    );
    expect(others.filter((a) => a.success).length).toBe(PER_HOUR - PER_ADDRESS);
  });

  it('all addresses together get the hourly cap, even asking at once on two instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: PER_HOUR + 6 }, (_, i) => request(i, `10.8.${i}.1`)),
    );
    expect(answers.filter((a) => a.success).length).toBe(PER_HOUR);
    for (const a of answers.filter((x) => !x.success))
      expect(a).toMatchObject({ success: false, code: 429, message: SMS_HOURLY_CAP });
  });
});
