import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import type { EntityDocument } from '../../core/document/types';
import { ident } from '../db/sync';

const CACHE_LIMIT = 500;
/** past this many rows an estimated count stops counting exactly */
const ESTIMATE_FROM = 100_000;

/**
 * Counting rows, not fetching them, is what makes big lists slow, so each document chooses:
 * exact (COUNT(*)), cached (the exact figure kept until a write to that table), or estimated
 * (the planner's row estimate for an unfiltered list, a capped count for a filtered one).
 */
export class CountCache {
  private cache = new Map<string, Map<string, number>>();

  invalidate(table: string): void {
    this.cache.delete(table);
  }

  async count(
    db: Db,
    doc: EntityDocument,
    where: RawBuilder<SqlBool>,
    key: string,
    filtered: boolean,
  ): Promise<number> {
    const t = sql.raw(ident(doc.table));
    const exact = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from ${t} where ${where}`.execute(db)).rows[0].n);
    switch (doc.list.count) {
      case 'exact':
        return exact();
      case 'cached': {
        const byTable = this.cache.get(doc.table) ?? new Map<string, number>();
        this.cache.set(doc.table, byTable);
        const hit = byTable.get(key);
        if (hit !== undefined) return hit;
        const n = await exact();
        if (byTable.size >= CACHE_LIMIT) byTable.clear();
        byTable.set(key, n);
        return n;
      }
      case 'estimated': {
        if (!filtered) {
          const est = await sql<{
            n: number;
          }>`select reltuples::bigint as n from pg_class where oid = ${doc.table}::regclass`.execute(db);
          const n = Number(est.rows[0]?.n ?? -1);
          if (n >= ESTIMATE_FROM) return n;
        }
        const capped = await sql<{ n: string }>`
          select count(*) as n from (select 1 from ${t} where ${where} limit ${ESTIMATE_FROM}) x`.execute(db);
        return Number(capped.rows[0].n);
      }
    }
  }
}
