import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { parseConditions, matchTypeOf, type WireCondition } from '../../core/query/advanced';
import { QueryError } from '../../core/query/ast';
import { superQuery } from '../../core/query/params';
import { CODE, NO_PERMISSION } from '../../core/wire';
import { queryFields } from '../crud/compile';
import { newId } from '../db/ids';
import { BizError, ok, okMessage } from '../http/envelope';
import { id, record, text } from '../http/params';
import type { RouteTable } from '../http/routes';

/** one saved query as the 保存的查询 panel shows it */
export interface SavedQuery {
  id: string;
  title: string;
  matchType: 'and' | 'or';
  params: WireCondition[];
  /** the caller's own (deletable, shareable) or shared with one of the caller's roles */
  mine: boolean;
  /** who saved it (shown on shared ones) */
  owner: string;
  /** the roles it is shared with (own queries only) */
  roleIds: string[];
}

const TITLE_MAX = 50;
const MAX_PER_LIST = 100;

/**
 * The list a call is about: it must exist, and the caller must hold its list permission, so nobody
 * reads or plants queries on a list they cannot see.
 */
function listDoc(ctx: AppContext, user: CurrentUser, code: string): EntityDocument {
  const doc = ctx.catalog.entities.get(code);
  if (!doc) throw new BizError(`列表 ${code.slice(0, 50)} 不存在`);
  if (!user.codes.has(`${doc.permission}list`)) throw new BizError(NO_PERMISSION, CODE.noPermission);
  return doc;
}

const userOf = (req: FastifyRequest) => req.user!;

/** a query of the caller's own, or a refusal that says nothing about other users' queries */
async function ownQuery(ctx: AppContext, user: CurrentUser, queryId: string) {
  const row = await ctx.db
    .selectFrom('sys_saved_query')
    .select(['id', 'doc_code'])
    .where('id', '=', queryId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row) throw new BizError('查询不存在或不是您保存的');
  listDoc(ctx, user, row.doc_code as string);
  return row;
}

/** the roles a user holds (a query is shared into these, or into any with the share-all code) */
async function heldRoles(ctx: AppContext, userId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('sys_user_role')
    .select('role_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.role_id as string));
}

/** the conditions checked with the parser the list itself uses: an unknown field is refused by name */
function checkedConditions(doc: EntityDocument, raw: unknown, matchType: string): WireCondition[] {
  if (!Array.isArray(raw)) throw new BizError('查询条件格式不正确（需要数组）');
  try {
    superQuery(new Map(queryFields(doc).map((f) => [f.key, f])), JSON.stringify(raw), matchType);
  } catch (e) {
    if (e instanceof QueryError) throw new BizError(e.message);
    throw e;
  }
  const params = parseConditions(raw);
  if (!params.length) throw new BizError('空条件不能保存');
  return params;
}

/**
 * Saved advanced queries (保存的查询, "Saved query"): per user and list, overwritten by
 * title, optionally shared with roles. Every call needs the list's own list permission. A query is
 * shared only into roles its owner holds, or any role with the share-all code (the admin's), and it
 * shows in a role's panel only while that still holds: nobody plants a query in a panel that is not
 * theirs (the administrators' above all).
 */
export function registerSavedQueryRoutes(t: RouteTable, ctx: AppContext): void {
  const tag = '高级查询';
  const shareAll = t.code('system:savedQuery:shareAll', '共享查询给任意角色');
  /** the owners among these who hold the share-all code */
  const sharingAll = async (owners: string[]) => {
    const out = new Set<string>();
    for (const owner of new Set(owners))
      if ((await ctx.permissions.codes(owner)).has(shareAll)) out.add(owner);
    return out;
  };

  t.add({
    method: 'GET',
    url: '/sys/savedQuery/list',
    access: 'session',
    tag,
    summary: '一个列表的保存的查询：自己的，以及共享给自己所属角色的（需要该列表的查看权限）',
    params: [{ name: 'code', in: 'query', required: true, description: '列表的文档编码' }],
    handler: async (req) => {
      const user = userOf(req);
      const doc = listDoc(ctx, user, text(req.query, 'code', { required: '参数 code 不能为空', max: 100 }));
      const found = await ctx.db
        .selectFrom('sys_saved_query as q')
        .leftJoin('sys_user as u', 'u.id', 'q.user_id')
        .select(['q.id', 'q.title', 'q.match_type', 'q.conditions', 'q.user_id', 'u.realname', 'u.username'])
        // shared into one of the caller's roles that its owner holds too
        .select(
          sql<boolean>`exists (
            select 1 from sys_saved_query_role s
              join sys_user_role mine on mine.role_id = s.role_id and mine.user_id = ${user.id}
              join sys_user_role theirs on theirs.role_id = s.role_id and theirs.user_id = q.user_id
             where s.query_id = q.id)`.as('owner_holds'),
        )
        .where('q.doc_code', '=', doc.code)
        .where((eb) =>
          eb.or([
            eb('q.user_id', '=', user.id),
            eb.exists(
              eb
                .selectFrom('sys_saved_query_role as s')
                .innerJoin('sys_user_role as ur', 'ur.role_id', 's.role_id')
                .select(sql`1`.as('one'))
                .whereRef('s.query_id', '=', 'q.id')
                .where('ur.user_id', '=', user.id),
            ),
          ]),
        )
        .orderBy('q.create_time')
        .orderBy('q.id')
        .execute();
      const beyond = await sharingAll(
        found.filter((r) => r.user_id !== user.id && !r.owner_holds).map((r) => r.user_id as string),
      );
      const rows = found.filter(
        (r) => r.user_id === user.id || r.owner_holds || beyond.has(r.user_id as string),
      );
      const own = rows.filter((r) => r.user_id === user.id).map((r) => r.id as string);
      const shares = own.length
        ? await ctx.db
            .selectFrom('sys_saved_query_role')
            .select(['query_id', 'role_id'])
            .where('query_id', 'in', own)
            .orderBy('role_id')
            .execute()
        : [];
      return ok(
        rows.map((r): SavedQuery => ({
          id: r.id as string,
          title: r.title as string,
          matchType: matchTypeOf(r.match_type),
          params: parseConditions(r.conditions),
          mine: r.user_id === user.id,
          owner: (r.realname || r.username || '') as string,
          roleIds: shares.filter((s) => s.query_id === r.id).map((s) => s.role_id as string),
        })),
      );
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/savedQuery/save',
    access: 'session',
    tag,
    summary: '保存查询：同名（同一用户、同一列表）则覆盖；条件按列表的高级查询规则检查',
    params: [
      { name: 'code', in: 'body', required: true, description: '列表的文档编码' },
      { name: 'title', in: 'body', required: true },
      { name: 'matchType', in: 'body', description: 'and（默认）或 or' },
      { name: 'params', in: 'body', required: true, description: '[{field, rule, val, type}]' },
    ],
    handler: async (req) => {
      const user = userOf(req);
      const body = record(req.body);
      const doc = listDoc(ctx, user, text(body, 'code', { required: '参数 code 不能为空', max: 100 }));
      const title = text(body, 'title', { required: '保存名称不能为空', max: TITLE_MAX }).trim();
      if (!title) throw new BizError('保存名称不能为空');
      const matchType = text(body, 'matchType', { max: 3 }) || 'and';
      if (matchType !== 'and' && matchType !== 'or') throw new BizError('匹配方式只能是 and 或 or');
      const params = checkedConditions(doc, body.params, matchType);
      const existing = await ctx.db
        .selectFrom('sys_saved_query')
        .select('id')
        .where('user_id', '=', user.id)
        .where('doc_code', '=', doc.code)
        .where('title', '=', title)
        .executeTakeFirst();
      const values = { match_type: matchType, conditions: JSON.stringify(params) };
      if (existing) {
        await ctx.db
          .updateTable('sys_saved_query')
          .set({ ...values, update_time: sql`now()` })
          .where('id', '=', existing.id)
          .execute();
        return ok(existing.id as string, '保存成功');
      }
      const count = await ctx.db
        .selectFrom('sys_saved_query')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', user.id)
        .where('doc_code', '=', doc.code)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_PER_LIST) throw new BizError(`每个列表最多保存${MAX_PER_LIST}个查询`);
      const queryId = newId();
      await ctx.db
        .insertInto('sys_saved_query')
        .values({ id: queryId, user_id: user.id, doc_code: doc.code, title, ...values })
        .execute();
      return ok(queryId, '保存成功');
    },
  });

  t.add({
    method: 'DELETE',
    url: '/sys/savedQuery/delete',
    access: 'session',
    tag,
    summary: '删除自己保存的一个查询',
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      const row = await ownQuery(ctx, userOf(req), id(req.query));
      await ctx.db.deleteFrom('sys_saved_query_role').where('query_id', '=', row.id).execute();
      await ctx.db.deleteFrom('sys_saved_query').where('id', '=', row.id).execute();
      return okMessage('删除成功！');
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/savedQuery/share',
    access: 'session',
    tag,
    summary:
      '设置自己保存的查询共享给哪些角色（roleIds 逗号分隔，空则不共享）；只能共享给自己所属的角色（有“共享查询给任意角色”权限的可共享给任意角色）',
    params: [
      { name: 'id', in: 'body', required: true },
      { name: 'roleIds', in: 'body', description: '角色 id，逗号分隔' },
    ],
    handler: async (req) => {
      const body = record(req.body);
      const user = userOf(req);
      const row = await ownQuery(ctx, user, id(body));
      const roleIds = [
        ...new Set(
          text(body, 'roleIds', { max: 10_000 })
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (roleIds.length) {
        const found = await ctx.db.selectFrom('sys_role').select('id').where('id', 'in', roleIds).execute();
        if (found.length !== roleIds.length) throw new BizError('共享的角色不存在');
        if (!user.codes.has(shareAll)) {
          const held = await heldRoles(ctx, user.id);
          if (roleIds.some((r) => !held.has(r))) throw new BizError('只能共享给自己所属的角色');
        }
      }
      await ctx.db.deleteFrom('sys_saved_query_role').where('query_id', '=', row.id).execute();
      if (roleIds.length)
        await ctx.db
          .insertInto('sys_saved_query_role')
          .values(roleIds.map((roleId) => ({ query_id: row.id, role_id: roleId })))
          .execute();
      return okMessage('共享设置已保存');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/savedQuery/roles',
    access: 'session',
    tag,
    summary: '可以共享给的角色（id 与名称）：自己所属的角色（有“共享查询给任意角色”权限的为全部角色）',
    handler: async (req) => {
      const user = userOf(req);
      let q = ctx.db.selectFrom('sys_role').select(['id', 'role_name']);
      if (!user.codes.has(shareAll))
        q = q.where(sql<boolean>`id in (select role_id from sys_user_role where user_id = ${user.id})`);
      const rows = await q.orderBy('create_time').orderBy('id').execute();
      return ok(rows.map((r) => ({ id: r.id as string, roleName: r.role_name as string })));
    },
  });
}
