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
  /** LISTEN on a channel (NOTIFY is plain SQL: pg_notify); resolves to the function that stops listening */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A dedicated connection that LISTENs (a pooled one would lose the registration), reconnecting after
 * an error so a restarted database server does not silence the channel for good.
 */
async function listenOnServer(url: string, channel: string, onMessage: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
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
    const url = opts.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: (channel, onMessage) => listenOnServer(url, channel, onMessage),
      close: () => db.destroy(),
    };
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
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return () => stop();
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
