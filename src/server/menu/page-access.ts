import { sql } from 'kysely';
import type { AppContext } from '../context';
import { LIST_ROUTES } from '../../core/document/model';
import { userGrants } from '../auth/permissions';
import { HOME_MENU_ID, REPORT_ROUTE } from './sync';

/** what a signed-in user learns of an address: whether it is a page, and whether it is theirs to open */
export interface PageAccess {
  exists: boolean;
  granted: boolean;
}

const ONLINE_PREFIXES = [...new Set(Object.values(LIST_ROUTES))];

/** a menu path matches an address segment by segment; `:name` stands for any one segment */
function matches(pattern: string, path: string): boolean {
  const want = pattern.replace(/\/+$/, '').split('/');
  const have = path.replace(/\/+$/, '').split('/');
  return want.length === have.length && want.every((s, i) => s === have[i] || (s.startsWith(':') && have[i]));
}

/** the list permission of an online list or report address of a document the server has */
function onlinePermission(ctx: AppContext, path: string): string | null {
  for (const prefix of ONLINE_PREFIXES) {
    const doc = path.startsWith(prefix) ? ctx.catalog.entities.get(path.slice(prefix.length)) : undefined;
    if (doc) return `${doc.permission}list`;
  }
  const report = path.startsWith(REPORT_ROUTE)
    ? ctx.catalog.reports.get(path.slice(REPORT_ROUTE.length))
    : undefined;
  return report ? `${report.permission}list` : null;
}

/**
 * Whether `path` is a page (a menu entry that is not a group, or an online list or report of an
 * existing document) and whether the user may open it: the browser, which knows only the user's
 * own menu, tells 无权访问 from 页面不存在 by it. It says no more than that.
 */
export async function pageAccess(ctx: AppContext, userId: string, path: string): Promise<PageAccess> {
  const online = onlinePermission(ctx, path);
  if (online) return { exists: true, granted: (await ctx.permissions.codes(userId)).has(online) };
  const menus = (
    await ctx.db
      .selectFrom('sys_permission')
      .select(['id', 'url', 'component'])
      .where('del_flag', '=', 0)
      .where('menu_type', '!=', 2)
      .where('url', 'is not', null)
      .execute()
  ).filter((m) => !String(m.component ?? '').startsWith('layouts/') && matches(String(m.url), path));
  if (!menus.length) return { exists: false, granted: false };
  const ids = menus.map((m) => String(m.id));
  if (ids.includes(HOME_MENU_ID)) return { exists: true, granted: true };
  const held = await sql`select 1 from ${userGrants(userId)} g
                          where g.permission_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
  return { exists: true, granted: held.rows.length > 0 };
}
