import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * One request's hold on the database, so that code written against the shared `ctx.db` needs no
 * transaction handle passed around:
 *
 * - reads run on the read pool (on PostgreSQL its connections carry the short statement timeout);
 * - in a transactional scope (a signed-in user's logged request) the first write opens one
 *   transaction for the rest of the request; every later statement of the request runs in it,
 *   Kysely transactions become savepoints, and finish() commits it together with whatever the
 *   caller writes last (the operation-log row) or rolls it all back;
 * - in a plain scope (sign-in, logout) writes commit as they go, as outside any scope.
 *
 * Rules for code running in a request: await only queries the request issues itself (on the
 * embedded database, one connection, a request holding the transaction and awaiting work another
 * request started would wait for ever); a handler that hijacks its reply (a streamed export) only
 * reads, since the operation log's onSend, which ends the transaction, does not run for it.
 */
export class DbScope {
  private transaction: Promise<OneAtATime> | null = null;
  /** the driver whose connection holds the transaction */
  private driver: Driver | null = null;
  private savepoints = 0;
  /** connection handles handed out and not yet released */
  private open = 0;
  private settledWaiters: (() => void)[] = [];
  /** set by finish(): statements issued from now on run outside the scope */
  closing = false;

  constructor(
    /** the signed-in user the request acts for (heavy-query limits are per user) */
    readonly owner: string | undefined,
    readonly transactional: boolean,
  ) {}

  /** did the request write (and so hold an open transaction)? */
  get wrote(): boolean {
    return this.transaction !== null;
  }

  run<T>(fn: () => T): T {
    return storage.run(this, fn);
  }

  /**
   * Ends the scope once its statements are done: commits the transaction (after `last`, which runs
   * inside it: the operation-log row) or rolls it back. Throws when `last` or the commit fails; the
   * change is then undone. `commit` may be a question, asked only when there is a transaction to end
   * (the operation log's reading of the answer: sys/audit/log.ts).
   */
  async finish(commit: boolean | (() => boolean), last?: () => Promise<void>): Promise<void> {
    await this.settled();
    if (!this.transaction) {
      this.closing = true;
      return;
    }
    const conn = await this.transaction;
    try {
      if (typeof commit === 'function') commit = commit();
      if (commit && last) await this.run(last);
      this.closing = true;
      await this.settled();
      await conn.executeQuery(CompiledQuery.raw(commit ? 'commit' : 'rollback'));
    } catch (err) {
      this.closing = true;
      await this.settled();
      await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw err;
    } finally {
      await this.driver!.releaseConnection(conn.conn);
    }
  }

  /** the request's transaction, begun on first use on the given (main) driver */
  pin(driver: Driver): Promise<OneAtATime> {
    if (!this.transaction) {
      this.driver = driver;
      this.transaction = (async () => {
        const conn = await driver.acquireConnection();
        try {
          await conn.executeQuery(CompiledQuery.raw('begin'));
        } catch (err) {
          await driver.releaseConnection(conn);
          throw err;
        }
        return new OneAtATime(conn);
      })();
    }
    return this.transaction;
  }

  nextSavepoint(): string {
    return `request_sp_${++this.savepoints}`;
  }

  hold(): void {
    this.open++;
  }

  release(): void {
    if (--this.open === 0) for (const w of this.settledWaiters.splice(0)) w();
  }

  private settled(): Promise<void> {
    return this.open === 0 ? Promise.resolve() : new Promise((r) => this.settledWaiters.push(r));
  }
}

/**
 * The request's transaction connection, one statement at a time: a statement issued while another
 * runs (a notice published without waiting, as count.ts does) waits its turn here rather than
 * relying on the driver's own queue, which pg deprecates (an error from pg 9).
 */
class OneAtATime implements DatabaseConnection {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly conn: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const run = this.tail.then(() => this.conn.executeQuery<R>(query));
    this.tail = run.catch(() => undefined);
    return run;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.conn.streamQuery<R>(query, chunkSize);
  }
}

const storage = new AsyncLocalStorage<DbScope>();

/** a piece of expensive work, and how long its statements waited for the connection so far */
export interface HeavyWork {
  waitedMs: number;
}
const heavy = new AsyncLocalStorage<HeavyWork>();

/** runs expensive work marked as such: on the embedded engine it waits for the connection to be free */
export function asHeavy<T>(work: () => Promise<T>): Promise<T> {
  return heavy.run({ waitedMs: 0 }, work);
}

/** the expensive work the statement being issued is part of, if any */
export function heavyNow(): HeavyWork | undefined {
  return heavy.getStore();
}

/**
 * Runs work as the server's own, whatever request started it: outside the request's scope (its
 * transaction, which may not have committed yet) and not as its heavy work. Timers and promises
 * started inside keep that.
 */
export function detached<T>(work: () => T): T {
  return storage.exit(() => heavy.exit(work));
}

/** the scope of the request running now, if any */
export function currentScope(): DbScope | undefined {
  const s = storage.getStore();
  return s && !s.closing ? s : undefined;
}

/** statements that only read: everything else opens the request's transaction */
const READ = /^\s*(select|with|explain|show|values)\b/i;
const WRITES_ANYWAY =
  /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|merge\s+into|pg_notify|nextval|setval|set_config|pg_advisory\w*|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share)\b/i;

/** each SQL text's answer: a request's statements are a few texts (values are bound), tested once */
const readTexts = new Map<string, boolean>();
const READ_TEXTS_LIMIT = 5000;

export function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind !== 'SelectQueryNode' && kind !== 'RawNode') return false;
  let read = readTexts.get(query.sql);
  if (read === undefined) {
    // the SQL text holds keywords and identifiers only (values are bound), so this reads it safely
    read = READ.test(query.sql) && !WRITES_ANYWAY.test(query.sql);
    if (readTexts.size >= READ_TEXTS_LIMIT) readTexts.clear();
    readTexts.set(query.sql, read);
  }
  return read;
}

/**
 * The read pool's connections lent to one statement each, given back after it (a handle may run
 * statements at once: Kysely's connection() hands one to Promise.all). A pool lends a connection to
 * one holder at a time, so membership says "a statement's read" and nothing else.
 */
const lentForRead = new WeakSet<DatabaseConnection>();

/**
 * A connection handle given out inside a scope. Each statement goes where the scope says: the
 * request's transaction once there is one (or a write starts it), else the read pool for reads and
 * the main pool for writes. A Kysely transaction binds the handle to one connection: the request's
 * transaction (as a savepoint) or, in a plain scope, a connection of its own.
 */
class ScopedConnection implements DatabaseConnection {
  /** the connection this handle is bound to (a transaction, or a session statement in a plain scope) */
  bound: DatabaseConnection | null = null;
  /** bound to a connection of its own, to give back on release */
  own = false;
  savepoint: string | null = null;

  constructor(
    readonly scope: DbScope,
    private readonly drivers: { main: Driver; reads: Driver },
  ) {}

  /** the connection a statement runs on; one of the read pool's is given back after the statement */
  private async target(query: CompiledQuery): Promise<DatabaseConnection> {
    if (this.bound) return this.bound;
    const { scope, drivers } = this;
    if (scope.wrote || (scope.transactional && !isRead(query))) return scope.pin(drivers.main);
    if (!isRead(query)) {
      // a plain scope's write (or SET) keeps this handle's connection until Kysely releases it
      this.bound = await drivers.main.acquireConnection();
      this.own = true;
      return this.bound;
    }
    const conn = await drivers.reads.acquireConnection();
    lentForRead.add(conn);
    return conn;
  }

  /** gives the read pool's connection back, if the statement ran on one */
  private async done(conn: DatabaseConnection): Promise<void> {
    if (lentForRead.delete(conn)) await this.drivers.reads.releaseConnection(conn);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const conn = await this.target(query);
    try {
      return await conn.executeQuery<R>(query);
    } finally {
      await this.done(conn);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const conn = await this.target(query);
    try {
      yield* conn.streamQuery<R>(query, chunkSize);
    } finally {
      await this.done(conn);
    }
  }
}

/**
 * Kysely's driver with request scopes: outside a scope (start-up, background work, a closed scope)
 * everything runs on the main pool exactly as the wrapped driver does.
 */
export class ScopedDriver implements Driver {
  constructor(
    private readonly main: Driver,
    private readonly reads: Driver,
  ) {}

  async init(): Promise<void> {
    await this.main.init();
    if (this.reads !== this.main) await this.reads.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = currentScope();
    if (!scope) return this.main.acquireConnection();
    scope.hold();
    return new ScopedConnection(scope, { main: this.main, reads: this.reads });
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.main.beginTransaction(conn, settings);
    if (conn.scope.transactional) {
      conn.bound = await conn.scope.pin(this.main);
      conn.savepoint = conn.scope.nextSavepoint();
      await conn.bound.executeQuery(CompiledQuery.raw(`savepoint ${conn.savepoint}`));
      return;
    }
    conn.bound = await this.main.acquireConnection();
    conn.own = true;
    await this.main.beginTransaction(conn.bound, settings);
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.main.commitTransaction(conn);
    if (conn.savepoint)
      await conn.bound!.executeQuery(CompiledQuery.raw(`release savepoint ${conn.savepoint}`));
    else await this.main.commitTransaction(conn.bound!);
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.main.rollbackTransaction(conn);
    if (conn.savepoint)
      await conn.bound!.executeQuery(CompiledQuery.raw(`rollback to savepoint ${conn.savepoint}`));
    else await this.main.rollbackTransaction(conn.bound!);
  }

  async savepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.main.savepoint!(conn instanceof ScopedConnection ? conn.bound! : conn, name, compile);
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.main.rollbackToSavepoint!(
      conn instanceof ScopedConnection ? conn.bound! : conn,
      name,
      compile,
    );
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.main.releaseSavepoint!(conn instanceof ScopedConnection ? conn.bound! : conn, name, compile);
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.main.releaseConnection(conn);
    try {
      if (conn.own && conn.bound) await this.main.releaseConnection(conn.bound);
    } finally {
      conn.bound = null;
      conn.own = false;
      conn.savepoint = null;
      conn.scope.release();
    }
  }

  async destroy(): Promise<void> {
    await this.main.destroy();
    if (this.reads !== this.main) await this.reads.destroy();
  }
}
