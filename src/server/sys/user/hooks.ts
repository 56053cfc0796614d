import { sql, type Expression, type SqlBool } from 'kysely';
import { docDb, type Db } from '../../db/connect';
import type { EntityHooks } from '../../crud/hooks';
import { BizError } from '../../http/envelope';
import { newId } from '../../db/ids';
import { hashPassword } from '../../auth/password';
import { checkPasswordStrength } from '../../auth/register';

type Row = Record<string, unknown>;

/** user id → its departments' names, comma-joined (orgCodeTxt) */
export async function departNames(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.depart_name'])
    .where('ud.user_id', 'in', userIds)
    .orderBy('d.org_code')
    .execute();
  for (const r of rows) {
    const id = String(r.user_id);
    out.set(id, out.has(id) ? `${out.get(id)},${r.depart_name}` : String(r.depart_name));
  }
  return out;
}

/** "department name contains": the list's orgCodeTxt search (the JInput helper may wrap it as *x*) */
export function departNameFilter(raw: unknown, userId = sql.ref('sys_user.id')): Expression<SqlBool>[] {
  const text = typeof raw === 'string' ? raw.trim().replace(/^\*|\*$/g, '') : '';
  if (!text) return [];
  if (text.length > 100) throw new BizError('参数 orgCodeTxt 过长（最多100个字符）');
  const like = `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  return [
    sql<SqlBool>`exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
                         where ud.user_id = ${userId} and d.depart_name ilike ${like})`,
  ];
}

function idsOf(v: unknown, name: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v.map(String) : String(v).split(',');
  const ids = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  for (const id of ids) if (!/^[\w-]{1,64}$/.test(id)) throw new BizError(`参数 ${name} 格式不正确`);
  return ids;
}

async function checkExisting(db: Db, table: 'sys_role' | 'sys_depart', ids: string[], message: string) {
  if (!ids.length) return;
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new BizError(message);
}

/** the permission codes the given roles grant */
export async function codesOfRoles(db: Db, roleIds: string[]): Promise<Set<string>> {
  const codes = new Set<string>();
  if (!roleIds.length) return codes;
  const rows = await db
    .selectFrom('sys_permission as p')
    .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
    .select('p.perms')
    .where('rp.role_id', 'in', roleIds)
    .where('p.perms', 'is not', null)
    .execute();
  for (const r of rows) for (const c of String(r.perms).split(',')) if (c.trim()) codes.add(c.trim());
  return codes;
}

/** no one hands out more than it holds: every code a newly given role grants must be the caller's */
export async function assertWithinOwn(db: Db, roleIds: string[], callerCodes: Set<string>): Promise<void> {
  for (const code of await codesOfRoles(db, roleIds))
    if (!callerCodes.has(code)) throw new BizError('不能分配超出自己权限的角色');
}

/** what an account may not change on itself: roles, departments, tenants, identity (CVE-2026-9579) */
const SELF_LOCKED: [string, string][] = [
  ['user_identity', 'userIdentity'],
  ['depart_ids', 'departIds'],
  ['rel_tenant_ids', 'relTenantIds'],
];

/** a user's links: roles (sys_user_role.role_id) or departments (sys_user_depart.dep_id) */
type LinkTable = 'sys_user_role' | 'sys_user_depart';
type LinkColumn = 'role_id' | 'dep_id';

async function linkIds(db: Db, table: LinkTable, column: LinkColumn, userId: string): Promise<string[]> {
  return (await docDb(db).selectFrom(table).select(column).where('user_id', '=', userId).execute())
    .map((r) => String(r[column]))
    .sort();
}

/** replaces a user's links (roles or departments) by the given ids */
async function replaceLinks(db: Db, table: LinkTable, column: LinkColumn, userId: string, ids: string[]) {
  await db.deleteFrom(table).where('user_id', '=', userId).execute();
  if (ids.length)
    await docDb(db)
      .insertInto(table)
      .values(ids.map((id) => ({ id: newId(), user_id: userId, [column]: id })))
      .execute();
}

/** the selected department stays one of the user's: #{sys_org_code} follows it */
async function keepSelection(db: Db, values: Row, departs: string[], current: Row | undefined) {
  const held = departs.length
    ? await db
        .selectFrom('sys_depart')
        .select(['id', 'org_code'])
        .where('id', 'in', departs)
        .orderBy('org_code')
        .execute()
    : [];
  const keep = held.find((d) => d.org_code === current?.orgCode) ?? (held.length === 1 ? held[0] : undefined);
  values.org_code = keep?.org_code ?? null;
  values.select_depart_id = keep?.id ?? null;
}

/**
 * sys_user: password hashed on add and never changed by edit (admins reset it through
 * changPassword), roles (selectedroles) and departments (selecteddeparts) saved in the write's
 * transaction, orgCodeTxt computed and searchable, no one changes its own roles, departments,
 * tenants or identity, nor hands out a role beyond its own permissions, nor deletes itself.
 */
export const userHooks: EntityHooks = {
  filter: (_ctx, params) => departNameFilter(params.orgCodeTxt),

  async read(ctx, rows) {
    const ids = rows.map((r) => String(r.id));
    if (!ids.length) return;
    const [names, roles, departs] = await Promise.all([
      departNames(ctx.db, ids),
      ctx.db.selectFrom('sys_user_role').select(['user_id', 'role_id']).where('user_id', 'in', ids).execute(),
      ctx.db
        .selectFrom('sys_user_depart')
        .select(['user_id', 'dep_id'])
        .where('user_id', 'in', ids)
        .execute(),
    ]);
    for (const r of rows) {
      const id = String(r.id);
      r.orgCodeTxt = names.get(id) ?? '';
      r.selectedroles = roles
        .filter((x) => x.user_id === id)
        .map((x) => x.role_id)
        .join(',');
      r.selecteddeparts = departs
        .filter((x) => x.user_id === id)
        .map((x) => x.dep_id)
        .join(',');
    }
  },

  async beforeWrite(_ctx, { action, db, ids, input, values, existing, user }) {
    const id = ids[0];
    if (action === 'delete') {
      if (user && ids.includes(user.id)) throw new BizError('不能删除当前登录用户');
      return;
    }
    if (action === 'edit') {
      delete values.password;
      if (existing?.id === user?.id)
        for (const [column, key] of SELF_LOCKED)
          if (values[column] !== undefined && String(values[column] ?? '') !== String(existing?.[key] ?? ''))
            throw new BizError('不能修改自己的角色、部门、租户或身份');
    } else {
      const password = values.password;
      if (typeof password === 'string' && password) {
        checkPasswordStrength(password);
        values.password = await hashPassword(password);
      } else values.password = null; // no password: the account cannot log in until one is set
      values.status = 1;
      values.del_flag = 0;
    }
    const roles = idsOf(input?.selectedroles, 'selectedroles');
    const departs = idsOf(input?.selecteddeparts, 'selecteddeparts');
    if (action === 'edit' && id === user?.id) {
      const same = async (given: string[] | undefined, table: LinkTable, column: LinkColumn) =>
        !given || JSON.stringify([...given].sort()) === JSON.stringify(await linkIds(db, table, column, id));
      if (
        !(await same(roles, 'sys_user_role', 'role_id')) ||
        !(await same(departs, 'sys_user_depart', 'dep_id'))
      )
        throw new BizError('不能修改自己的角色、部门、租户或身份');
    }
    if (roles) {
      await checkExisting(db, 'sys_role', roles, '所选角色不存在');
      const held = await linkIds(db, 'sys_user_role', 'role_id', id);
      await assertWithinOwn(
        db,
        roles.filter((r) => !held.includes(r)),
        user?.codes ?? new Set(),
      );
      await replaceLinks(db, 'sys_user_role', 'role_id', id, roles);
    }
    if (departs) {
      await checkExisting(db, 'sys_depart', departs, '所选部门不存在');
      await replaceLinks(db, 'sys_user_depart', 'dep_id', id, departs);
      await keepSelection(db, values, departs, existing);
    }
  },

  afterWrite: async (ctx, e) => {
    ctx.permissions.invalidate();
    // a deleted user's sessions end (its open sockets close), and stay ended should it come back
    if (e.action === 'delete') await ctx.sessions.revokeUsers(e.ids);
    // an edit may change what the users' sessions carry (name, department)
    else ctx.sessions.forgetUser(e.ids);
  },
};
