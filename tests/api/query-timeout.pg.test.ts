import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';

/**
 * A statement timeout exists on PostgreSQL only (the embedded engine cannot interrupt a running
 * statement; its cost is bounded by the checks of hostile.test.ts), so this file runs in the
 * PostgreSQL pass alone: vite.config.ts leaves `*.pg.test.ts` out on PGlite.
 */

let own: OwnDatabase;
let server: Server;
let base = '';
let admin = '';

const call = (method: string, p: string, token?: string) => callAt(base, method, p, token);

beforeAll(async () => {
  own = await ownDatabase({ QUERY_TIMEOUT_SECONDS: '3' });
  server = await createServer(own.config, { logger: false, database: own.shared });
  base = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`;
  const res = await callAt(base, 'POST', '/sys/login', undefined, {
    username: 'admin',
    password: inject('adminPassword'),
  });
  admin = res.result.token;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await own?.drop();
});

describe('a read that runs too long on PostgreSQL', () => {
  it('stops after QUERY_TIMEOUT_SECONDS with the contract message, and the server goes on', async () => {
    // another session holds the table: the list's statements wait until their timeout
    const holder = new pg.Client({ connectionString: own.config.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table base_unit in access exclusive mode');
    try {
      expect(await call('GET', '/base/unit/list', admin)).toMatchObject({
        success: false,
        message: '查询超时，请缩小查询范围',
      });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await call('GET', '/base/unit/list', admin)).success).toBe(true);
  });
});
