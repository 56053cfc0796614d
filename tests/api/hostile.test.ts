import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { LOG_FAILED } from '../../src/server/sys/audit/log';
import { ADDRESS_LOCKED_MESSAGE, LOCKED_MESSAGE } from '../../src/server/auth/throttle';
import { BUSY, TOO_COMPLEX, TOO_MANY_OF_YOURS } from '../../src/server/crud/cost';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';

/**
 * Hostile requests against a server of this file's own (its settings and database may be bent
 * without disturbing the other suites): a change whose log row cannot be written is undone; sign-in
 * throttling per account and address and per address (clients named by X-Forwarded-For behind
 * TRUST_PROXY); the upload quota; what a list may cost.
 */

const PNG = fs.readFileSync('fixtures/files/avatar.png');
const PASSWORD = 'Hostile#2026x';
let own: OwnDatabase;
let server: Server;
let base = '';
let admin = '';

beforeAll(async () => {
  own = await ownDatabase({ TRUST_PROXY: '1', QUERY_TIMEOUT_SECONDS: '3' });
  const config = {
    ...own.config,
    loginFailuresPerAddress: 10,
    uploadQuotaBytes: PNG.length * 2 + 100,
    // every table counts as big and every unindexed pattern as heavy: the demo tables stand in for big ones
    heavyQueries: { perUser: 2, heavyWork: 0, minRows: 0, maxUnindexedLikes: 10, waitMs: 1000 },
  };
  server = await createServer(config, { logger: false, database: own.shared });
  base = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}${config.apiBase}`;
  admin = await signIn('admin', inject('adminPassword'));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await own?.drop();
});

const call = (method: string, p: string, opts: { token?: string; body?: unknown; from?: string } = {}) =>
  callAt(base, method, p, opts.token, opts.body, { 'x-forwarded-for': opts.from ?? '10.9.9.9' });

const login = (username: string, password: string, from?: string) =>
  call('POST', '/sys/login', { body: { username, password }, from });

async function signIn(username: string, password: string): Promise<string> {
  const res = await login(username, password);
  if (!res.success) throw new Error(`${username}: ${res.message}`);
  return res.result.token;
}

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

/** a signed-in user holding the given menu and button rows (none: no grant at all) */
async function newUser(permissionIds: string[] = []): Promise<{ id: string; token: string }> {
  const username = `h_${uniq()}`;
  let selectedroles = '';
  if (permissionIds.length) {
    const roleCode = `r_${uniq()}`;
    const role = await call('POST', '/sys/role/add', {
      token: admin,
      body: { roleName: roleCode, roleCode },
    });
    const grant = await call('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId: role.result, permissionIds: permissionIds.join(','), lastpermissionIds: '' },
    });
    expect(grant.success, grant.message).toBe(true);
    selectedroles = role.result;
  }
  const add = await call('POST', '/sys/user/add', {
    token: admin,
    body: { username, realname: '测试', password: PASSWORD, selectedroles },
  });
  expect(add.success, add.message).toBe(true);
  return { id: add.result, token: await signIn(username, PASSWORD) };
}

describe('a change and its log row commit together', () => {
  it('when the log row cannot be written the change is undone and the answer says so', async () => {
    const code = `H${uniq()}`.toUpperCase();
    const add = await call('POST', '/base/unit/add', {
      token: admin,
      body: { name: '原名', code, unitType: '3' },
    });
    expect(add.success, add.message).toBe(true);
    const id = add.result as string;
    // the database itself refuses this one log row
    const db = server.ctx.db;
    await sql`create function hostile_refuse_log() returns trigger language plpgsql as $$
      begin
        if new.target like ${sql.lit(`%${id}%`)} then raise exception 'log refused'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger hostile_refuse_log before insert on sys_log
      for each row execute function hostile_refuse_log()`.execute(db);
    try {
      const edit = await call('PUT', '/base/unit/edit', {
        token: admin,
        body: { id, name: '改名', code, unitType: '3' },
      });
      expect(edit).toMatchObject({ success: false, message: LOG_FAILED });
      const del = await call('DELETE', `/base/unit/delete?id=${id}`, { token: admin });
      expect(del).toMatchObject({ success: false, message: LOG_FAILED });
      const row = await call('GET', `/base/unit/queryById?id=${id}`, { token: admin });
      expect(row.result).toMatchObject({ name: '原名' });
    } finally {
      await sql`drop trigger hostile_refuse_log on sys_log`.execute(db);
      await sql`drop function hostile_refuse_log()`.execute(db);
    }
    const edit = await call('PUT', '/base/unit/edit', {
      token: admin,
      body: { id, name: '改名', code, unitType: '3' },
    });
    expect(edit.success).toBe(true);
  });
});

describe('sign-in throttling', () => {
  it('locks an account only at the address its failures came from', async () => {
    const user = `t_${uniq()}`;
    await call('POST', '/sys/user/add', {
      token: admin,
      body: { username: user, realname: '锁', password: PASSWORD },
    });
    for (let i = 0; i < 5; i++)
      expect((await login(user, 'wrong', '10.1.0.1')).message).toBe('用户名或密码错误');
    expect((await login(user, PASSWORD, '10.1.0.1')).message).toBe(LOCKED_MESSAGE);
    // the attacker's address is locked out of this account; the owner elsewhere signs in
    expect((await login(user, PASSWORD, '10.1.0.2')).success).toBe(true);
  });

  it('locks an address after too many failures across names, known or not', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login(`nobody_${uniq()}`, 'x', '10.2.0.1')).success).toBe(false);
    expect((await login('admin', inject('adminPassword'), '10.2.0.1')).message).toBe(ADDRESS_LOCKED_MESSAGE);
    expect((await login('admin', inject('adminPassword'), '10.2.0.2')).success).toBe(true);
  });

  it('runs the password hash for an unknown name and for an account without a password', async () => {
    const scrypt = vi.spyOn(crypto, 'scrypt');
    try {
      for (const username of [`nobody_${uniq()}`, 'zhangwei']) {
        scrypt.mockClear();
        expect((await login(username, 'guess', `10.3.0.${n}`)).message).toBe('用户名或密码错误');
        expect(scrypt, username).toHaveBeenCalledTimes(1);
        expect(scrypt.mock.calls[0][3]).toMatchObject({ N: 16384, r: 8, p: 1 });
      }
    } finally {
      scrypt.mockRestore();
    }
  });
});

describe('uploads', () => {
  async function upload(token: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const res = await fetch(`${base}/sys/common/upload`, {
      method: 'POST',
      headers: { 'X-Access-Token': token },
      body: form,
    });
    return res.json();
  }

  it('refuses a user beyond the quota, and only that user', async () => {
    const user = await newUser();
    expect((await upload(user.token)).success).toBe(true);
    expect((await upload(user.token)).success).toBe(true);
    const over = await upload(user.token);
    expect(over).toMatchObject({ success: false });
    expect(over.message).toBe('上传失败！每位用户的上传空间为7KB，已用7KB，请联系管理员清理');
    expect((await upload(admin)).success).toBe(true);
  });
});

describe('what a list may cost', () => {
  const superQuery = (field: string, values: string[]) =>
    `/base/unit/list?superQueryMatchType=or&superQueryParams=${encodeURIComponent(
      JSON.stringify(values.map((val) => ({ field, rule: 'like', val }))),
    )}`;
  const words = (count: number, length: number) =>
    Array.from({ length: count }, (_, i) => `${i}`.padStart(length, 'x'));

  it('refuses more pattern conditions than the limit on columns no index serves', async () => {
    // code has no trigram index; name has one, which serves patterns of 3 characters or more
    expect(await call('GET', superQuery('code', words(11, 4)), { token: admin })).toMatchObject({
      success: false,
      message: TOO_COMPLEX(10),
    });
    expect((await call('GET', superQuery('code', words(10, 4)), { token: admin })).success).toBe(true);
    expect((await call('GET', superQuery('name', words(11, 4)), { token: admin })).success).toBe(true);
    expect((await call('GET', superQuery('name', words(11, 2)), { token: admin })).message).toBe(
      TOO_COMPLEX(10),
    );
  });

  it('limits the heavy lists running at once per user, and lets light lists through', async () => {
    const user = await newUser(['doc_base_unit']);
    const gate = server.ctx.queries;
    const heavy = superQuery('code', words(3, 4));
    const light = '/base/unit/list?code=NONE';
    // the user already has its two heavy queries running; every lane is taken by another's
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // (held as export batches: they count for their user and wait for a lane without a deadline)
    const holders = [
      gate.run(user.id, () => held, 'export'),
      gate.run(user.id, () => held, 'export'),
      ...Array.from({ length: gate.limits.lanes }, () => gate.run('someone-else', () => held, 'export')),
    ];
    try {
      expect(await call('GET', heavy, { token: user.token })).toMatchObject({
        success: false,
        message: TOO_MANY_OF_YOURS(2),
      });
      expect((await call('GET', light, { token: user.token })).success).toBe(true);
      // another user's heavy list waits for a lane, then gives up with a clear message
      expect(await call('GET', heavy, { token: admin })).toMatchObject({ success: false, message: BUSY });
    } finally {
      release();
      await Promise.allSettled(holders);
    }
    expect((await call('GET', heavy, { token: admin })).success).toBe(true);
  });
});
