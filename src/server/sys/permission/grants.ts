import type { AppContext } from '../../context';
import { docDb, type Db } from '../../db/connect';
import { BizError, fail, ok, okMessage } from '../../http/envelope';
import { id, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { newId } from '../../db/ids';
import { toWire } from '../../auth/user-info';
import { checkTree, permissionRows } from './tree';

type Row = Record<string, unknown>;

/** where grants are kept: of a role, of a department, of a department's role (the owner columns vary) */
type GrantTable = 'sys_role_permission' | 'sys_depart_permission' | 'sys_depart_role_permission';

/** an optional comma list of ids (an empty list is a valid answer: "nothing granted") */
export function idsParam(body: unknown, name: string): string[] {
  const ids = text(body, name, { max: 200_000 })
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length > 5000) throw new BizError('一次最多授权5000项');
  for (const v of ids) if (!/^[\w-]{1,64}$/.test(v)) throw new BizError(`参数 ${name} 格式不正确`);
  return [...new Set(ids)];
}

async function mustExist(
  db: Db,
  table: 'sys_role' | 'sys_depart',
  value: string,
  message: string,
): Promise<void> {
  if (!(await db.selectFrom(table).select('id').where('id', '=', value).executeTakeFirst()))
    throw new BizError(message);
}

/**
 * The diff-based save of reference 2.3: ids in permissionIds but not in lastpermissionIds are
 * granted, ids in lastpermissionIds but not in permissionIds are revoked; the client sends the set
 * it started from. Granting an id twice or revoking one not held changes nothing.
 */
async function saveDiff(
  db: Db,
  table: GrantTable,
  owner: Row,
  permissionIds: string[],
  lastIds: string[],
  callerCodes: Set<string>,
  allowed?: Set<string>,
): Promise<string[]> {
  const add = permissionIds.filter((p) => !lastIds.includes(p));
  const remove = lastIds.filter((p) => !permissionIds.includes(p));
  if (add.length) {
    const live = await db
      .selectFrom('sys_permission')
      .select(['id', 'perms'])
      .where('id', 'in', add)
      .where('del_flag', '=', 0)
      .execute();
    if (live.length !== add.length) throw new BizError('所选权限不存在');
    if (allowed && add.some((p) => !allowed.has(p))) throw new BizError('只能授予部门已拥有的权限');
    // no one grants more than it holds
    for (const row of live)
      for (const code of String(row.perms ?? '').split(','))
        if (code.trim() && !callerCodes.has(code.trim())) throw new BizError('不能授予自己没有的权限');
  }
  await db.transaction().execute(async (trx) => {
    if (remove.length) {
      let q = docDb(trx).deleteFrom(table).where('permission_id', 'in', remove);
      for (const [k, v] of Object.entries(owner)) q = q.where(k, '=', v);
      await q.execute();
    }
    if (add.length)
      await docDb(trx)
        .insertInto(table)
        .values(add.map((p) => ({ id: newId(), ...owner, permission_id: p })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
  return remove;
}

/** grants and data rules of a role cannot be changed by one of its own holders (the admin included: another admin can) */
async function assertNotOwnRole(db: Db, userId: string, roleId: string): Promise<void> {
  const own = await db
    .selectFrom('sys_user_role')
    .select('id')
    .where('user_id', '=', userId)
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  if (own) throw new BizError('不能修改自己所属角色的授权');
}

async function permissionIdsOf(db: Db, table: GrantTable, owner: Row): Promise<string[]> {
  let q = docDb(db).selectFrom(table).select('permission_id');
  for (const [k, v] of Object.entries(owner)) q = q.where(k, '=', v);
  return (await q.execute()).map((r) => String(r.permission_id));
}

export function registerGrantRoutes(t: RouteTable, ctx: AppContext): void {
  const role = { perm: 'system:role:authorize' };
  const depart = { perm: 'system:depart:authorize' };
  const departRole = { perm: 'system:departRole:authorize' };

  t.add({
    method: 'GET',
    url: '/sys/role/queryTreeList',
    access: role,
    tag: '角色管理',
    summary: '角色授权用的菜单树 {treeList, ids}',
    handler: async () => ok(checkTree(await permissionRows(ctx.db))),
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/queryRolePermission',
    access: role,
    tag: '角色管理',
    summary: '角色已授权的菜单与按钮 id 列表',
    params: [{ name: 'roleId', in: 'query', required: true }],
    handler: async (req) =>
      ok(await permissionIdsOf(ctx.db, 'sys_role_permission', { role_id: id(req.query, 'roleId') })),
  });

  t.add({
    method: 'POST',
    url: '/sys/permission/saveRolePermission',
    access: role,
    tag: '角色管理',
    summary: '保存角色授权（差量：permissionIds 为新集合，lastpermissionIds 为打开时的集合）',
    params: ['roleId', 'permissionIds', 'lastpermissionIds'].map((name) => ({ name, in: 'body' as const })),
    handler: async (req) => {
      const roleId = id(req.body, 'roleId');
      await mustExist(ctx.db, 'sys_role', roleId, '未找到对应实体');
      await assertNotOwnRole(ctx.db, req.user!.id, roleId);
      await saveDiff(
        ctx.db,
        'sys_role_permission',
        { role_id: roleId },
        idsParam(req.body, 'permissionIds'),
        idsParam(req.body, 'lastpermissionIds'),
        req.user!.codes,
      );
      ctx.permissions.invalidate();
      return okMessage('保存成功！');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/role/datarule/:permissionId/:roleId',
    access: role,
    tag: '角色管理',
    summary: '某菜单的数据规则与该角色已选的规则：{datarule, drChecked}',
    params: [
      { name: 'permissionId', in: 'path', required: true },
      { name: 'roleId', in: 'path', required: true },
    ],
    handler: async (req) => {
      const permissionId = id(req.params, 'permissionId');
      const roleId = id(req.params, 'roleId');
      const rules = await ctx.db
        .selectFrom('sys_permission_data_rule')
        .selectAll()
        .where('permission_id', '=', permissionId)
        .orderBy('create_time', 'desc')
        .execute();
      if (!rules.length) return fail('未找到权限配置信息');
      const link = await ctx.db
        .selectFrom('sys_role_permission')
        .select('data_rule_ids')
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      return ok({ datarule: rules.map(toWire), drChecked: link?.data_rule_ids ?? '' });
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/role/datarule',
    access: role,
    tag: '角色管理',
    summary: '为角色在某菜单上选择数据规则（同一角色的规则同时满足；多个角色之间取并集）',
    params: ['permissionId', 'roleId', 'dataRuleIds'].map((name) => ({ name, in: 'body' as const })),
    handler: async (req) => {
      const permissionId = id(req.body, 'permissionId');
      const roleId = id(req.body, 'roleId');
      const ruleIds = idsParam(req.body, 'dataRuleIds');
      await assertNotOwnRole(ctx.db, req.user!.id, roleId);
      const link = await ctx.db
        .selectFrom('sys_role_permission')
        .select('id')
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      if (!link) throw new BizError('请先保存角色菜单权限!');
      if (ruleIds.length) {
        const own = await ctx.db
          .selectFrom('sys_permission_data_rule')
          .select('id')
          .where('permission_id', '=', permissionId)
          .where('id', 'in', ruleIds)
          .execute();
        if (own.length !== ruleIds.length) throw new BizError('所选数据规则不属于该菜单');
      }
      await ctx.db
        .updateTable('sys_role_permission')
        .set({ data_rule_ids: ruleIds.join(',') || null })
        .where('id', '=', link.id)
        .execute();
      return okMessage('保存成功！');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/queryDepartPermission',
    access: depart,
    tag: '部门管理',
    summary: '部门已拥有的菜单与按钮 id（部门角色只能在此范围内授权）',
    params: [{ name: 'departId', in: 'query', required: true }],
    handler: async (req) =>
      ok(await permissionIdsOf(ctx.db, 'sys_depart_permission', { depart_id: id(req.query, 'departId') })),
  });

  t.add({
    method: 'POST',
    url: '/sys/permission/saveDepartPermission',
    access: depart,
    tag: '部门管理',
    summary: '保存部门权限（差量）；收回的权限同时从该部门的部门角色中收回',
    params: ['departId', 'permissionIds', 'lastpermissionIds'].map((name) => ({ name, in: 'body' as const })),
    handler: async (req) => {
      const departId = id(req.body, 'departId');
      await mustExist(ctx.db, 'sys_depart', departId, '未找到对应实体');
      const removed = await saveDiff(
        ctx.db,
        'sys_depart_permission',
        { depart_id: departId },
        idsParam(req.body, 'permissionIds'),
        idsParam(req.body, 'lastpermissionIds'),
        req.user!.codes,
      );
      if (removed.length)
        await ctx.db
          .deleteFrom('sys_depart_role_permission')
          .where('depart_id', '=', departId)
          .where('permission_id', 'in', removed)
          .execute();
      ctx.permissions.invalidate();
      return okMessage('保存成功！');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepartPermission/queryTreeListForDeptRole',
    access: departRole,
    tag: '部门角色',
    summary: '部门角色授权用的菜单树：只含该部门已拥有的权限 {treeList, ids}',
    params: [{ name: 'departId', in: 'query', required: true }],
    handler: async (req) => {
      const ids = await permissionIdsOf(ctx.db, 'sys_depart_permission', {
        depart_id: id(req.query, 'departId'),
      });
      return ok(checkTree(await permissionRows(ctx.db, ids)));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepartPermission/queryDeptRolePermission',
    access: departRole,
    tag: '部门角色',
    summary: '部门角色已授权的菜单与按钮 id',
    params: [{ name: 'roleId', in: 'query', required: true }],
    handler: async (req) =>
      ok(await permissionIdsOf(ctx.db, 'sys_depart_role_permission', { role_id: id(req.query, 'roleId') })),
  });

  t.add({
    method: 'POST',
    url: '/sys/sysDepartPermission/saveDeptRolePermission',
    access: departRole,
    tag: '部门角色',
    summary: '保存部门角色授权（差量；只能授予所属部门已拥有的权限）',
    params: ['roleId', 'permissionIds', 'lastpermissionIds'].map((name) => ({ name, in: 'body' as const })),
    handler: async (req) => {
      const roleId = id(req.body, 'roleId');
      const dr = await ctx.db
        .selectFrom('sys_depart_role')
        .select(['id', 'depart_id'])
        .where('id', '=', roleId)
        .executeTakeFirst();
      if (!dr) throw new BizError('未找到对应实体');
      const allowed = new Set(
        await permissionIdsOf(ctx.db, 'sys_depart_permission', { depart_id: String(dr.depart_id) }),
      );
      await saveDiff(
        ctx.db,
        'sys_depart_role_permission',
        { role_id: roleId, depart_id: String(dr.depart_id) },
        idsParam(req.body, 'permissionIds'),
        idsParam(req.body, 'lastpermissionIds'),
        req.user!.codes,
        allowed,
      );
      ctx.permissions.invalidate();
      return okMessage('保存成功！');
    },
  });
}
