import type { AppContext } from '../../context';
import { BizError, ok } from '../../http/envelope';
import { text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { currentUserInfo } from '../../auth/user-info';
import { heldPositions } from './routes';

/**
 * The department/position switch. Only to a department the user belongs to and a position it
 * holds (CVE-2026-9580 was a switch to any department); always the caller's own account, whatever
 * username the body names. The choice sets org_code, which #{sys_org_code} of the data rules reads
 * on the next request.
 */
async function select(ctx: AppContext, userId: string, departId: string, positionId: string) {
  const depart = await ctx.db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .select(['d.id', 'd.org_code'])
    .where('ud.user_id', '=', userId)
    .where('d.id', '=', departId)
    .executeTakeFirst();
  if (!depart) throw new BizError('只能切换到本人所属的部门');
  const user = await ctx.db
    .selectFrom('sys_user')
    .select('post')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (positionId && !(await heldPositions(ctx, user.post as string | null)).some((p) => p.id === positionId))
    throw new BizError('只能选择本人担任的职务');
  await ctx.db
    .updateTable('sys_user')
    .set({ org_code: depart.org_code, select_depart_id: depart.id, select_position_id: positionId || null })
    .where('id', '=', userId)
    .execute();
  ctx.sessions.forgetUser([userId]);
  return ok({ userInfo: await currentUserInfo(ctx, userId) }, '切换成功');
}

function ownAccount(body: unknown, username: string) {
  const named = text(body, 'username', { max: 100 });
  if (named && named !== username) throw new BizError('只能切换本人的部门');
}

export function registerSelectDepartRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'POST',
    url: '/sys/selectDepart',
    access: 'session',
    tag: '用户管理',
    summary: '切换当前部门与职务（只能选择本人所属部门与担任的职务）；返回 result.userInfo',
    params: ['username', 'selectDepartId', 'selectPositionId'].map((name) => ({ name, in: 'body' as const })),
    handler: async (req) => {
      ownAccount(req.body, req.user!.username);
      const departId = text(req.body, 'selectDepartId', { required: '请选择部门', max: 64 });
      const positionId = text(req.body, 'selectPositionId', { max: 64 });
      return select(ctx, req.user!.id, departId, positionId);
    },
  });

  t.add({
    method: 'PUT',
    url: '/sys/selectDepart',
    access: 'session',
    tag: '用户管理',
    summary: '切换当前部门（上游写法：orgCode）；只能选择本人所属部门',
    params: ['username', 'orgCode'].map((name) => ({ name, in: 'body' as const })),
    handler: async (req) => {
      ownAccount(req.body, req.user!.username);
      const orgCode = text(req.body, 'orgCode', { required: '请选择部门', max: 64 });
      const depart = await ctx.db
        .selectFrom('sys_depart')
        .select('id')
        .where('org_code', '=', orgCode)
        .executeTakeFirst();
      if (!depart) throw new BizError('只能切换到本人所属的部门');
      const user = await ctx.db
        .selectFrom('sys_user')
        .select('select_position_id')
        .where('id', '=', req.user!.id)
        .executeTakeFirstOrThrow();
      return select(ctx, req.user!.id, String(depart.id), String(user.select_position_id ?? ''));
    },
  });
}
