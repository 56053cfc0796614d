import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { TokenSigner } from './signed-token';
import { bindingMatches } from './binding';

export interface SessionUser {
  key: string;
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  /** 1 normal, 2 frozen */
  status: number;
  /** the tenants the user belongs to (sys_user.rel_tenant_ids) */
  tenantIds: string[];
}

/**
 * Sessions that ended: these sessions (logout, idle expiry), or every session of these users
 * (password change, freeze, delete) but `except` (the caller's own, after changing its password).
 */
export type SessionEnd = { keys: string[] } | { userIds: string[]; except?: string };

/** whether the session `key` of user `userId` is among those that ended */
export function ends(end: SessionEnd, key: string, userId: string): boolean {
  return 'keys' in end ? end.keys.includes(key) : end.userIds.includes(userId) && key !== end.except;
}

/** how long this instance trusts a session it has just read, without asking the database again */
const TRUST_MS = 5_000;
const TRUSTED_LIMIT = 10_000;

/**
 * Tokens are signed (signed-token.ts); the session table holds sha256 of their id, so neither a
 * forged id nor a leaked table yields a working token. Sessions slide: each use pushes the idle deadline.
 *
 * A session read from the database is trusted for up to TRUST_MS (never past its idle deadline), so a
 * busy list does not pay a session query per request. Everything that ends sessions (logout, password
 * change, freeze, delete) goes through revoke/revokeUser, which also forget them here: on this instance
 * the very next request is refused. A write that changes what a session carries (the selected
 * department behind #{sys_org_code}) calls forgetUser. Other instances forget them when `ended`
 * reaches them (socket/session-sockets.ts sends it through the bus), at the latest after TRUST_MS.
 *
 * A session a browser's sign-in bound to itself (binding.ts) opens only with that browser's cookie.
 */
export class Sessions {
  private trusted = new Map<string, { user: SessionUser; binding: string | null; until: number }>();
  /** bumped by every revocation, so a read that raced with one is not trusted afterwards */
  private revocations = 0;
  /** after sessions end here (the open sockets of every instance close through it) */
  ended: (end: SessionEnd) => Promise<void> = async () => {};

  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly idleMinutes: number,
  ) {}

  /** the session key of a well-formed, correctly signed token; null otherwise */
  keyOf(token: string | undefined): string | null {
    return this.signer.keyOf(token);
  }

  /** binding: the hash of the cookie that must come with the token (binding.ts); null for the token alone */
  async create(userId: string, ip: string, userAgent: string, binding: string | null): Promise<string> {
    const { token, key } = this.signer.issue();
    await this.db
      .insertInto('sys_session')
      .values({
        id: key,
        user_id: userId,
        ip: ip.slice(0, 64),
        user_agent: userAgent.slice(0, 255),
        binding,
      })
      .execute();
    return token;
  }

  /**
   * The session's user (one query: session joined with its user), refreshing the idle deadline
   * at most once a minute. Null when the token is bad, revoked, idle too long or its user is gone,
   * or when the session is bound to a browser and `cookie` is not that browser's.
   */
  async resolve(token: string | undefined, cookie?: string): Promise<SessionUser | null> {
    // keyed by the token itself: a token in this map has passed the signature check
    const hit = token ? this.trusted.get(token) : undefined;
    if (hit && Date.now() < hit.until) return bindingMatches(hit.binding, cookie) ? hit.user : null;
    if (hit) this.trusted.delete(token!);
    const key = this.keyOf(token);
    if (!key) return null;
    const generation = this.revocations;
    const row = await this.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select([
        's.revoked',
        's.binding',
        sql<number>`extract(epoch from now() - s.last_seen)`.as('idle'),
        'u.id',
        'u.username',
        'u.realname',
        'u.org_code',
        'u.status',
        'u.del_flag',
        'u.rel_tenant_ids',
      ])
      .where('s.id', '=', key)
      .executeTakeFirst();
    if (!row || row.revoked || Number(row.del_flag) !== 0) return null;
    const binding = (row.binding as string | null) ?? null;
    // a token without its browser's cookie neither slides nor ends the session
    if (!bindingMatches(binding, cookie)) return null;
    if (Number(row.idle) > this.idleMinutes * 60) {
      await this.revoke(key);
      return null;
    }
    let idleMs = Number(row.idle) * 1000;
    if (Number(row.idle) > 60) {
      await this.db
        .updateTable('sys_session')
        .set({ last_seen: sql`now()` })
        .where('id', '=', key)
        .execute();
      idleMs = 0;
    }
    const user: SessionUser = {
      key,
      id: row.id as string,
      username: row.username as string,
      realname: (row.realname as string) ?? '',
      orgCode: (row.org_code as string) ?? null,
      status: Number(row.status),
      tenantIds: String(row.rel_tenant_ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    if (generation === this.revocations) {
      if (this.trusted.size >= TRUSTED_LIMIT) this.trusted.clear();
      const deadline = this.idleMinutes * 60_000 - idleMs;
      this.trusted.set(token!, { user, binding, until: Date.now() + Math.min(TRUST_MS, deadline) });
    }
    return user;
  }

  async revoke(key: string): Promise<void> {
    await this.db.updateTable('sys_session').set({ revoked: true }).where('id', '=', key).execute();
    this.forgetEnded({ keys: [key] });
    await this.ended({ keys: [key] });
  }

  /** this instance stops trusting sessions that ended (here, or on another instance) */
  forgetEnded(end: SessionEnd): void {
    this.revocations++;
    for (const [token, t] of this.trusted) if (ends(end, t.user.key, t.user.id)) this.trusted.delete(token);
  }

  /**
   * Which of these sessions still live: not revoked, not idle past the limit, their user neither
   * deleted nor frozen. Unlike resolve it pushes no deadline: asking keeps no session alive.
   */
  async live(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select('s.id')
      .where(sql<boolean>`s.id = any(${keys})`)
      .where('s.revoked', '=', false)
      .where('u.del_flag', '=', 0)
      .where('u.status', '=', 1)
      .where(sql<boolean>`extract(epoch from now() - s.last_seen) <= ${this.idleMinutes * 60}`)
      .execute();
    return new Set(rows.map((r) => String(r.id)));
  }

  /**
   * Deletes the sessions that can never open again (revoked, or idle past the limit): the table keeps
   * live ones only. Answers how many went.
   */
  async removeEnded(): Promise<number> {
    const res = await this.db
      .deleteFrom('sys_session')
      .where(sql<boolean>`revoked or last_seen < now() - make_interval(mins => ${this.idleMinutes})`)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** the next request of these users' sessions (all users without ids) reads their user row again */
  forgetUser(userIds?: string[]): void {
    this.revocations++;
    for (const [token, t] of this.trusted)
      if (!userIds || userIds.includes(t.user.id)) this.trusted.delete(token);
  }

  /** ends every session of a user (freeze, password change), optionally keeping the caller's own */
  async revokeUser(userId: string, exceptKey?: string): Promise<void> {
    await this.revokeUsers([userId], exceptKey);
  }

  /** every session of these users (a batch freeze) in one statement */
  async revokeUsers(userIds: string[], exceptKey?: string): Promise<void> {
    if (userIds.length === 0) return;
    let q = this.db
      .updateTable('sys_session')
      .set({ revoked: true })
      .where('user_id', 'in', userIds)
      .where('revoked', '=', false);
    if (exceptKey) q = q.where('id', '<>', exceptKey);
    await q.execute();
    const end = { userIds, except: exceptKey };
    this.forgetEnded(end);
    await this.ended(end);
  }
}
