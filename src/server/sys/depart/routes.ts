import type { AppContext } from '../../context';
import { BizError, fail, ok } from '../../http/envelope';
import { id, idList, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { toWire } from '../../auth/user-info';
import { nest } from '../permission/tree';
import { departHooks, departRoleHooks } from './hooks';
import { setEntityHooks } from '../../crud/hooks';

type Row = Record<string, unknown>;

/** every department in tree order (org codes sort parents before children) */
function departs(ctx: AppContext) {
  return ctx.db.selectFrom('sys_depart').selectAll().orderBy('depart_order').orderBy('org_code');
}

/** SysDepartTreeModel: key = value = id, title = name, isLeaf, every column, children ([] by default) */
function treeNode(r: Row) {
  return {
    ...toWire(r),
    key: r.id,
    value: r.id,
    title: r.depart_name,
    isLeaf: r.has_child !== '1',
    children: [] as unknown[],
  };
}

function idNode(r: Row) {
  return { key: r.id, value: r.id, title: r.depart_name, children: [] as unknown[] };
}

const tree = nest;

/** the subtrees (org_code prefixes) of the departments a leader is responsible for (sys_user.depart_ids) */
async function ledCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const u = await ctx.db
    .selectFrom('sys_user')
    .select(['user_identity', 'depart_ids'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(u.user_identity) !== 2) return [];
  const ids = String(u.depart_ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length) return [];
  return (await ctx.db.selectFrom('sys_depart').select('org_code').where('id', 'in', ids).execute()).map(
    (r) => String(r.org_code),
  );
}

const under = (codes: string[]) => (r: Row) => codes.some((c) => String(r.org_code).startsWith(c));

export function registerDepartRoutes(t: RouteTable, ctx: AppContext): void {
  setEntityHooks('sys_depart', departHooks);
  setEntityHooks('sys_depart_role', departRoleHooks);
  const tag = '部门管理';
  const picker = { perm: 'system:depart:picker' };

  t.add({
    method: 'GET',
    url: '/sys/sysDepart/queryTreeList',
    access: { perm: 'system:depart:list' },
    tag,
    summary: '部门树（全部字段）；ids=a,b 时只返回这些部门及其下级',
    params: [{ name: 'ids', in: 'query' }],
    handler: async (req) => {
      let rows = await departs(ctx).execute();
      if (text(req.query, 'ids', { max: 10_000 })) {
        const chosen = rows.filter((r) => idList(req.query, 'ids').includes(String(r.id)));
        rows = rows.filter(under(chosen.map((c) => String(c.org_code))));
      }
      return ok(tree(rows, treeNode));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepart/queryDepartTreeSync',
    access: picker,
    tag,
    summary: '部门树的一层：pid 的下级（pid 为空时为根部门）；带 ids 时返回这些部门（回显已选值）',
    params: [
      { name: 'pid', in: 'query' },
      { name: 'ids', in: 'query' },
    ],
    handler: async (req) => {
      if (text(req.query, 'ids', { max: 10_000 })) {
        const ids = idList(req.query, 'ids');
        return ok((await departs(ctx).where('id', 'in', ids).execute()).map(treeNode));
      }
      const pid = text(req.query, 'pid', { max: 64 });
      const rows = await departs(ctx)
        .where((eb) =>
          pid
            ? eb('parent_id', '=', pid)
            : eb.or([eb('parent_id', 'is', null), eb('parent_id', 'in', ['', '0'])]),
        )
        .execute();
      return ok(rows.map(treeNode));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepart/queryIdTree',
    access: picker,
    tag,
    summary: '轻量部门树 {key, value, title, children}（部门选择器）',
    handler: async () => ok(tree(await departs(ctx).execute(), idNode)),
  });

  t.add({
    method: 'GET',
    url: '/base/depart/getDepartTree',
    access: picker,
    tag,
    summary: '部门树（节点同 queryTreeList：key、value、title、departName、orgCode、children）',
    handler: async () => ok(tree(await departs(ctx).execute(), treeNode)),
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepart/searchBy',
    access: picker,
    tag,
    summary: '按名称搜索部门（平铺列表）；myDeptSearch=1 时只在本人负责的部门中搜索',
    params: [
      { name: 'keyWord', in: 'query', required: true },
      { name: 'myDeptSearch', in: 'query' },
    ],
    handler: async (req) => {
      const keyWord = text(req.query, 'keyWord', { max: 100 }).trim();
      if (!keyWord) throw new BizError('请输入部门名称');
      let rows = await departs(ctx)
        .where('depart_name', 'ilike', `%${keyWord.replace(/[\\%_]/g, (c) => '\\' + c)}%`)
        .execute();
      if (text(req.query, 'myDeptSearch', { max: 1 }) === '1')
        rows = rows.filter(under(await ledCodes(ctx, req.user!.id)));
      if (!rows.length) return fail('未查询匹配数据！');
      return ok(rows.map((r) => ({ ...treeNode(r), children: null })));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepart/queryMyDeptTreeList',
    access: 'session',
    tag,
    summary: '本人负责的部门树（身份为上级时 message 为 "2"，普通用户 message 为 "1" 且无结果）',
    handler: async (req) => {
      const codes = await ledCodes(ctx, req.user!.id);
      if (!codes.length) return ok(null, '1');
      return ok(tree((await departs(ctx).execute()).filter(under(codes)), treeNode), '2');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysDepartRole/queryDepartUsers',
    // who may be made a member is asked by whoever may change the members
    access: { perm: 'system:departRole:edit' },
    tag: '部门角色',
    summary: '可加入该部门部门角色的用户：直属该部门（不含下级部门）的未删除用户 {id, username, realname}',
    params: [{ name: 'departId', in: 'query', required: true }],
    handler: async (req) =>
      ok(
        await ctx.db
          .selectFrom('sys_user as u')
          .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
          .select(['u.id', 'u.username', 'u.realname'])
          .where('ud.dep_id', '=', id(req.query, 'departId'))
          .where('u.del_flag', '=', 0)
          .orderBy('u.username')
          .limit(ctx.config.maxPageSize)
          .execute(),
      ),
  });

  t.add({
    method: 'GET',
    url: '/base/company/showOrg',
    access: 'session',
    tag,
    summary: '当前用户所在单位：当前部门（orgCompanyId）及其所属公司（sysCompanyId，机构编码第一级）',
    handler: async (req) => {
      const code = req.user!.orgCode;
      if (!code)
        return ok({ orgCompanyId: '', sysCompanyId: '', departName: '', companyName: '', orgCode: '' });
      const rows = await ctx.db
        .selectFrom('sys_depart')
        .select(['id', 'depart_name', 'org_code'])
        .where('org_code', 'in', [code, code.slice(0, 3)])
        .execute();
      const depart = rows.find((r) => r.org_code === code);
      const company = rows.find((r) => r.org_code === code.slice(0, 3));
      return ok({
        orgCompanyId: depart?.id ?? '',
        sysCompanyId: company?.id ?? '',
        departName: depart?.depart_name ?? '',
        companyName: company?.depart_name ?? '',
        orgCode: code,
      });
    },
  });
}
