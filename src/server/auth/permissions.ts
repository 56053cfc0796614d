import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';

const TTL_MS = 10_000;

/**
 * Every grant a user holds, as rows (permission_id, data_rule_ids): the grants of its roles, plus
 * those of its department roles. A department role's grant counts only while the user still belongs
 * to that department and the department itself still holds the permission, so taking a permission
 * from a department takes it from the department's roles at once.
 */
export function userGrants(
  userId: string,
): RawBuilder<{ permission_id: string; data_rule_ids: string | null }> {
  return sql`(
    select rp.permission_id, rp.data_rule_ids
      from sys_role_permission rp join sys_user_role ur on ur.role_id = rp.role_id
     where ur.user_id = ${userId}
    union all
    select drp.permission_id, drp.data_rule_ids
      from sys_depart_role_permission drp
      join sys_depart_role_user dru on dru.drole_id = drp.role_id
      join sys_depart_role dr on dr.id = drp.role_id
      join sys_user_depart ud on ud.user_id = dru.user_id and ud.dep_id = dr.depart_id
      join sys_depart_permission dp on dp.depart_id = dr.depart_id and dp.permission_id = drp.permission_id
     where dru.user_id = ${userId})`;
}

/**
 * The permission codes a user holds: the perms of every menu and button row granted to it (roles
 * and department roles). Cached briefly per user; writes to roles, grants and users' roles call
 * invalidate(), which also calls `changed` (the socket routes tell every instance and every open
 * console through it). The TTL (10 s) bounds what a lost message could leave behind.
 */
export class PermissionCache {
  private cache = new Map<string, { at: number; codes: Set<string> }>();
  /** after every invalidate() */
  changed: () => void = () => {};

  constructor(private readonly db: Db) {}

  async codes(userId: string): Promise<Set<string>> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.codes;
    const rows = await sql<{ perms: string }>`
      select p.perms from sys_permission p
       where p.del_flag = 0 and p.perms is not null
         and p.id in (select g.permission_id from ${userGrants(userId)} g)`.execute(this.db);
    const codes = new Set<string>();
    for (const r of rows.rows) for (const c of String(r.perms).split(',')) if (c.trim()) codes.add(c.trim());
    this.cache.set(userId, { at: Date.now(), codes });
    return codes;
  }

  invalidate(userId?: string): void {
    this.forget(userId);
    this.changed();
  }

  /** drops this instance's cached codes only */
  forget(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }
}
