import type { AppContext } from '../../context';
import { setEntityHooks, type EntityHooks } from '../../crud/hooks';
import { BizError, fail, ok } from '../../http/envelope';
import { text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { toWire } from '../../auth/user-info';
import { ADMIN_ROLE_CODE } from '../../menu/sync';

/** sys_role: the admin role keeps its code and cannot be deleted; a role's links go with it */
const roleHooks: EntityHooks = {
  async beforeWrite(_ctx, { action, db, ids, values, existing }) {
    if (action === 'edit') {
      if (
        existing?.roleCode === ADMIN_ROLE_CODE &&
        values.role_code !== undefined &&
        values.role_code !== ADMIN_ROLE_CODE
      )
        throw new BizError('管理员角色的编码不能修改');
      return;
    }
    if (action !== 'delete') return;
    const admin = await db
      .selectFrom('sys_role')
      .select('id')
      .where('id', 'in', ids)
      .where('role_code', '=', ADMIN_ROLE_CODE)
      .executeTakeFirst();
    if (admin) throw new BizError('管理员角色不能删除');
    await db.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
    await db.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
  },
  afterWrite: async (ctx) => ctx.permissions.invalidate(),
};

export function registerRoleRoutes(t: RouteTable, ctx: AppContext): void {
  setEntityHooks('sys_role', roleHooks);
  const tag = '角色管理';

  t.add({
    method: 'GET',
    url: '/sys/role/queryall',
    access: { perm: 'system:role:list' },
    tag,
    summary: '全部角色（用户表单选择角色用）',
    handler: async () => {
      const rows = await ctx.db
        .selectFrom('sys_role')
        .select(['id', 'role_name', 'role_code', 'description', 'create_time'])
        .orderBy('create_time')
        .orderBy('id')
        .execute();
      if (!rows.length) return fail('未找到角色信息');
      return ok(rows.map(toWire));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/role/checkRoleCode',
    access: { perm: 'system:role:list' },
    tag,
    summary: '角色编码是否可用（编辑时传 id 排除自身）',
    params: [
      { name: 'roleCode', in: 'query', required: true },
      { name: 'id', in: 'query' },
    ],
    handler: async (req) => {
      const roleCode = text(req.query, 'roleCode', { required: '请输入角色编码', max: 100 });
      const except = text(req.query, 'id', { max: 64 });
      let q = ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode);
      if (except) q = q.where('id', '<>', except);
      return (await q.executeTakeFirst()) ? fail('角色编码已存在') : ok(true, '该值可用！');
    },
  });
}
