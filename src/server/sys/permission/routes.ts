import { sql, type Insertable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connect';
import type { SysPermission } from '../../db/tables';
import { BizError, ok, okMessage } from '../../http/envelope';
import { id, idList, record, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { newId } from '../../db/ids';
import { checkTree, listNode, nest, permissionRows } from './tree';
import { ADMIN_ROLE_CODE } from '../../menu/sync';

const tag = '菜单管理';
const perm = (action: string) => ({ perm: `system:permission:${action}` });

type Row = Record<string, unknown>;

function flag(v: unknown): boolean | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true' || v === 'Y') return true;
  if (v === 0 || v === '0' || v === 'false' || v === 'N') return false;
  throw new BizError('开关参数只能是 true/false 或 1/0');
}

function isExternal(url: string): boolean {
  return /^https?:\/\//.test(url) || url.startsWith('{{');
}

/** reference 2.3: the input normalisation of add and edit */
export function normaliseComponent(component: string): string {
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/^(src\/)?views\//, '')
    .replace(/\.vue$/, '');
}

export function normaliseUrl(url: string): string {
  const u = url.trim().replace(/\.vue$/, '');
  if (!u || isExternal(u)) return u;
  return u.startsWith('/') ? u : `/${u}`;
}

/** a menu or button row from a request body, checked and normalised */
/** the columns a menu form sets */
type MenuValues = Omit<Insertable<SysPermission>, 'id' | 'parent_id'>;

function menuValues(body: Row): MenuValues {
  const name = text(body, 'name', { required: '请输入菜单名称', max: 255 }).trim();
  const typeText = text(body, 'menuType', { max: 1 }) || '0';
  if (!['0', '1', '2'].includes(typeText))
    throw new BizError('菜单类型只能是 0（一级菜单）、1（子菜单）或 2（按钮）');
  const menuType = Number(typeText);
  const perms = text(body, 'perms', { max: 1000 }).trim();
  if (perms && !/^[A-Za-z0-9_:.,-]+$/.test(perms))
    throw new BizError('授权标识只能包含字母、数字和 _ : . , -');
  const permsType = text(body, 'permsType', { max: 1 }) || '1';
  if (permsType !== '1' && permsType !== '2') throw new BizError('授权策略只能是 1（显示）或 2（禁用）');
  const status = text(body, 'status', { max: 1 }) || '1';
  if (status !== '0' && status !== '1') throw new BizError('状态只能是 0 或 1');
  const sortText = text(body, 'sortNo', { max: 12 });
  if (sortText && !/^-?\d+(\.\d{1,2})?$/.test(sortText)) throw new BizError('排序必须是数字');
  let component = normaliseComponent(text(body, 'component', { max: 255 }));
  if (menuType === 0 && !component) component = 'layouts/RouteView';
  const values: MenuValues = {
    name,
    menu_type: menuType,
    url: normaliseUrl(text(body, 'url', { max: 255 })) || null,
    component: component || null,
    component_name: text(body, 'componentName', { max: 100 }) || null,
    redirect: text(body, 'redirect', { max: 255 }) || null,
    perms: perms || null,
    perms_type: permsType,
    status,
    icon: text(body, 'icon', { max: 100 }) || null,
    description: text(body, 'description', { max: 255 }) || null,
    sort_no: sortText ? Number(sortText) : 100,
  };
  const flags: [string, 'is_route' | 'always_show' | 'keep_alive' | 'hidden' | 'internal_or_external'][] = [
    ['route', 'is_route'],
    ['alwaysShow', 'always_show'],
    ['keepAlive', 'keep_alive'],
    ['hidden', 'hidden'],
    ['internalOrExternal', 'internal_or_external'],
  ];
  for (const [key, column] of flags) {
    const v = flag(body[key]);
    if (v !== undefined) values[column] = v;
  }
  return values;
}

/** keeps a menu's is_leaf true to its live children */
export async function markLeaf(db: Db, parentId: unknown): Promise<void> {
  if (!parentId) return;
  await sql`update sys_permission p set is_leaf = not exists
              (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)
            where p.id = ${String(parentId)}`.execute(db);
}

async function parentOf(db: Db, menuType: number, body: Row): Promise<string | null> {
  if (menuType === 0) return null;
  const parentId = text(body, 'parentId', { required: '请选择上级菜单', max: 64 });
  const parent = await db
    .selectFrom('sys_permission')
    .select(['id', 'menu_type'])
    .where('id', '=', parentId)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!parent) throw new BizError('上级菜单不存在');
  if (Number(parent.menu_type) === 2) throw new BizError('按钮下不能再添加菜单或按钮');
  return parentId;
}

async function subtree(db: Db, ids: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    with recursive sub as (select id from sys_permission where id in (${sql.join(ids)})
      union select c.id from sys_permission c join sub on c.parent_id = sub.id)
    select id from sub`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** deletes menus with their descendants, data rules and every grant of them */
async function deleteMenus(ctx: AppContext, ids: string[]): Promise<void> {
  const found = await ctx.db
    .selectFrom('sys_permission')
    .select(['id', 'parent_id'])
    .where('id', 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) throw new BizError('未找到对应实体');
  await ctx.db.transaction().execute(async (trx) => {
    const all = await subtree(trx, ids);
    await trx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', all).execute();
    for (const table of [
      'sys_role_permission',
      'sys_depart_permission',
      'sys_depart_role_permission',
    ] as const)
      await trx.deleteFrom(table).where('permission_id', 'in', all).execute();
    await trx.deleteFrom('sys_permission').where('id', 'in', all).execute();
    for (const p of new Set(found.map((f) => f.parent_id)))
      if (!all.includes(String(p))) await markLeaf(trx, p);
  });
  ctx.permissions.invalidate();
}

export function registerPermissionRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/permission/list',
    access: perm('list'),
    tag,
    summary: '菜单与按钮的完整树（按 sortNo 排序；每个节点含全部字段及 key、title、isLeaf、children）',
    handler: async () => ok(nest(await permissionRows(ctx.db), listNode)),
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/queryTreeList',
    access: perm('list'),
    tag,
    summary: '可勾选的菜单树 {treeList, ids}',
    handler: async () => ok(checkTree(await permissionRows(ctx.db))),
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/getSystemMenuList',
    access: perm('list'),
    tag,
    summary: '一级菜单列表',
    handler: async () =>
      ok(
        (await permissionRows(ctx.db)).filter((r) => !r.parent_id && Number(r.menu_type) === 0).map(listNode),
      ),
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/getSystemSubmenu',
    access: perm('list'),
    tag,
    summary: '某菜单的下一级（菜单与按钮）',
    params: [{ name: 'parentId', in: 'query', required: true }],
    handler: async (req) => {
      const parentId = id(req.query, 'parentId');
      return ok((await permissionRows(ctx.db)).filter((r) => r.parent_id === parentId).map(listNode));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/getSystemSubmenuBatch',
    access: perm('list'),
    tag,
    summary: '多个菜单的下一级：{parentId: [子节点]}',
    params: [{ name: 'parentIds', in: 'query', required: true }],
    handler: async (req) => {
      const parents = idList(req.query, 'parentIds');
      const rows = await permissionRows(ctx.db);
      return ok(
        Object.fromEntries(parents.map((p) => [p, rows.filter((r) => r.parent_id === p).map(listNode)])),
      );
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/permission/add',
    access: perm('add'),
    tag,
    summary:
      '添加菜单或按钮（component 去掉前导 /、views/ 与 .vue，url 补前导 /；一级菜单缺省组件 layouts/RouteView）',
    handler: async (req) => {
      const body = record(req.body);
      const values = menuValues(body);
      const parentId = await parentOf(ctx.db, Number(values.menu_type), body);
      const newRow = {
        id: newId(),
        parent_id: parentId,
        is_leaf: true,
        del_flag: 0,
        create_by: req.user!.username,
        ...values,
      };
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('sys_permission').values(newRow).execute();
        await markLeaf(trx, parentId);
        // like the rows of the menu sync, a new row belongs to the admin role, which may then grant it
        const admin = await trx
          .selectFrom('sys_role')
          .select('id')
          .where('role_code', '=', ADMIN_ROLE_CODE)
          .executeTakeFirst();
        if (admin)
          await trx
            .insertInto('sys_role_permission')
            .values({ id: newId(), role_id: admin.id, permission_id: newRow.id })
            .execute();
      });
      ctx.permissions.invalidate();
      return { ...okMessage('添加成功！'), result: newRow.id };
    },
  });

  t.add({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    access: perm('edit'),
    tag,
    summary: '编辑菜单或按钮（规范化同添加；新旧上级的叶子标志随之更新）',
    handler: async (req) => {
      const body = record(req.body);
      const menuId = id(body);
      const existing = await ctx.db
        .selectFrom('sys_permission')
        .select(['id', 'parent_id'])
        .where('id', '=', menuId)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!existing) throw new BizError('未找到对应实体');
      const values = menuValues(body);
      const parentId = await parentOf(ctx.db, Number(values.menu_type), body);
      if (parentId && (await subtree(ctx.db, [menuId])).includes(parentId))
        throw new BizError('上级菜单不能是自己或自己的下级');
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_permission')
          .set({ ...values, parent_id: parentId, update_by: req.user!.username, update_time: sql`now()` })
          .where('id', '=', menuId)
          .execute();
        await markLeaf(trx, parentId);
        await markLeaf(trx, existing.parent_id);
      });
      ctx.permissions.invalidate();
      return okMessage('修改成功！');
    },
  });

  t.add({
    method: 'DELETE',
    url: '/sys/permission/delete',
    access: perm('delete'),
    tag,
    summary: '删除菜单及其全部下级、数据规则与授权',
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      await deleteMenus(ctx, [id(req.query)]);
      return okMessage('删除成功！');
    },
  });

  t.add({
    method: 'DELETE',
    url: '/sys/permission/deleteBatch',
    access: perm('batch_delete'),
    tag,
    summary: '批量删除菜单（连同下级、数据规则与授权）',
    params: [{ name: 'ids', in: 'query', required: true }],
    handler: async (req) => {
      await deleteMenus(ctx, idList(req.query, 'ids'));
      return okMessage('批量删除成功！');
    },
  });
}
