import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * One-time, short-lived tickets that carry a sign-in across a browser redirect: the OAuth state, a
 * third-party sign-in waiting for getLoginUser, an identity waiting to be bound. Only a hash is
 * stored; taking a ticket marks it used in the same statement, so it works once.
 */
export type TicketPurpose = 'oauth-state' | 'third-login' | 'third-bind' | 'visitor-login';

const hash = (t: string) => crypto.createHash('sha256').update(t).digest('hex');

export async function issueTicket(db: Db, purpose: TicketPurpose, payload: object, minutes: number) {
  const ticket = crypto.randomBytes(24).toString('base64url');
  await db
    .insertInto('sys_login_ticket')
    .values({
      id: hash(ticket),
      purpose,
      payload: JSON.stringify(payload),
      expires_at: sql`now() + make_interval(mins => ${minutes})`,
    })
    .execute();
  return ticket;
}

/** the payload of a live ticket of this purpose, which is then used up; null otherwise */
export async function takeTicket<T = Record<string, unknown>>(
  db: Db,
  purpose: TicketPurpose,
  ticket: unknown,
): Promise<T | null> {
  if (typeof ticket !== 'string' || !/^[\w-]{20,100}$/.test(ticket)) return null;
  const row = await db
    .updateTable('sys_login_ticket')
    .set({ used: true })
    .where('id', '=', hash(ticket))
    .where('purpose', '=', purpose)
    .where('used', '=', false)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('payload')
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload as string) as T) : null;
}
