import { docDb } from '../../db/connect';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { BizError, fail, ok, okMessage, page } from '../../http/envelope';
import { id, idList, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { toWire } from '../../auth/user-info';
import { hashPassword } from '../../auth/password';
import { checkPasswordStrength } from '../../auth/register';
import { departNames, userHooks } from './hooks';
import { registerLocaleRoute } from './locale';
import { setEntityHooks } from '../../crud/hooks';

const tag = '用户管理';

/** the columns a picker shows: never passwords, never more than a picker needs */
const PICKER_COLUMNS = [
  'id',
  'username',
  'realname',
  'phone',
  'birthday',
  'sex',
  'work_no',
  'org_code',
  'status',
] as const;

function liveUsers(ctx: AppContext) {
  return ctx.db.selectFrom('sys_user').where('del_flag', '=', 0);
}

function like(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/** users of a department and its sub-departments (org_code prefix), as picker rows with orgCodeTxt */
async function pickerRows(rows: Record<string, unknown>[], ctx: AppContext) {
  const names = await departNames(
    ctx.db,
    rows.map((r) => String(r.id)),
  );
  const sexText = new Map(((await ctx.dicts.byCode('sex')) ?? []).map((o) => [o.value, o.text]));
  return rows.map((r) => ({
    ...toWire(r),
    sex_dictText: r.sex === null || r.sex === undefined ? undefined : (sexText.get(String(r.sex)) ?? r.sex),
    orgCodeTxt: names.get(String(r.id)) ?? '',
  }));
}

async function departCode(ctx: AppContext, departId: string): Promise<string> {
  const d = await ctx.db
    .selectFrom('sys_depart')
    .select('org_code')
    .where('id', '=', departId)
    .executeTakeFirst();
  if (!d) throw new BizError('部门不存在');
  return String(d.org_code);
}

function inDepartmentTree(code: string) {
  return sql<SqlBool>`exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
    where ud.user_id = sys_user.id and d.org_code like ${code.replace(/[\\%_]/g, (c) => '\\' + c) + '%'})`;
}

export function registerUserRoutes(t: RouteTable, ctx: AppContext): void {
  setEntityHooks('sys_user', userHooks);
  registerLocaleRoute(t, ctx, tag);

  t.add({
    method: 'PUT',
    url: '/sys/user/frozenBatch',
    access: { perm: 'system:user:frozen' },
    tag,
    summary: '冻结（status=2）或解冻（status=1）用户；被冻结用户不能登录，已有会话在下一次请求时结束',
    params: [
      { name: 'ids', in: 'body', required: true },
      { name: 'status', in: 'body', required: true },
    ],
    handler: async (req) => {
      const ids = idList(req.body, 'ids');
      const status = text(req.body, 'status', { required: '参数 status 不能为空', max: 1 });
      if (status !== '1' && status !== '2') throw new BizError('参数 status 只能是 1（解冻）或 2（冻结）');
      if (status === '2' && ids.includes(req.user!.id)) throw new BizError('不能冻结当前登录用户');
      const res = await ctx.db
        .updateTable('sys_user')
        .set({ status: Number(status), update_by: req.user!.username, update_time: sql`now()` })
        .where('id', 'in', ids)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== ids.length) throw new BizError('未找到对应实体');
      if (status === '2') await ctx.sessions.revokeUsers(ids);
      return okMessage('操作成功！');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/user/checkOnlyUser',
    access: { perm: 'system:user:list' },
    tag,
    summary:
      '账号、手机号、邮箱或工号是否已被占用（编辑时传 id 排除自身）；需登录与用户列表权限，防止枚举账号',
    params: ['username', 'phone', 'email', 'workNo', 'id'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      const fields = { username: 'username', phone: 'phone', email: 'email', workNo: 'work_no' } as const;
      const entry = (Object.keys(fields) as (keyof typeof fields)[])
        .map((k) => [k, text(req.query, k, { max: 100 })] as const)
        .find(([, v]) => v);
      if (!entry) throw new BizError('请提供要校验的账号');
      const except = text(req.query, 'id', { max: 64 });
      let q = ctx.db.selectFrom('sys_user').select('id').where(fields[entry[0]], '=', entry[1]);
      if (except) q = q.where('id', '<>', except);
      if (entry[0] !== 'username') q = q.where('del_flag', '=', 0);
      return (await q.executeTakeFirst()) ? fail('用户账号已存在') : ok(true, '该值可用！');
    },
  });

  for (const url of ['/sys/user/changPassword', '/sys/user/changePassword'])
    t.add({
      method: 'PUT',
      url,
      access: { perm: 'system:user:changePassword' },
      tag,
      summary:
        '管理员重置用户密码（changPassword 为前端使用的拼写，changePassword 为上游别名）；该用户的全部会话随即结束',
      params: [
        { name: 'username', in: 'body', required: true },
        { name: 'password', in: 'body', required: true },
        { name: 'confirmpassword', in: 'body' },
      ],
      handler: async (req) => {
        const username = text(req.body, 'username', { required: '参数 username 不能为空', max: 100 });
        const password = text(req.body, 'password', { required: '新密码不允许为空!', max: 100 });
        const confirm = text(req.body, 'confirmpassword', { max: 100 });
        if (confirm && confirm !== password) throw new BizError('两次输入密码不一致!');
        checkPasswordStrength(password);
        const user = await liveUsers(ctx).select('id').where('username', '=', username).executeTakeFirst();
        if (!user) throw new BizError('用户不存在！');
        await ctx.db
          .updateTable('sys_user')
          .set({
            password: await hashPassword(password),
            update_by: req.user!.username,
            update_time: sql`now()`,
          })
          .where('id', '=', user.id)
          .execute();
        await ctx.sessions.revokeUser(String(user.id));
        return okMessage('密码修改成功！');
      },
    });

  t.add({
    method: 'GET',
    url: '/sys/user/queryUserRole',
    access: { perm: 'system:user:list' },
    tag,
    summary: '用户的角色 id 列表',
    params: [{ name: 'userid', in: 'query', required: true }],
    handler: async (req) => {
      const rows = await ctx.db
        .selectFrom('sys_user_role')
        .select('role_id')
        .where('user_id', '=', id(req.query, 'userid'))
        .execute();
      if (!rows.length) return fail('未找到用户相关角色信息');
      return ok(rows.map((r) => String(r.role_id)));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/user/queryUserByDepId',
    access: { perm: 'system:user:picker' },
    tag,
    summary: '部门（含下级部门）的用户，可按姓名模糊查询；用于“根据部门选择用户”',
    params: [
      { name: 'id', in: 'query', required: true, description: '部门 id' },
      { name: 'realname', in: 'query' },
    ],
    handler: async (req) => {
      const code = await departCode(ctx, id(req.query));
      const realname = text(req.query, 'realname', { max: 100 });
      let q = liveUsers(ctx).select(PICKER_COLUMNS).where(inDepartmentTree(code));
      if (realname) q = q.where('realname', 'ilike', like(realname));
      return ok(await pickerRows(await q.orderBy('username').limit(ctx.config.maxPageSize).execute(), ctx));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/user/queryByIds',
    access: { perm: 'system:user:picker' },
    tag,
    summary: '按 id 查询用户（选择器回显已选用户的姓名），顺序同 userIds',
    params: [{ name: 'userIds', in: 'query', required: true, description: '逗号分隔的用户 id' }],
    handler: async (req) => {
      const ids = idList(req.query, 'userIds', '参数 userIds 不能为空');
      const rows = await liveUsers(ctx).select(PICKER_COLUMNS).where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      return ok(
        await pickerRows(
          ids.flatMap((i) => byId.get(i) ?? []),
          ctx,
        ),
      );
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/user/queryUserComponentData',
    access: { perm: 'system:user:picker' },
    tag,
    summary: '用户选择器数据：分页，可按部门（含下级）、姓名、账号过滤',
    params: ['pageNo', 'pageSize', 'departId', 'realname', 'username'].map((name) => ({
      name,
      in: 'query' as const,
    })),
    handler: async (req) => {
      const q = req.query;
      const pageNo = Math.max(1, Number(text(q, 'pageNo', { max: 6 })) || 1);
      const pageSize = Math.min(Math.max(1, Number(text(q, 'pageSize', { max: 6 })) || 10), 500);
      const departId = text(q, 'departId', { max: 64 });
      const realname = text(q, 'realname', { max: 100 });
      const username = text(q, 'username', { max: 100 });
      let base = liveUsers(ctx);
      if (departId) base = base.where(inDepartmentTree(await departCode(ctx, id(q, 'departId'))));
      if (realname) base = base.where('realname', 'ilike', like(realname));
      if (username) base = base.where('username', 'ilike', like(username));
      const [rows, total] = await Promise.all([
        base
          .select(PICKER_COLUMNS)
          .orderBy('create_time', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok(page(await pickerRows(rows, ctx), Number(total.n), pageSize, pageNo));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/user/getCurrentUserDeparts',
    access: 'session',
    tag,
    summary: '当前用户的部门 list、当前部门 orgCode 与本人担任的职务 positions（部门/岗位切换用）',
    handler: async (req) => {
      const user = await ctx.db
        .selectFrom('sys_user')
        .select(['org_code', 'post', 'select_position_id'])
        .where('id', '=', req.user!.id)
        .executeTakeFirstOrThrow();
      const [list, positions] = await Promise.all([
        ctx.db
          .selectFrom('sys_depart as d')
          .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
          .selectAll('d')
          .where('ud.user_id', '=', req.user!.id)
          .orderBy('d.org_code')
          .execute(),
        heldPositions(ctx, user.post as string | null),
      ]);
      return ok({
        list: list.map(toWire),
        orgCode: user.org_code ?? '',
        positions,
        selectPositionId: user.select_position_id ?? '',
      });
    },
  });
}

/** the positions named by a user's post column (comma list of position codes) */
export async function heldPositions(ctx: AppContext, post: string | null) {
  const codes = String(post ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!codes.length) return [];
  const rows = await docDb(ctx.db)
    .selectFrom('sys_position')
    .select(['id', 'code', 'name', 'post_rank'])
    .where('code', 'in', codes)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, rank: r.post_rank }));
}
