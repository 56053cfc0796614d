import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { BUTTON_ACTIONS, LIST_ROUTES } from '../../core/document/model';
import type { RouteTable } from '../http/routes';
import { newId } from '../db/ids';

const BUTTON_NAMES: Record<(typeof BUTTON_ACTIONS)[number], string> = {
  add: '添加',
  edit: '编辑',
  delete: '删除',
  batch_delete: '批量删除',
  export: '导出',
  import: '导入',
};

export const HOME_MENU_ID = 'menu_home';
/** 首页's own name (menu-titles.ts gives it in the other languages) */
export const HOME_MENU_NAME = '首页';
/** the menu row of a document: its data rules and the grants of its list hang on it */
export const docMenuId = (code: string) => `doc_${code}`;
export const ADMIN_ROLE_CODE = 'admin';
/** the component the browser's registry maps each online list kind to */
export const LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
/** the component of the report lists (report head list, report auto list) */
export const REPORT_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';
/** the generic report route a report's menu points at (its code follows) */
export const REPORT_ROUTE = '/online/cgreport/';

interface MenuRow {
  id: string;
  parent_id: string | null;
  name: string;
  url?: string;
  component?: string;
  component_name?: string;
  menu_type: 0 | 1 | 2;
  perms?: string;
  sort_no?: number;
  icon?: string;
  is_leaf?: boolean;
  hidden?: boolean;
  /** a list keeps its search, page, selection and scroll in its tab while another tab shows */
  keep_alive?: boolean;
  source: string;
}

/**
 * Keeps sys_permission in step with the documents and the route table: a menu per group and
 * document, a button per document action, a button per route permission code. Rows are inserted
 * when missing; an administrator's later edits (names, order, icons) are kept, while the security
 * relevant perms column, and the path and component a screen is served by, follow the source.
 * Keep-alive follows the source on rows no administrator has edited (update_by is set by 菜单管理's
 * edit, src/server/sys/permission/routes.ts), so databases seeded before the lists kept their state
 * gain it, and a menu an administrator switched off stays off. New rows are granted to the admin role.
 */
export async function syncMenus(ctx: AppContext, routes: RouteTable): Promise<number> {
  const rows: MenuRow[] = [
    {
      id: HOME_MENU_ID,
      parent_id: null,
      name: HOME_MENU_NAME,
      url: '/dashboard/analysis',
      component: 'dashboard/Analysis',
      component_name: 'Analysis',
      menu_type: 0,
      sort_no: 0,
      icon: 'home',
      source: 'system',
    },
  ];
  for (const g of ctx.catalog.menuGroups) {
    rows.push({
      id: `grp_${g.key}`,
      parent_id: null,
      name: g.title,
      url: `/${g.key}`,
      component: 'layouts/RouteView',
      menu_type: 0,
      sort_no: g.order,
      icon: g.icon,
      is_leaf: false,
      source: 'group',
    });
  }
  const docCodes = new Set<string>();
  const owners: { prefix: string; menuId: string }[] = [];
  for (const doc of ctx.catalog.entities.values()) {
    if (!doc.menu) continue;
    const menuId = docMenuId(doc.code);
    rows.push({
      id: menuId,
      parent_id: `grp_${doc.menu.group}`,
      name: doc.title,
      url: doc.menu.path ?? `${LIST_ROUTES[doc.list.kind]}${doc.code}`,
      component: doc.menu.component ?? LIST_COMPONENT,
      component_name: doc.code,
      menu_type: 1,
      perms: `${doc.permission}list`,
      sort_no: doc.menu.order,
      icon: doc.menu.icon,
      hidden: doc.menu.hidden,
      is_leaf: false,
      keep_alive: true,
      source: `doc:${doc.code}`,
    });
    for (const action of BUTTON_ACTIONS) {
      if (doc.readOnly && action !== 'export') continue;
      // a code of the document's own (codes) is a route's, given its row with the route codes below
      if (doc.codes?.[action] !== undefined) continue;
      docCodes.add(`${doc.permission}${action}`);
      rows.push({
        id: `${menuId}_${action}`,
        parent_id: menuId,
        name: BUTTON_NAMES[action],
        menu_type: 2,
        perms: `${doc.permission}${action}`,
        source: `doc:${doc.code}`,
      });
    }
    docCodes.add(`${doc.permission}list`);
    owners.push({ prefix: doc.permission, menuId });
  }
  for (const report of ctx.catalog.reports.values()) {
    if (!report.menu) continue;
    const menuId = docMenuId(report.code);
    rows.push({
      id: menuId,
      parent_id: `grp_${report.menu.group}`,
      name: report.title,
      url: report.menu.path ?? `${REPORT_ROUTE}${report.code}`,
      component: report.menu.component ?? REPORT_COMPONENT,
      component_name: report.code,
      menu_type: 1,
      perms: `${report.permission}list`,
      sort_no: report.menu.order,
      icon: report.menu.icon,
      hidden: report.menu.hidden,
      is_leaf: false,
      keep_alive: true,
      source: `report:${report.code}`,
    });
    rows.push({
      id: `${menuId}_export`,
      parent_id: menuId,
      name: BUTTON_NAMES.export,
      menu_type: 2,
      perms: `${report.permission}export`,
      source: `report:${report.code}`,
    });
    docCodes.add(`${report.permission}list`).add(`${report.permission}export`);
    owners.push({ prefix: report.permission, menuId });
  }
  for (const screen of ctx.catalog.menuScreens) {
    const menuId = `scr_${screen.key}`;
    rows.push({
      id: menuId,
      parent_id: `grp_${screen.group}`,
      name: screen.title,
      url: screen.path,
      component: screen.component,
      component_name: screen.document ?? screen.key,
      menu_type: 1,
      perms: `${screen.permission}list`,
      sort_no: screen.order,
      icon: screen.icon,
      is_leaf: false,
      keep_alive: true,
      source: `screen:${screen.key}`,
    });
    docCodes.add(`${screen.permission}list`);
    owners.push({ prefix: screen.permission, menuId });
  }
  // every other permission code a route requires or a handler checks gets a button row, so it can be
  // granted: under the menu whose permission prefix it shares (system:user:frozen under the user
  // list), else its group
  const routeCodes = new Map<string, string>();
  for (const r of routes.routes)
    if (typeof r.access === 'object' && !routeCodes.has(r.access.perm))
      routeCodes.set(r.access.perm, r.summary.split(/[，：（(；;]/)[0].slice(0, 30) || r.access.perm);
  for (const [code, name] of routes.codes) if (!routeCodes.has(code)) routeCodes.set(code, name);
  for (const [code, name] of routeCodes) {
    if (docCodes.has(code)) continue;
    const owner = owners
      .filter((o) => code.startsWith(o.prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
    rows.push({
      id: `perm_${code.replace(/[^a-zA-Z0-9_]/g, '_')}`,
      parent_id: owner?.menuId ?? 'grp_system',
      name,
      menu_type: 2,
      perms: code,
      source: 'route',
    });
  }
  return upsert(ctx.db, rows);
}

async function upsert(db: Db, rows: MenuRow[]): Promise<number> {
  const existing = new Map(
    (
      await db
        .selectFrom('sys_permission')
        .select(['id', 'perms', 'url', 'component', 'keep_alive', 'update_by'])
        .execute()
    ).map((r) => [r.id as string, r]),
  );
  const admin = await db
    .selectFrom('sys_role')
    .select('id')
    .where('role_code', '=', ADMIN_ROLE_CODE)
    .executeTakeFirst();
  let created = 0;
  await db.transaction().execute(async (trx) => {
    for (const r of rows) {
      const cur = existing.get(r.id);
      if (!cur) {
        await trx
          .insertInto('sys_permission')
          .values({ is_leaf: r.menu_type === 2, status: '1', perms_type: '1', ...r })
          .execute();
        if (admin)
          await trx
            .insertInto('sys_role_permission')
            .values({ id: newId(), role_id: admin.id, permission_id: r.id })
            .onConflict((oc) => oc.doNothing())
            .execute();
        created++;
      } else {
        const keepAlive = cur.update_by ? Boolean(cur.keep_alive) : Boolean(r.keep_alive);
        if (
          (cur.perms ?? null) !== (r.perms ?? null) ||
          (r.menu_type !== 2 && (cur.url !== r.url || cur.component !== r.component)) ||
          Boolean(cur.keep_alive) !== keepAlive
        )
          // a screen that moves to its own path and component takes both along
          await trx
            .updateTable('sys_permission')
            .set({
              perms: r.perms ?? null,
              url: r.url ?? null,
              component: r.component ?? null,
              keep_alive: keepAlive,
            })
            .where('id', '=', r.id)
            .execute();
      }
    }
  });
  return created;
}
