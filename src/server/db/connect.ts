import fs from 'node:fs';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

/** Tables are defined by documents at run time, so the database is typed loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded, in DATA_DIR) or 'postgres' (DATABASE_URL) */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Dates leave the database as the wire contract's strings (yyyy-MM-dd, yyyy-MM-dd HH:mm:ss), on both engines. */
function typeParsers(): pg.CustomTypesConfig {
  const parsers: Record<number, (v: string) => unknown> = {
    1082: (v) => v,
    1083: (v) => v.slice(0, 8),
    1114: (v) => v.slice(0, 19),
    1700: (v) => Number(v),
  };
  return {
    getTypeParser: ((oid: number, format?: string) =>
      parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: typeParsers() });
    pool.on('connect', (client) => {
      // a runaway query must not hold the server; lists and exports are paged
      void client.query("SET statement_timeout = '60s'; SET TIME ZONE 'Asia/Shanghai'");
    });
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // one instance per process (about 800 MiB); extensions must be loaded at every open, or their indexes fail
  const pglite: PGlite = await PGlite.create(`${opts.dataDir}/pgdata`, { extensions: { pg_trgm } });
  await pglite.exec("SET TIME ZONE 'Asia/Shanghai'");
  const pool = new pg.Pool({ ...(createPgConfig(pglite) as unknown as pg.PoolConfig), types: typeParsers() });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
