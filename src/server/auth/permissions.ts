import type { Db } from '../db/connect';

const TTL_MS = 10_000;

/**
 * The permission codes a user holds: the perms of every menu and button row granted to one of its
 * roles. Cached briefly per user; writes to roles or grants call invalidate() (other instances
 * catch up within the TTL).
 */
export class PermissionCache {
  private cache = new Map<string, { at: number; codes: Set<string> }>();

  constructor(private readonly db: Db) {}

  async codes(userId: string): Promise<Set<string>> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.codes;
    const rows = await this.db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
      .select('p.perms')
      .where('ur.user_id', '=', userId)
      .where('p.del_flag', '=', 0)
      .where('p.perms', 'is not', null)
      .execute();
    const codes = new Set<string>();
    for (const r of rows) for (const c of String(r.perms).split(',')) if (c.trim()) codes.add(c.trim());
    this.cache.set(userId, { at: Date.now(), codes });
    return codes;
  }

  invalidate(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }
}
