import { describe, expect, it } from 'vitest';
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { isRead } from '../../src/server/db/scope';

/** which statements a request may run outside its transaction (db/scope.ts): reads only */
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('isRead', () => {
  it('takes selects and read-only raw statements as reads', () => {
    expect(isRead(db.selectFrom('sys_user').selectAll().where('id', '=', '1').compile())).toBe(true);
    expect(isRead(sql`with x as (select 1) select * from x`.compile(db))).toBe(true);
    expect(isRead(sql`explain select 1`.compile(db))).toBe(true);
    // a value that looks like SQL is a bound parameter, not text of the statement
    expect(isRead(sql`select * from sys_log where target = ${'delete from sys_user'}`.compile(db))).toBe(
      true,
    );
  });

  it('takes writes, locks, notifications and sequences as writes', () => {
    for (const q of [
      db.insertInto('sys_log').values({ id: '1' }).compile(),
      db.updateTable('sys_user').set({ status: 2 }).compile(),
      db.deleteFrom('sys_user').compile(),
      db.selectFrom('sys_user').selectAll().forUpdate().compile(),
      sql`with d as (delete from t returning id) select * from d`.compile(db),
      sql`select pg_notify(${'museum_bus'}, ${'{}'})`.compile(db),
      sql`select pg_advisory_xact_lock(hashtext(${'x'}))`.compile(db),
      sql`select nextval('s')`.compile(db),
      CompiledQuery.raw('create table t (id int)'),
      CompiledQuery.raw('set statement_timeout = 0'),
    ])
      expect(isRead(q), q.sql).toBe(false);
  });
});
