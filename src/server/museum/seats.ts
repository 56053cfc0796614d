import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** sign-up states (dictionary signup_state); 已报名 and 已签到 hold seats, 已取消 does not */
export const SIGNED_UP = '1';
export const CANCELLED = '2';
export const CHECKED_IN = '3';
export const PUBLISHED = '1';

export const FULL = '名额已满';

/** the seats a sign-up in this state holds */
export function seatsHeld(state: unknown, partySize: unknown): number {
  const s = String(state);
  return s === SIGNED_UP || s === CHECKED_IN ? Number(partySize) || 0 : 0;
}

/**
 * Takes n seats of an activity in one conditional UPDATE, so concurrent sign-ups (on any number of
 * server instances) can never oversell: the row lock serialises them and the condition re-checks
 * against the committed count. `open` also demands a published activity whose sign-up is still open
 * and a party within its per-person limit (a visitor's sign-up; staff register walk-ins freely).
 * False when the seats (or the sign-up) are not there.
 */
export async function reserveSeats(db: Db, activityId: string, n: number, open: boolean): Promise<boolean> {
  if (n <= 0) return true;
  const window = open
    ? sql`and status = ${PUBLISHED} and signup_deadline > localtimestamp and end_time > localtimestamp
        and ${n} <= coalesce(per_person_limit, 1)`
    : sql``;
  const r = await sql`update museum_activity set seats_taken = coalesce(seats_taken, 0) + ${n}
    where id = ${activityId} and coalesce(seats_taken, 0) + ${n} <= capacity ${window}
    returning id`.execute(db);
  return r.rows.length === 1;
}

export async function releaseSeats(db: Db, activityId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await sql`update museum_activity set seats_taken = greatest(0, coalesce(seats_taken, 0) - ${n})
    where id = ${activityId}`.execute(db);
}

/**
 * Locks the activity row before a sign-up row changes: every path takes the activity first and the
 * sign-up second, so a cancel and a sign-up of the same visitor cannot deadlock.
 */
export async function lockActivity(db: Db, activityId: string): Promise<void> {
  await sql`select id from museum_activity where id = ${activityId} for update`.execute(db);
}
