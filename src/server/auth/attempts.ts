import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** a counter of attempts (its key names what is counted, e.g. `address:<ip>`) and how many it allows */
export interface Allowance {
  key: string;
  max: number;
}

export interface Window {
  /** counts start over this long after their first attempt */
  minutes: number;
  /** once a counter reaches its max, it refuses for this long from then on (else: to its window's end) */
  lockMinutes?: number;
}

/**
 * Attempts anyone may make (password sign-ins, SMS codes sent), counted in the database
 * (sys_login_throttle) so that every instance counts into the same rows. An attempt is counted
 * BEFORE it is made, with one atomic statement (an upsert that returns the new counts): of many
 * at once, on any instance and either database, only those within the allowance go on, where a
 * check first and a count after let every one of them through (tests/api/attempt-limits.test.ts).
 * An attempt that then succeeds gives its count back (giveBack) or clears it (forget).
 *
 * Counts every given counter, and answers the first (in the order given) that this attempt took past
 * its max, if any: the attempt is then refused. Refused attempts stay counted, so a lock is not
 * talked down by trying harder.
 */
export async function take(db: Db, allowances: Allowance[], window: Window): Promise<Allowance | undefined> {
  const span = sql`make_interval(mins => ${window.minutes}::int)`;
  const lock = window.lockMinutes
    ? sql`now() + make_interval(mins => ${window.lockMinutes}::int)`
    : sql`null`;
  const maxOf = sql`case excluded.key ${sql.join(
    allowances.map((a) => sql`when ${a.key} then ${a.max}::int`),
    sql` `,
  )} end`;
  // a count starts over when its lock has run out, or, never locked, its window
  const fresh = sql`(t.locked_until <= now() or (t.locked_until is null and t.window_start <= now() - ${span}))`;
  const rows = await sql<{ key: string; fail_count: number }>`
    insert into sys_login_throttle as t (key, fail_count, window_start, locked_until)
    values ${sql.join(
      // in one order everywhere: two attempts never wait for each other's rows crosswise
      [...allowances]
        .sort((a, b) => (a.key < b.key ? -1 : 1))
        .map((a) => sql`(${a.key}, 1, now(), (case when ${a.max}::int <= 1 then ${lock} end)::timestamptz)`),
    )}
    on conflict (key) do update set
      fail_count = case when ${fresh} then 1 else t.fail_count + 1 end,
      window_start = case when ${fresh} then now() else t.window_start end,
      locked_until = case
        when ${fresh} then excluded.locked_until
        when t.locked_until is null and t.fail_count + 1 >= ${maxOf} then ${lock}
        else t.locked_until end
    returning key, fail_count`.execute(db);
  const counts = new Map(rows.rows.map((r) => [r.key, Number(r.fail_count)]));
  return allowances.find((a) => (counts.get(a.key) ?? 0) > a.max);
}

/** an attempt that succeeded gives its count back (and the lock it may have set) */
export async function giveBack(db: Db, allowance: Allowance): Promise<void> {
  await sql`
    update sys_login_throttle set
      fail_count = fail_count - 1,
      locked_until = case when fail_count - 1 >= ${allowance.max}::int then locked_until end
     where key = ${allowance.key} and fail_count > 0`.execute(db);
}

/** a counter starts over */
export async function forget(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sys_login_throttle').where('key', '=', key).execute();
}
