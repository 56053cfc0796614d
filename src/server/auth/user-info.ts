import { camelCase } from '../../core/document/model';
import type { AppContext } from '../context';

const HIDDEN = new Set(['password', 'salt']);

/** a sys row as the wire wants it: camelCase keys, secrets never serialised */
export function toWire(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!HIDDEN.has(k)) out[camelCase(k)] = v;
  return out;
}

/**
 * The login result ({token, userInfo, userRole, company}) plus the upstream keys the
 * front end may read (departs, multi_depart); userInfo.departName names the current department.
 */
export async function loginResult(ctx: AppContext, user: Record<string, unknown>, token: string) {
  const userId = user.id as string;
  const [roles, departs] = await Promise.all([
    ctx.db
      .selectFrom('sys_role as r')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
      .select(['r.id', 'r.role_code', 'r.role_name'])
      .where('ur.user_id', '=', userId)
      .orderBy('r.role_code')
      .execute(),
    ctx.db
      .selectFrom('sys_depart as d')
      .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
      .selectAll('d')
      .where('ud.user_id', '=', userId)
      .orderBy('d.org_code')
      .execute(),
  ]);
  const userInfo = toWire(user);
  userInfo.roleCode = roles.map((r) => r.role_code).join(',');
  userInfo.selectDepartId ??= null;
  userInfo.selectPositionId ??= null;
  if (!userInfo.orgCode && departs.length === 1) userInfo.orgCode = departs[0].org_code;
  const selected = departs.find((d) => d.org_code === userInfo.orgCode) ?? departs[0];
  userInfo.departName = selected?.depart_name ?? null;
  const company = await companyOf(ctx, selected?.org_code as string | undefined);
  return {
    token,
    userInfo,
    userRole: roles.map((r) => ({ id: r.id, roleCode: r.role_code, roleName: r.role_name })),
    company: { orgCompanyId: selected?.id ?? '', sysCompanyId: company?.id ?? '' },
    departs: departs.map(toWire),
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
  };
}

/**
 * userInfo as login returns it (the row without secrets, plus roleCode and the name of the
 * department chosen in 部门切换, which the header shows), for a user id
 */
export async function currentUserInfo(ctx: AppContext, userId: string): Promise<Record<string, unknown>> {
  const user = await ctx.db
    .selectFrom('sys_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await ctx.db
    .selectFrom('sys_role as r')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
    .select('r.role_code')
    .where('ur.user_id', '=', userId)
    .orderBy('r.role_code')
    .execute();
  const depart = user.org_code
    ? await ctx.db
        .selectFrom('sys_depart')
        .select('depart_name')
        .where('org_code', '=', user.org_code)
        .executeTakeFirst()
    : undefined;
  return {
    ...toWire(user),
    roleCode: roles.map((r) => r.role_code).join(','),
    departName: depart?.depart_name ?? null,
  };
}

/** the top-level unit (first 3-character level of the org code) a department belongs to */
async function companyOf(ctx: AppContext, orgCode: string | undefined) {
  if (!orgCode) return undefined;
  return ctx.db
    .selectFrom('sys_depart')
    .select('id')
    .where('org_code', '=', orgCode.slice(0, 3))
    .executeTakeFirst();
}
