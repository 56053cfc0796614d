import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { TokenSigner } from '../auth/signed-token';
import { bindingMatches } from '../auth/binding';

export interface Visitor {
  /** the session's key (sha256 of the token's id) */
  key: string;
  id: string;
  mobile: string | null;
  nickname: string | null;
}

/**
 * Sessions of visitors (the phone area): tokens signed with a secret of their own (so a visitor token
 * never passes the console's guard, nor a staff token this one), stored in museum_visitor_session,
 * sliding like staff sessions but over days, as a phone keeps a visitor signed in.
 */
export class VisitorSessions {
  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly idleDays: number,
  ) {}

  /** binding: the hash of the cookie that must come with the token (auth/binding.ts); null for the token alone */
  async create(visitorId: string, ip: string, userAgent: string, binding: string | null): Promise<string> {
    const { token, key } = this.signer.issue();
    await this.db
      .insertInto('museum_visitor_session')
      .values({
        id: key,
        visitor_id: visitorId,
        ip: ip.slice(0, 64),
        user_agent: userAgent.slice(0, 255),
        binding,
      })
      .execute();
    return token;
  }

  /**
   * the visitor of a live session; null for a bad, revoked or idle token, a disabled visitor, or a
   * session bound to a browser whose cookie `cookie` is not
   */
  async resolve(token: string | undefined, cookie?: string): Promise<Visitor | null> {
    const key = this.signer.keyOf(token);
    if (!key) return null;
    const row = await this.db
      .selectFrom('museum_visitor_session as s')
      .innerJoin('museum_visitor as v', 'v.id', 's.visitor_id')
      .select([
        's.revoked',
        's.binding',
        sql<number>`extract(epoch from now() - s.last_seen)`.as('idle'),
        'v.id',
        'v.mobile',
        'v.nickname',
        'v.status',
      ])
      .where('s.id', '=', key)
      .executeTakeFirst();
    if (!row || row.revoked || Number(row.status) !== 1) return null;
    if (!bindingMatches((row.binding as string | null) ?? null, cookie)) return null;
    if (Number(row.idle) > this.idleDays * 86_400) {
      await this.revoke(key);
      return null;
    }
    if (Number(row.idle) > 60)
      await this.db
        .updateTable('museum_visitor_session')
        .set({ last_seen: sql`now()` })
        .where('id', '=', key)
        .execute();
    return {
      key,
      id: row.id as string,
      mobile: (row.mobile as string) ?? null,
      nickname: (row.nickname as string) ?? null,
    };
  }

  async revoke(key: string): Promise<void> {
    await this.db
      .updateTable('museum_visitor_session')
      .set({ revoked: true })
      .where('id', '=', key)
      .execute();
  }
}

/** a visitor stays signed in on a phone for as long as the spec keeps a session in storage: 7 days */
export const VISITOR_IDLE_DAYS = 7;
