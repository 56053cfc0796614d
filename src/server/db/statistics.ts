import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './connect';
import { ident } from './sync';
import { asHeavy, detached } from './scope';

/** how often every table is looked at */
const REFRESH_EVERY_MS = 10 * 60 * 1000;
/**
 * A table's statistics are stale once more rows than this changed since its last analyse, plus this
 * share of its rows, or once its size on disk moved by more than the share (autovacuum's defaults).
 */
const STALE_ROWS = 50;
export const STALE_SHARE = 0.1;

/**
 * Analyses the tables (all of the schema's, or the ones named) whose statistics are missing or stale,
 * and answers their names. The planner's estimates and the query gate's table sizes (crud/cost.ts)
 * come from these statistics; ANALYZE makes them, and nothing else does here: the embedded database
 * has no autovacuum, and PostgreSQL's may be off. Each ANALYZE runs as heavy work (on the embedded
 * database it waits until no request waits for the one connection: db/connect.ts).
 */
export async function refreshStatistics(ctx: { db: Db }, tables?: string[]): Promise<string[]> {
  if (tables?.length === 0) return [];
  // n_mod_since_analyze reaches pg_stat some time after the write; the size on disk at once
  const stale = await sql<{ name: string }>`
    select c.relname as name
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
       ${tables ? sql`and c.relname in (${sql.join(tables)})` : sql``}
       and (c.reltuples < 0
         or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * ${sql.lit(1 + STALE_SHARE)}
         or pg_relation_size(c.oid) / current_setting('block_size')::int < c.relpages * ${sql.lit(1 - STALE_SHARE)}
         or coalesce(s.n_mod_since_analyze, 0) > ${sql.lit(STALE_ROWS)} + c.reltuples * ${sql.lit(STALE_SHARE)})
     order by c.relname`.execute(ctx.db);
  const names = stale.rows.map((r) => r.name);
  for (const name of names) await asHeavy(() => sql`analyze ${sql.raw(ident(name))}`.execute(ctx.db));
  return names;
}

/**
 * runs refreshStatistics at once (a database that was never analysed, or changed while the server
 * was down) and every REFRESH_EVERY_MS in the background, for as long as the server runs; the
 * function it answers stops it, after the round under way
 */
export function startStatisticsRefresh(ctx: { db: Db; log: FastifyBaseLogger }): () => Promise<void> {
  let round: Promise<unknown> = Promise.resolve();
  const run = () => {
    round = refreshStatistics(ctx)
      .then((names) => names.length && ctx.log.debug(`statistics refreshed: ${names.join(', ')}`))
      .catch((err: unknown) => ctx.log.warn({ err }, 'statistics refresh failed'));
  };
  const { first, timer } = detached(() => ({
    first: setImmediate(run),
    timer: setInterval(run, REFRESH_EVERY_MS),
  }));
  timer.unref();
  return async () => {
    clearImmediate(first);
    clearInterval(timer);
    await round;
  };
}
