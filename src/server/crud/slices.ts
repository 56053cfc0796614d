import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import type { EntityDocument } from '../../core/document/types';
import type { ListQuery } from '../../core/query/ast';
import { ident } from '../db/sync';
import { heavyNow } from '../db/scope';
import { orderSql, selectSql } from './compile';

type Row = Record<string, unknown>;

/** what a slice aims to take: a light request waits about this long at most behind a heavy list */
const SLICE_MS = 100;
/** table blocks (8 kB) of the first slice, and the bounds the slices adapt within */
const FIRST_BLOCKS = 16;
const MIN_BLOCKS = 4;
const MAX_BLOCKS = 16_384;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * A heavy list on the embedded database, read a slice of the table at a time. Its one connection runs
 * a statement to its end once started (db/connect.ts): a list whose conditions are evaluated on every
 * row would hold every other request for as long as the scan takes. Read in slices of the table's
 * blocks (a TID range scan), each sized to take about SLICE_MS, the requests that arrive meanwhile are
 * served between two slices. Each slice answers how many of its rows match and its first
 * offset + limit matching rows in list order (list order ends with the id, so it is total): those
 * hold the page, which is then read from them. The slices see the table at different moments: a row
 * written while the list is read may be counted or not.
 */
export async function slicedPage(
  db: Db,
  doc: EntityDocument,
  where: RawBuilder<SqlBool>,
  q: Pick<ListQuery, 'sort' | 'fields'>,
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const t = sql.raw(ident(doc.table));
  const order = orderSql(doc, q.sort);
  const want = offset + limit;
  /** candidate rows in list order */
  const inOrder = async (columns: RawBuilder<unknown>, ids: string[], n: number, skip = 0) =>
    (
      await sql<Row>`select ${columns} from ${t} where "id" = any(${ids}) and (${where})
        order by ${order} limit ${n} offset ${skip}`.execute(db)
    ).rows;
  const size = await sql<{ pages: string }>`
    select pg_relation_size(${doc.table}::regclass) / current_setting('block_size')::int as pages`.execute(
    db,
  );
  const pages = Number(size.rows[0].pages);
  let total = 0;
  let candidates: string[] = [];
  let blocks = FIRST_BLOCKS;
  for (let from = 0; ;) {
    const to = from + blocks;
    // the last slice has no end: it reads the pages added while the list was read too
    const last = to >= pages;
    const range = last
      ? sql`ctid >= ${`(${from},0)`}::tid`
      : sql`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to},0)`}::tid`;
    // the slice's own time: not the time it waited for the requests served before it (db/connect.ts)
    const started = performance.now();
    const waited = heavyNow()?.waitedMs ?? 0;
    const slice = await sql<{ id: string; matched: string }>`
      select "id", count(*) over () as matched from ${t} where ${range} and (${where})
       order by ${order} limit ${want}`.execute(db);
    const took = performance.now() - started - ((heavyNow()?.waitedMs ?? 0) - waited);
    total += Number(slice.rows[0]?.matched ?? 0);
    for (const r of slice.rows) candidates.push(String(r.id));
    if (candidates.length > 4 * want)
      candidates = (await inOrder(sql`"id"`, candidates, want)).map((r) => String(r.id));
    if (last) break;
    from = to;
    blocks = Math.round(clamp(blocks * clamp(SLICE_MS / Math.max(1, took), 0.5, 2), MIN_BLOCKS, MAX_BLOCKS));
  }
  const rows = candidates.length ? await inOrder(selectSql(doc, q.fields), candidates, limit, offset) : [];
  return { rows, total };
}
