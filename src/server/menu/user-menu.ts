import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { SysPermission } from '../db/tables';
import { ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { HOME_MENU_ID } from './sync';
import { userGrants } from '../auth/permissions';
import { text } from '../http/params';
import { pageAccess } from './page-access';
import { menuTitleIn } from './menu-titles';
import { requestLocale } from '../http/locale';
import { DEFAULT_LOCALE, type Locale } from '../../core/locale';

type Perm = Selectable<SysPermission>;

/** the route name of a menu url: /dashboard/analysis → dashboard-analysis, :code → @code */
export function routeName(url: string): string {
  return url.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function isExternal(url: string): boolean {
  return /^(https?:)?\/\//.test(url) || url.startsWith('{{');
}

function node(p: Perm, buttons: Perm[], title = p.name) {
  const url = String(p.url ?? '');
  const external = isExternal(url);
  const component = String(p.component ?? '');
  return {
    id: p.id,
    path: external ? `/${p.id}` : url,
    name: routeName(url),
    component,
    redirect: p.redirect ?? undefined,
    route: p.is_route === false ? '0' : '1',
    hidden: Boolean(p.hidden) || undefined,
    alwaysShow: Boolean(p.always_show) || undefined,
    meta: {
      title,
      icon: p.icon ?? undefined,
      keepAlive: Boolean(p.keep_alive),
      internalOrExternal: Boolean(p.internal_or_external),
      componentName: p.component_name ?? component.split('/').pop(),
      url: external ? url : undefined,
      permissionList: buttons
        .filter((b) => b.parent_id === p.id)
        .map((b) => ({ action: b.perms, type: b.perms_type, describe: b.name })),
    },
  };
}

/** how an implied ancestor is drawn: a plain group, never a page or route of its own */
const AS_GROUP = { component: 'layouts/RouteView', route: '0', redirect: undefined, alwaysShow: undefined };

/**
 * The ancestors of granted menus that are not granted themselves. A grant made with 父子关联 off
 * (the default of 授权) holds a child without its group; the child must still be reachable, so its
 * groups come along — as groups only: they open no page and carry no buttons, and the server's
 * permission checks (by code) are unchanged.
 */
async function impliedGroups(ctx: AppContext, menus: Perm[]): Promise<Perm[]> {
  const have = new Set(menus.map((p) => String(p.id)));
  const out: Perm[] = [];
  let missing = [...new Set(menus.map((p) => p.parent_id).filter((id) => id && !have.has(String(id))))];
  // one query per level; menus are a few levels deep
  while (missing.length) {
    const rows = await ctx.db
      .selectFrom('sys_permission')
      .selectAll()
      .where('id', 'in', missing as string[])
      .where('del_flag', '=', 0)
      .where('menu_type', '!=', 2)
      .execute();
    for (const r of rows) have.add(String(r.id));
    out.push(...rows);
    missing = [...new Set(rows.map((p) => p.parent_id).filter((id) => id && !have.has(String(id))))];
  }
  return out;
}

/** menu tree, auth and allAuth for the signed-in user (reference 2.2) */
export async function userPermissions(ctx: AppContext, userId: string, locale: Locale = DEFAULT_LOCALE) {
  const titleOf = menuTitleIn(ctx.catalog, locale);
  const granted = await ctx.db
    .selectFrom('sys_permission as p')
    .selectAll('p')
    .where('p.del_flag', '=', 0)
    .where((eb) =>
      eb.or([
        eb('p.id', '=', HOME_MENU_ID),
        eb('p.id', 'in', sql<string>`(select g.permission_id from ${userGrants(userId)} g)`),
      ]),
    )
    .orderBy(sql`p.sort_no`)
    .orderBy('p.id')
    .execute();
  const allButtons = await ctx.db
    .selectFrom('sys_permission')
    .selectAll()
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .execute();
  const buttons = granted.filter((p) => p.menu_type === 2);
  const menus = granted.filter((p) => p.menu_type !== 2);
  const implied = await impliedGroups(ctx, menus);
  type MenuNode = ReturnType<typeof node> & { children?: MenuNode[] };
  const nodes = new Map<string, MenuNode>([
    ...menus.map((p): [string, MenuNode] => [String(p.id), node(p, buttons, titleOf(p.id, p.name))]),
    ...implied.map((p): [string, MenuNode] => [
      String(p.id),
      { ...node(p, [], titleOf(p.id, p.name)), ...AS_GROUP },
    ]),
  ]);
  // the implied groups take their places by sort order among the granted menus
  if (implied.length) {
    menus.push(...implied);
    menus.sort(
      (a, b) => Number(a.sort_no ?? 0) - Number(b.sort_no ?? 0) || String(a.id).localeCompare(String(b.id)),
    );
  }
  const roots: MenuNode[] = [];
  for (const p of menus) {
    const n = nodes.get(String(p.id))!;
    const parent = p.parent_id ? nodes.get(String(p.parent_id)) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else if (!p.parent_id) roots.push(n);
  }
  // a group whose children are all hidden (or that has none granted) is hidden too; a top-level
  // entry without child menus is shown when it is a page of its own (not a layout), like 首页
  // A top-level external link (打开方式 外部) is an entry of its own whatever its component.
  const visibleRoots = roots.filter((r) => {
    if (r.id === HOME_MENU_ID) return true;
    if (r.children?.length) return r.children.some((c) => !c.hidden);
    return Boolean(r.meta.url) || !r.component.startsWith('layouts/');
  });

  return {
    menu: visibleRoots,
    auth: buttons.map((b) => ({ action: b.perms, type: b.perms_type, describe: b.name })),
    allAuth: allButtons.map((b) => ({
      action: b.perms,
      status: b.status,
      type: b.perms_type,
      describe: b.name,
    })),
    sysSafeMode: false,
  };
}

export function registerMenuRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/permission/getUserPermissionByToken',
    access: 'session',
    tag: '菜单权限',
    summary: '当前用户的菜单树 menu、按钮权限 auth 与全部按钮 allAuth',
    // menu titles in the language the console asks for (src/server/menu/menu-titles.ts)
    handler: async (req) => ok(await userPermissions(ctx, req.user!.id, requestLocale(req))),
  });
  t.add({
    method: 'GET',
    url: '/sys/permission/pageAccess',
    access: 'session',
    tag: '菜单权限',
    summary: '某地址是否是页面 exists、当前用户能否打开 granted（浏览器据此区分 无权访问 与 页面不存在）',
    params: [{ name: 'path', in: 'query', required: true, description: '页面地址，如 /system/user' }],
    handler: async (req) =>
      ok(
        await pageAccess(
          ctx,
          req.user!.id,
          text(req.query, 'path', { required: '请提供页面地址', max: 255 }),
        ),
      ),
  });
}
