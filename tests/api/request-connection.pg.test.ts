import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { DbScope } from '../../src/server/db/scope';
import { ownDatabase, type OwnDatabase } from './setup/own-database';

/**
 * A request's connections on PostgreSQL (src/server/db/scope.ts, connect.ts): a statement issued
 * while another of the same transaction runs (a notice published without waiting) waits its turn
 * instead of going through pg's concurrent-query path, which pg deprecates and pg 9 refuses; and a
 * new pooled connection is set up (timeout, time zone) by its start-up, not by a statement racing
 * the caller's first one. Runs in the PostgreSQL pass alone (vite.config.ts).
 */

let own: OwnDatabase;
let database: Database;
const warnings: string[] = [];
const onWarning = (w: Error) => void warnings.push(w.message);

beforeAll(async () => {
  own = await ownDatabase();
  database = await openDatabase(own.config);
  await sql`create table scope_probe (n int)`.execute(database.db);
  process.on('warning', onWarning);
});

afterAll(async () => {
  process.off('warning', onWarning);
  await database?.close();
  await own?.drop();
});

describe('a request’s connections', () => {
  it('run the statements of one transaction one at a time, the unawaited one included', async () => {
    const scope = new DbScope('probe', true);
    const order = await scope.run(async () => {
      const { db } = database;
      await sql`insert into scope_probe values (1)`.execute(db);
      // published without waiting, as the count cache does, while the request goes on
      // (pg warns from the third statement on: the first runs, the second waits in its queue)
      const seen: number[] = [];
      const statements = [
        sql<{ n: number }>`select 2 as n from pg_sleep(0.2)`,
        sql<{ n: number }>`select 3 as n`,
        sql<{ n: number }>`select count(*)::int as n from scope_probe`,
      ].map((s) => s.execute(db).then((r) => seen.push(r.rows[0].n)));
      await Promise.all(statements);
      return seen;
    });
    await scope.finish(true);
    // answered in the order issued, each in the transaction (the count sees the insert)
    expect(order).toEqual([2, 3, 1]);
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });

  it('start with their settings in place', async () => {
    const r = await sql<{ tz: string; timeout: string }>`select current_setting('TimeZone') as tz,
      current_setting('statement_timeout') as timeout`.execute(database.db);
    expect(r.rows[0]).toEqual({ tz: 'Asia/Shanghai', timeout: '1min' });
  });
});
