import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { REPORT_API } from './routes';

/** the report head list's own grant (schemas/system/report-screens.json) */
export const REPORT_HEADS_PERMISSION = 'online:cgreport:';

/**
 * The report head list ("report head list"): the report documents a user may read, each
 * described by what it asks and shows. The SQL is not answered: it names tables and columns a
 * reader has no need to see.
 */
export function registerReportHeadRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: `${REPORT_API}/heads`,
    access: { perm: `${REPORT_HEADS_PERMISSION}list` },
    tag: '在线报表',
    summary: '在线报表列表：当前用户可查看的报表（名称、编码、查询条件、参数、图表）',
    handler: async (req) => {
      const codes = req.user!.codes;
      return ok(
        [...ctx.catalog.reports.values()]
          .filter((r) => codes.has(`${r.permission}list`))
          .map((r) => ({
            code: r.code,
            title: r.title,
            columns: r.columns.filter((c) => c.show !== false).map((c) => c.title),
            query: (r.query ?? []).map((q) => q.title),
            params: (r.params ?? []).map((p) => p.title),
            chart: r.chart?.type ?? null,
            exportable: codes.has(`${r.permission}export`),
          }))
          .sort((a, b) => a.title.localeCompare(b.title, 'zh-CN')),
      );
    },
  });
}
