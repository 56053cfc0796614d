import fs from 'node:fs';
import pg from 'pg';
import { Kysely, PostgresDialect, PostgresDriver, type Driver } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { heavyNow, ScopedDriver } from './scope';
import type { SystemTables } from './tables';

/** The system tables (migrations.ts) are typed: a misspelt table or column of theirs is a compile error. */
export type Db = Kysely<SystemTables>;

/**
 * Document tables are named at run time (sync.ts creates them from documents), so the generic CRUD,
 * reports and statistics query through this loosely typed view of the same connection. Identifiers
 * still come only from documents.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DocDb = Kysely<any>;

/** the same connection (or transaction), seen as one whose tables are named at run time */
export function docDb(db: Db): DocDb {
  return db as DocDb;
}

export interface Database {
  db: Db;
  /** 'pglite' (embedded, in DATA_DIR) or 'postgres' (DATABASE_URL) */
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel (NOTIFY is plain SQL: pg_notify); resolves to the function that stops listening */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs start-up work (migrations, document sync, menus, seed) while holding the database-wide
   * start-up lock, so instances started together on one empty database take turns.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** statement timeout of a request's reads (PostgreSQL; the embedded engine cannot interrupt a query) */
  queryTimeoutSeconds?: number;
}

/** writes, start-up and background work: long enough for a big import batch or a new index */
const WRITE_TIMEOUT = '60s';
/** pg_advisory_lock key of the start-up work ("museum" in ASCII) */
const STARTUP_LOCK = 0x6d757365756d;

/** Kysely over pg pools: the main pool, and a read pool that request scopes read through (db/scope.ts) */
class ScopedDialect extends PostgresDialect {
  constructor(
    private readonly main: pg.Pool,
    private readonly reads: pg.Pool,
  ) {
    super({ pool: main });
  }

  createDriver(): Driver {
    const main = new PostgresDriver({ pool: this.main });
    return new ScopedDriver(main, this.reads === this.main ? main : new PostgresDriver({ pool: this.reads }));
  }
}

/**
 * The embedded engine's one connection, handed to expensive work (crud/cost.ts) only after the event
 * loop had a turn and while no other request waits for it. The engine answers in-process: a request
 * runs from its first byte to its answer without giving the event loop back, and a statement runs to
 * its end once started. So before each heavy statement, requests that arrived meanwhile are read and
 * served; a light request waits at most for the one heavy statement running (a heavy list's is a
 * slice of it: crud/slices.ts, which sizes its slices by their own time, less what they waited here).
 */
class PacedPool extends pg.Pool {
  // Kysely asks in the promise form; the callback form (pg's own pool.query) passes straight through
  connect(): Promise<pg.PoolClient>;
  connect(callback: Parameters<pg.Pool['connect']>[0]): void;
  connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    const work = heavyNow();
    if (!work) return super.connect();
    const asked = performance.now();
    return this.whenFree().then(() => {
      work.waitedMs += performance.now() - asked;
      return super.connect();
    });
  }

  private async whenFree(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const max = this.options.max ?? 10;
    while (this.waitingCount > 0 || (this.idleCount === 0 && this.totalCount >= max))
      // the waiting request gets the released connection first
      await new Promise((resolve) => this.once('release', () => setImmediate(resolve)));
  }
}

/** one-at-a-time in this process: the embedded engine is one process's, so that is every instance */
function localLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** a session-level advisory lock on a connection of its own, held while the work runs */
async function serverLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // the session ending under us ends the lock too; the work's own queries report their failures
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    // ending the session releases the lock too, should the unlock fail
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
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

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const pool = (timeout: string) => {
      // settings go with the connection's start-up, so no statement of ours races a first query
      const options = `-c statement_timeout=${timeout} -c TimeZone=Asia/Shanghai`;
      const p = new pg.Pool({ connectionString: url, max: 10, types: typeParsers(), options });
      // an idle connection the database ends (a restart, an administrator) is dropped by the pool and
      // replaced on next use; unheard, its 'error' event would end the whole process
      p.on('error', () => undefined);
      return p;
    };
    const main = pool(WRITE_TIMEOUT);
    // a runaway read must not hold the server: a request's reads get the short timeout
    const reads = pool(`${Math.max(1, opts.queryTimeoutSeconds ?? 10)}s`);
    const db = new Kysely<SystemTables>({ dialect: new ScopedDialect(main, reads) });
    return {
      db,
      kind: 'postgres',
      listen: (channel, onMessage) => listenOnServer(url, channel, onMessage),
      withStartupLock: (work) => serverLock(url, work),
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
  const pool = new PacedPool({
    ...(createPgConfig(pglite) as unknown as pg.PoolConfig),
    types: typeParsers(),
  });
  const db = new Kysely<SystemTables>({ dialect: new ScopedDialect(pool, pool) });
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return () => stop();
    },
    withStartupLock: localLock(),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
