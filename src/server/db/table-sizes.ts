import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './connect';
import { ident } from './sync';
import { detached } from './scope';
import { refreshStatistics, STALE_SHARE } from './statistics';

/**
 * A table without statistics is counted up to this many rows: the figures its size is compared with
 * (the query gate's limits in config.ts, crud/count.ts's ESTIMATE_FROM) are no bigger.
 */
export const COUNT_BOUND = 100_000;
/** a table's size is asked at most this often */
const SIZE_TTL_MS = 10_000;
/** rows written through this instance after which a table's statistics are looked at ... */
const BULK_ROWS = 1000;
/** ... soon after the write (it commits first), and at most this often per table */
const LOOK_AFTER_MS = 1000;
const LOOK_GAP_MS = 10_000;

/**
 * How many rows each table holds: the statistics' rows per page times the pages the table has now, as
 * the planner reckons. Where there are none (never analysed, analysed empty) or the table grew past
 * them (the rows per page of a few rows' first page say little of the pages added since), at least a
 * count of at most COUNT_BOUND rows, while the table is analysed in the background. Writes of many
 * rows have their table's statistics refreshed soon after (refreshStatistics decides whether they are
 * stale); an import waits for that before it answers (settle).
 */
export class TableSizes {
  private sizes = new Map<string, { n: number; at: number }>();
  private written = new Map<string, number>();
  private lastLook = new Map<string, number>();
  private planned = new Map<string, NodeJS.Timeout>();
  private looks = new Set<Promise<unknown>>();

  constructor(private readonly ctx: { db: Db; log: FastifyBaseLogger }) {}

  async rows(db: Db, table: string): Promise<number> {
    const hit = this.sizes.get(table);
    if (hit && Date.now() - hit.at < SIZE_TTL_MS) return hit.n;
    const res = await sql<{ tuples: number; relpages: number; pages: string }>`
      select reltuples::float8 as tuples, relpages,
             pg_relation_size(oid) / current_setting('block_size')::int as pages
        from pg_class where oid = ${table}::regclass`.execute(db);
    const s = res.rows[0];
    const pages = Number(s?.pages ?? 0);
    const scaled = s && s.tuples >= 0 && s.relpages > 0 ? Math.round((s.tuples / s.relpages) * pages) : 0;
    let n = scaled;
    if (pages > 0 && !(scaled && pages <= s.relpages * (1 + STALE_SHARE))) {
      const counted = await sql<{ n: string }>`
        select count(*) as n from (select 1 from ${sql.raw(ident(table))} limit ${COUNT_BOUND}) x`.execute(
        db,
      );
      n = Math.max(scaled, Number(counted.rows[0].n));
      this.look(table, 0);
    }
    this.sizes.set(table, { n, at: Date.now() });
    return n;
  }

  /** rows written to a table (added, changed or removed) through this instance */
  wrote(table: string, rows: number): void {
    const n = (this.written.get(table) ?? 0) + rows;
    if (n < BULK_ROWS) {
      this.written.set(table, n);
      return;
    }
    this.written.delete(table);
    const since = Date.now() - (this.lastLook.get(table) ?? 0);
    this.look(table, Math.max(LOOK_AFTER_MS, LOOK_GAP_MS - since));
  }

  /** the tables' statistics refreshed now, where stale (an import's, before it answers) */
  async settle(tables: string[]): Promise<void> {
    for (const t of tables) {
      this.written.delete(t);
      clearTimeout(this.planned.get(t));
      this.planned.delete(t);
    }
    await this.refresh(tables);
  }

  /** stops the looks planned, after the ones under way */
  async stop(): Promise<void> {
    for (const timer of this.planned.values()) clearTimeout(timer);
    this.planned.clear();
    await Promise.allSettled([...this.looks]);
  }

  private look(table: string, afterMs: number): void {
    if (this.planned.has(table)) return;
    const timer = detached(() =>
      setTimeout(() => {
        this.planned.delete(table);
        void this.refresh([table]);
      }, afterMs),
    );
    timer.unref();
    this.planned.set(table, timer);
  }

  private refresh(tables: string[]): Promise<void> {
    const now = Date.now();
    for (const t of tables) this.lastLook.set(t, now);
    const work = detached(() => refreshStatistics(this.ctx, tables))
      .then((analysed) => {
        for (const t of analysed) this.sizes.delete(t);
      })
      .catch((err: unknown) => this.ctx.log.warn({ err, tables }, 'statistics refresh failed'));
    this.looks.add(work);
    void work.finally(() => this.looks.delete(work));
    return work;
  }
}
