import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createServer, type Server } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { openSocket, socketUrl } from './setup/socket';
import { callAt } from './setup/http';

/**
 * Two server instances on one database: a notice released through one reaches sockets held by the
 * other, a dictionary edit through one shows on the other, and a session ended through one closes
 * its sockets on the other, carried only by the database's LISTEN/NOTIFY. A third instance, whose
 * sessions idle out after 3 s, closes the sockets of a session that idled out. On PostgreSQL (DATABASE_URL) each instance has its own connections to the suite's
 * database; on the embedded engine they share a PGlite of their own.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-fanout-'));
let shared: Database | undefined;
let a: Server;
let b: Server;
let brief: Server;
const base: Record<string, string> = {};

type Instance = 'a' | 'b' | 'brief';
const call = (server: Instance, method: string, p: string, token?: string, body?: unknown) =>
  callAt(base[server], method, p, token, body);

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: inject('adminPassword'), LOG_LEVEL: 'silent' }),
    databaseUrl,
    webDir: undefined,
  };
  if (!databaseUrl) shared = await openDatabase(config);
  a = await createServer(config, { logger: false, database: shared });
  b = await createServer(config, { logger: false, database: shared });
  brief = await createServer({ ...config, sessionIdleMinutes: 0.05 }, { logger: false, database: shared });
  for (const [name, s] of [['a', a] as const, ['b', b] as const, ['brief', brief] as const])
    base[name] = `${await s.app.listen({ port: 0, host: '127.0.0.1' })}${config.apiBase}`;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await brief?.close();
  await shared?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signIn = async (server: Instance, username: string, password: string) => {
  const login = await call(server, 'POST', '/sys/login', undefined, { username, password });
  return { token: login.result.token as string, id: login.result.userInfo.id as string };
};
/** a notice and a live table socket of the session, held by the instance */
const socketsOn = async (server: Instance, s: { token: string; id: string }) => [
  await openSocket(socketUrl(s.id, s.token, base[server])),
  await openSocket(
    `${base[server].replace(/^http/, 'ws')}/vxeSocket/ignored/p-${server}?token=${encodeURIComponent(s.token)}`,
  ),
];
const ended = { code: 4001, reason: 'Token失效，请重新登录!' };

describe('two server instances on one database', () => {
  it('a release through one instance reaches the sockets of both', async () => {
    const login = await call('a', 'POST', '/sys/login', undefined, {
      username: 'admin',
      password: inject('adminPassword'),
    });
    const token = login.result.token as string;
    const adminId = login.result.userInfo.id as string;
    const onA = await openSocket(socketUrl(adminId, token, base.a));
    const onB = await openSocket(socketUrl(adminId, token, base.b));
    try {
      const add = await call('a', 'POST', '/sys/annountCement/add', token, {
        titile: '两个实例都收到',
        msgCategory: '1',
        msgType: 'USER',
        userIds: adminId,
      });
      expect(add.success).toBe(true);
      expect(
        (await call('a', 'GET', `/sys/annountCement/doReleaseData?id=${add.result}`, token)).success,
      ).toBe(true);
      const notice = { cmd: 'user', msgId: add.result, msgTxt: '两个实例都收到' };
      expect(await onB.next()).toEqual(notice);
      expect(await onA.next()).toEqual(notice);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it("a dictionary edit through one instance drops the other instance's cache", async () => {
    const login = await call('b', 'POST', '/sys/login', undefined, {
      username: 'admin',
      password: inject('adminPassword'),
    });
    const token = login.result.token as string;
    const code = `fan_${Date.now().toString(36)}`;
    const dict = await call('a', 'POST', '/sys/dict/add', token, { dictName: '跨实例', dictCode: code });
    // instance b caches the (empty) dictionary
    expect((await call('b', 'GET', `/sys/dict/getDictItems/${code}`, token)).result).toEqual([]);
    await call('a', 'POST', '/sys/dictItem/add', token, {
      dictId: dict.result,
      itemValue: 'x',
      itemText: '新项',
    });
    await expect
      .poll(async () =>
        (await call('b', 'GET', `/sys/dict/getDictItems/${code}`, token)).result.map((o: any) => o.text),
      )
      .toEqual(['新项']);
  });

  it('a row saved in a console of one instance reaches a console of the other (vxeSocket)', async () => {
    const login = await call('a', 'POST', '/sys/login', undefined, {
      username: 'admin',
      password: inject('adminPassword'),
    });
    const token = login.result.token as string;
    const rows = await call('a', 'GET', '/base/unit/list?pageSize=1', token);
    const id = rows.result.records[0].id as string;
    const vxe = (server: 'a' | 'b', page: string) =>
      `${base[server].replace(/^http/, 'ws')}/vxeSocket/ignored/${page}?token=${encodeURIComponent(token)}`;
    const onA = await openSocket(vxe('a', 'page-a'));
    const onB = await openSocket(vxe('b', 'page-b'));
    try {
      onA.ws.send(
        JSON.stringify({
          type: 'update_vxe_table',
          data: { socketKey: 'base_unit', args: [{ id }, 'page-a'] },
        }),
      );
      expect(await onB.next()).toEqual({
        type: 'update_vxe_table',
        data: { socketKey: 'base_unit', args: [{ id }, 'page-a'] },
      });
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('a session ended through one instance closes its sockets on the other', async () => {
    const admin = await signIn('a', 'admin', inject('adminPassword'));
    const held = await socketsOn('b', admin);
    expect((await call('a', 'POST', '/sys/logout', admin.token)).success).toBe(true);
    for (const s of held) expect(await s.closed()).toEqual(ended);

    // and a user frozen through one instance: every session of it, wherever its sockets are
    const username = `fan_${Date.now().toString(36)}`;
    const admin2 = await signIn('a', 'admin', inject('adminPassword'));
    const add = await call('a', 'POST', '/sys/user/add', admin2.token, {
      username,
      realname: '跨实例冻结',
      password: 'Museum2026x',
    });
    expect(add.success).toBe(true);
    const user = await signIn('b', username, 'Museum2026x');
    const userHeld = await socketsOn('b', user);
    const frozen = await call('a', 'PUT', '/sys/user/frozenBatch', admin2.token, {
      ids: add.result,
      status: '2',
    });
    expect(frozen.success).toBe(true);
    for (const s of userHeld) expect(await s.closed()).toEqual(ended);
  });
});

describe('an instance whose sessions idle out after 3 s', () => {
  it('closes the sockets of a session that idled out', async () => {
    const held = await socketsOn('brief', await signIn('brief', 'admin', inject('adminPassword')));
    for (const s of held) expect(await s.closed(20_000)).toEqual(ended);
  });
});
