import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { Bus } from '../socket/bus';
import type { EntityDocument } from '../../core/document/types';
import { ident } from '../db/sync';
import type { TableSizes } from '../db/table-sizes';

const CACHE_LIMIT = 500;
/** a cached count is recounted after this long at the latest, should a bus message be lost */
const CACHE_TTL_MS = 30_000;
/** past this many rows an estimated count stops counting exactly (at most db/table-sizes.ts's COUNT_BOUND) */
const ESTIMATE_FROM = 100_000;

/**
 * Counting rows, not fetching them, is what makes big lists slow, so each document chooses:
 * exact (COUNT(*)), cached (the exact figure kept until a write to that table through any instance:
 * every invalidation travels over the bus, inside the write's transaction, so other instances drop
 * their figure once it commits; CACHE_TTL_MS bounds what a lost message could leave), or estimated
 * (for an unfiltered list the table's rows as its statistics tell, db/table-sizes.ts; a capped count
 * for a filtered one). Cached figures are keyed by the compiled predicate, data rules included. A caller that counts
 * the rows its own way (a heavy list read in slices: crud/slices.ts) hands that in as `countRows`.
 */
export class CountCache {
  private cache = new Map<string, Map<string, { n: number; at: number }>>();
  /** bumped by every write, so a count that raced with one is not kept */
  private versions = new Map<string, number>();

  constructor(
    private readonly sizes: TableSizes,
    private readonly shared?: { bus: Bus; db: Db; log: FastifyBaseLogger },
  ) {
    shared?.bus.on('count', (data) => this.forget(String((data as { table?: unknown } | null)?.table ?? '')));
  }

  /** a write to the table: forgotten here at once, and on every instance when the write commits */
  invalidate(table: string): void {
    this.forget(table);
    const s = this.shared;
    if (s)
      void s.bus.publish(s.db, 'count', { table }).catch((err: unknown) => {
        s.log.error({ err, table }, 'could not announce a count invalidation');
      });
  }

  /** drops this instance's figures for the table */
  forget(table: string): void {
    this.cache.delete(table);
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  async count(
    db: Db,
    doc: EntityDocument,
    where: RawBuilder<SqlBool>,
    filtered: boolean,
    countRows?: () => Promise<number>,
  ): Promise<number> {
    const t = sql.raw(ident(doc.table));
    const exact = async () =>
      countRows
        ? countRows()
        : Number(
            (await sql<{ n: string }>`select count(*) as n from ${t} where ${where}`.execute(db)).rows[0].n,
          );
    switch (doc.list.count) {
      case 'exact':
        return exact();
      case 'cached': {
        const compiled = where.compile(db);
        const key = `${compiled.sql} ${JSON.stringify(compiled.parameters)}`;
        const hit = this.cache.get(doc.table)?.get(key);
        if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.n;
        const version = this.versions.get(doc.table);
        const n = await exact();
        if (version !== this.versions.get(doc.table)) return n;
        const byTable = this.cache.get(doc.table) ?? new Map<string, { n: number; at: number }>();
        this.cache.set(doc.table, byTable);
        if (byTable.size >= CACHE_LIMIT) byTable.clear();
        byTable.set(key, { n, at: Date.now() });
        return n;
      }
      case 'estimated': {
        if (!filtered) {
          const n = await this.sizes.rows(db, doc.table);
          if (n >= ESTIMATE_FROM) return n;
        }
        if (countRows) return Math.min(await countRows(), ESTIMATE_FROM);
        const capped = await sql<{ n: string }>`
          select count(*) as n from (select 1 from ${t} where ${where} limit ${ESTIMATE_FROM}) x`.execute(db);
        return Number(capped.rows[0].n);
      }
    }
  }
}
