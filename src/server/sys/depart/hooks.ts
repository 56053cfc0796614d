import type { Db } from '../../db/connect';
import type { EntityHooks } from '../../crud/hooks';
import { BizError } from '../../http/envelope';
import { newId } from '../../db/ids';
import { nextChildCode } from '../rules/codes';

/** org_code and level of a new department under parentId ('0' for a root) */
async function newOrgCode(db: Db, parentId: string): Promise<{ code: string; level: number }> {
  const code = await nextChildCode(
    db,
    { table: 'sys_depart', codeColumn: 'org_code', pidColumn: 'parent_id', missingParent: '上级部门不存在' },
    parentId === '0' ? null : parentId,
  );
  return { code, level: code.length / 3 };
}

/** removes department roles with their members and grants */
export async function deleteDepartRoles(db: Db, roleIds: string[]): Promise<void> {
  if (!roleIds.length) return;
  await db.deleteFrom('sys_depart_role_user').where('drole_id', 'in', roleIds).execute();
  await db.deleteFrom('sys_depart_role_permission').where('role_id', 'in', roleIds).execute();
  await db.deleteFrom('sys_depart_role').where('id', 'in', roleIds).execute();
}

/**
 * sys_depart: the org code is generated from the parent (never typed in), a department cannot
 * move under another parent (its code and every descendant's would change), and deleting one
 * removes its descendants (generic tree delete) with their members, grants and department roles.
 */
export const departHooks: EntityHooks = {
  async beforeWrite(_ctx, { action, db, ids, input, values, existing }) {
    if (action === 'edit') {
      const pid = values.parent_id;
      if (pid !== undefined && String(pid) !== String(existing?.parentId ?? '0'))
        throw new BizError('不能修改上级部门');
    } else if (action === 'add') {
      const { code, level } = await newOrgCode(db, String(values.parent_id ?? '0'));
      values.org_code = code;
      values.org_type = String(level);
      if (input?.orgCategory === undefined) values.org_category = level === 1 ? '1' : '2';
    } else {
      await db.deleteFrom('sys_user_depart').where('dep_id', 'in', ids).execute();
      await db.deleteFrom('sys_depart_permission').where('depart_id', 'in', ids).execute();
      const roles = await db
        .selectFrom('sys_depart_role')
        .select('id')
        .where('depart_id', 'in', ids)
        .execute();
      await deleteDepartRoles(
        db,
        roles.map((r) => String(r.id)),
      );
      await db
        .updateTable('sys_user')
        .set({ org_code: null, select_depart_id: null })
        .where('select_depart_id', 'in', ids)
        .execute();
    }
  },
  afterWrite: async (ctx, e) => {
    ctx.permissions.invalidate();
    // users whose selected department went away carry no department from their next request on
    if (e.action === 'delete') ctx.sessions.forgetUser();
  },
};

/** sys_depart_role: its members (userIds) must belong to its department; no one adds itself */
export const departRoleHooks: EntityHooks = {
  async read(ctx, rows) {
    const ids = rows.map((r) => String(r.id));
    if (!ids.length) return;
    const links = await ctx.db
      .selectFrom('sys_depart_role_user')
      .select(['drole_id', 'user_id'])
      .where('drole_id', 'in', ids)
      .execute();
    for (const r of rows)
      r.userIds = links
        .filter((l) => l.drole_id === r.id)
        .map((l) => l.user_id)
        .join(',');
  },
  async beforeWrite(_ctx, { action, db, ids, input, values, existing, user }) {
    if (action === 'delete') {
      await db.deleteFrom('sys_depart_role_user').where('drole_id', 'in', ids).execute();
      await db.deleteFrom('sys_depart_role_permission').where('role_id', 'in', ids).execute();
      return;
    }
    if (action === 'edit' && values.depart_id !== undefined && values.depart_id !== existing?.departId)
      throw new BizError('不能修改部门角色所属的部门');
    if (input?.userIds === undefined || input.userIds === null) return;
    const id = ids[0];
    const userIds = [
      ...new Set(
        String(input.userIds)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const departId = String(values.depart_id ?? existing?.departId);
    if (userIds.length) {
      const members = await db
        .selectFrom('sys_user_depart')
        .select('user_id')
        .where('dep_id', '=', departId)
        .where('user_id', 'in', userIds)
        .execute();
      if (members.length !== userIds.length) throw new BizError('部门角色的成员必须属于该部门');
    }
    const before = await db
      .selectFrom('sys_depart_role_user')
      .select('user_id')
      .where('drole_id', '=', id)
      .execute();
    if (user && userIds.includes(user.id) && !before.some((b) => b.user_id === user.id))
      throw new BizError('不能把自己加入部门角色');
    await db.deleteFrom('sys_depart_role_user').where('drole_id', '=', id).execute();
    if (userIds.length)
      await db
        .insertInto('sys_depart_role_user')
        .values(userIds.map((u) => ({ id: newId(), user_id: u, drole_id: id })))
        .execute();
  },
  afterWrite: async (ctx) => ctx.permissions.invalidate(),
};
