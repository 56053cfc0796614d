import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';

/**
 * Several server instances on one database: started together on an empty one, they take turns at
 * the start-up work (migrations, document sync, menus, seed) instead of colliding; afterwards a write
 * through one drops the cached counts of every other at once.
 */

let own: OwnDatabase;
let servers: Server[] = [];
const base: string[] = [];

beforeAll(async () => {
  own = await ownDatabase();
  const started = await Promise.allSettled(
    [1, 2, 3].map(() => createServer(own.config, { logger: false, database: own.shared })),
  );
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  for (const s of servers)
    base.push(`${await s.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`);
  const failed = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
  expect(failed, 'instances that failed to start').toEqual([]);
}, 180_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await own?.drop();
});

const call = (i: number, method: string, p: string, token?: string, body?: unknown) =>
  callAt(base[i], method, p, token, body);

describe(`three instances started at once on one empty ${inject('dbKind')} database`, () => {
  it('all start; the start-up work ran once', async () => {
    expect(servers).toHaveLength(3);
    const db = servers[0].ctx.db;
    const applied = await sql<{ name: string }>`select name from sys_migration order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name).sort());
    const admins = await sql<{
      n: string;
    }>`select count(*) as n from sys_user where username = 'admin'`.execute(db);
    expect(Number(admins.rows[0].n)).toBe(1);
    for (let i = 0; i < 3; i++) {
      const login = await call(i, 'POST', '/sys/login', undefined, {
        username: 'admin',
        password: inject('adminPassword'),
      });
      expect(login.success, `instance ${i}`).toBe(true);
    }
  });

  it('a write through one instance drops the cached counts of the others at once', async () => {
    const token = (
      await call(0, 'POST', '/sys/login', undefined, { username: 'admin', password: inject('adminPassword') })
    ).result.token as string;
    const code = `CNT${Date.now().toString(36)}`.toUpperCase();
    // pro_product keeps a cached count: without the bus, instance 1 would answer 0 for 30 s
    const total = async (i: number) =>
      (await call(i, 'GET', `/pro/product/list?code=${code}*`, token)).result.total as number;
    expect(await total(1)).toBe(0);
    expect(await total(2)).toBe(0);
    const add = await call(0, 'POST', '/pro/product/add', token, {
      name: '计数同步摆件',
      code: `${code}-1`,
      productTypeId: 'pt-wc-0101',
      unitId: 'unit-jian',
      price: 10,
      status: '1',
    });
    expect(add.success, add.message).toBe(true);
    // the message travels through the database: wait for it, well inside the 30 s the cache would keep
    await expect.poll(() => total(1), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => total(2), { timeout: 10_000 }).toBe(1);
  });
});
