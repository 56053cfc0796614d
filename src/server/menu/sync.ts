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
export const ADMIN_ROLE_CODE = 'admin';
/** the component the browser's registry maps each online list kind to */
export const LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';

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
  source: string;
}

/**
 * Keeps sys_permission in step with the documents and the route table: a menu per group and
 * document, a button per document action, a button per route permission code. Rows are inserted
 * when missing; an administrator's later edits (names, order, icons) are kept, while the security
 * relevant perms column follows the source. New rows are granted to the admin role.
 */
export async function syncMenus(ctx: AppContext, routes: RouteTable): Promise<number> {
  const rows: MenuRow[] = [
    {
      id: HOME_MENU_ID,
      parent_id: null,
      name: '首页',
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
  for (const doc of ctx.catalog.entities.values()) {
    if (!doc.menu) continue;
    const menuId = `doc_${doc.code}`;
    rows.push({
      id: menuId,
      parent_id: `grp_${doc.menu.group}`,
      name: doc.title,
      url: doc.menu.path ?? `${LIST_ROUTES[doc.list.kind]}${doc.code}`,
      component: LIST_COMPONENT,
      component_name: doc.code,
      menu_type: 1,
      perms: `${doc.permission}list`,
      sort_no: doc.menu.order,
      icon: doc.menu.icon,
      hidden: doc.menu.hidden,
      is_leaf: false,
      source: `doc:${doc.code}`,
    });
    for (const action of BUTTON_ACTIONS) {
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
  }
  // every other permission code a route requires gets a button row, so it can be granted
  const routeCodes = new Set(
    routes.routes.flatMap((r) => (typeof r.access === 'object' ? [r.access.perm] : [])),
  );
  for (const code of routeCodes) {
    if (docCodes.has(code)) continue;
    rows.push({
      id: `perm_${code.replace(/[^a-zA-Z0-9_]/g, '_')}`,
      parent_id: 'grp_system',
      name: code,
      menu_type: 2,
      perms: code,
      source: 'route',
    });
  }
  return upsert(ctx.db, rows);
}

async function upsert(db: Db, rows: MenuRow[]): Promise<number> {
  const existing = new Map(
    (await db.selectFrom('sys_permission').select(['id', 'perms', 'url']).execute()).map((r) => [
      r.id as string,
      r,
    ]),
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
      } else if ((cur.perms ?? null) !== (r.perms ?? null) || (r.menu_type !== 2 && cur.url !== r.url)) {
        await trx
          .updateTable('sys_permission')
          .set({ perms: r.perms ?? null, url: r.url ?? null })
          .where('id', '=', r.id)
          .execute();
      }
    }
  });
  return created;
}
