import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';

/**
 * The database ending the server's idle connections (a restart, an administrator's
 * pg_terminate_backend): the pools drop them and open new ones; the process goes on. PostgreSQL
 * only (vite.config.ts runs `*.pg.test.ts` in the PostgreSQL pass).
 */

let own: OwnDatabase;
let server: Server;
let base = '';

beforeAll(async () => {
  own = await ownDatabase();
  server = await createServer(own.config, { logger: false, database: own.shared });
  base = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await own?.drop();
});

const signIn = () =>
  callAt(base, 'POST', '/sys/login', undefined, { username: 'admin', password: inject('adminPassword') });

describe('connections the database ends', () => {
  it('are replaced: the server answers again, nothing goes unhandled', async () => {
    expect((await signIn()).success).toBe(true);
    const admin = new pg.Client({ connectionString: own.config.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // the pools hear of the ended connections while idle, then serve from new ones
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await signIn();
    expect(again.success, again.message).toBe(true);
    expect((await callAt(base, 'GET', '/base/unit/list', again.result.token)).success).toBe(true);
  });
});
