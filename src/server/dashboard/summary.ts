import { sql, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { LIST_ROUTES } from '../../core/document/model';
import { rowScope } from '../crud/scope';

async function visibleCount(ctx: AppContext, doc: EntityDocument, user: CurrentUser): Promise<number> {
  const scope = await rowScope(ctx, doc, user);
  const where = scope.length ? sql<SqlBool>`${sql.join(scope, sql` and `)}` : sql<SqlBool>`true`;
  return ctx.counts.count(ctx.db, doc, where, scope.length > 0);
}

/**
 * The home page's figures: record counts of the modules the user may open, by each document's count
 * strategy, of the rows its list would show the user (data rules applied, logically deleted left out).
 */
export function registerDashboardRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/dashboard/summary',
    access: 'session',
    tag: '首页',
    summary: '首页数据：当前用户可见模块的记录数、可读的报表图表',
    handler: async (req) => {
      const user = req.user!;
      const groups = new Map(ctx.catalog.menuGroups.map((g) => [g.key, g]));
      const order = (d: { menu?: { group: string; order?: number } }) => [
        groups.get(d.menu!.group)?.order ?? 0,
        d.menu!.order ?? 0,
      ];
      const docs = [...ctx.catalog.entities.values()]
        .filter((d) => d.menu && !d.menu.hidden && user.codes.has(`${d.permission}list`))
        .sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
      const modules = await Promise.all(
        docs.map(async (d) => ({
          code: d.code,
          title: d.title,
          group: d.menu!.group,
          groupTitle: groups.get(d.menu!.group)?.title ?? d.menu!.group,
          count: await visibleCount(ctx, d, user),
          path: d.menu!.path ?? `${LIST_ROUTES[d.list.kind]}${d.code}`,
        })),
      );
      // the reports with a chart the user may read (the chart data route checks the grant again)
      const charts = [...ctx.catalog.reports.values()]
        .filter((r) => r.chart && r.menu && !r.menu.hidden && user.codes.has(`${r.permission}list`))
        .sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1])
        .map((r) => ({ code: r.code, title: r.chart!.title ?? r.title, type: r.chart!.type }));
      return ok({ modules, charts, user: { realname: user.realname, username: user.username } });
    },
  });
}
