import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { shownColumns } from '../../core/document/model';
import type { ReportDocument } from '../../core/document/types';
import { dictOptions, dictTexts } from './dict-texts';
import { reportSheet } from './sheet';
import { ok, page } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { answerExport, exportFormat } from '../excel/answer';
import { pageSizeNote } from '../crud/read';
import { chartValues } from '../../core/document/report-format';
import { parseReportQuery, reportChartRows, reportPage } from './query';

/** where the online reports live */
export const REPORT_API = '/online/cgreport/api';

/** the most rows a chart draws */
export const CHART_MAX_POINTS = 500;

/** the columns as the report table shows them (reference 2.15): dictionary columns render by dictOptions */
function columns(r: ReportDocument) {
  return shownColumns(r).map((c) => ({
    title: c.title,
    dataIndex: c.key,
    align: 'center',
    ...(c.sortable ? { sorter: 'true' } : {}),
    ...(c.dictCode ? { customRender: c.key } : {}),
    ...(c.width ? { width: c.width } : {}),
    ...(c.type ? { type: c.type } : {}),
    ...(c.format ? { format: c.format } : {}),
    ...(c.decimals !== undefined ? { decimals: c.decimals } : {}),
    ...(c.ellipsis ? { ellipsis: c.ellipsis } : {}),
    ...(c.total ? { total: c.total } : {}),
  }));
}

/** the search form's items; from the third on they start folded (hidden '1'), as upstream shows them */
function queryInfo(r: ReportDocument) {
  const types = new Map(r.columns.map((c) => [c.key, c]));
  return (r.query ?? []).map((q, i) => {
    const dictCode = q.dictCode ?? types.get(q.field)?.dictCode;
    return {
      label: q.title,
      field: q.field,
      view: dictCode ? 'list' : (q.type ?? types.get(q.field)?.type ?? 'string'),
      mode: q.mode === 'range' ? 'group' : 'single',
      ...(dictCode ? { dictCode } : {}),
      ...(i >= 2 ? { hidden: '1' } : {}),
    };
  });
}

async function exportReport(ctx: AppContext, r: ReportDocument, req: FastifyRequest, reply: FastifyReply) {
  const params = req.query as Record<string, unknown>;
  const q = await parseReportQuery(ctx, r, params, req.user!);
  const format = exportFormat(params);
  const { sheet, count, more } = await reportSheet(ctx, r, q, format, req.user!.id);
  await answerExport(ctx, req, reply, {
    format,
    title: r.title,
    sheets: [sheet],
    count,
    more,
    what: { report: r.code },
  });
}

/**
 * The online report calls of one report document, each under the report's permission
 * code: <prefix>list to read it, <prefix>export to export it. The report's code is its id.
 * The SQL runs read-only in a transaction of its own, so these routes stay out of the request's
 * write transaction (audit: false; GETs are not logged anyway).
 */
export function registerReportRoutes(t: RouteTable, ctx: AppContext, r: ReportDocument): void {
  const read = { perm: `${r.permission}list` };
  const tag = r.title;
  const params = (r.params ?? []).map((p) => ({
    name: `self_${p.name}`,
    in: 'query' as const,
    description: `${p.title}${p.default !== undefined ? `（默认 ${p.default}）` : ''}`,
  }));
  const queryParams = [
    ...params,
    ...(r.query ?? []).flatMap((q) =>
      (q.mode === 'range' ? [`${q.field}_begin`, `${q.field}_end`] : [q.field]).map((name) => ({
        name,
        in: 'query' as const,
        description: q.title,
      })),
    ),
    { name: 'column', in: 'query' as const, description: '排序列（报表的列之一）' },
    { name: 'order', in: 'query' as const, description: 'asc | desc' },
  ];

  t.add({
    method: 'GET',
    url: `${REPORT_API}/getRpColumns/${r.code}`,
    access: read,
    tag,
    summary: `${r.title}：列、字典选项（cgRpConfigId 即报表编码）`,
    audit: false,
    handler: async () =>
      ok({
        cgRpConfigId: r.code,
        cgRpConfigName: r.title,
        // the browser shows 导出 only to holders of <permission>export (the server checks it anyway)
        permission: r.permission,
        columns: columns(r),
        dictOptions: await dictOptions(ctx, r),
      }),
  });

  t.add({
    method: 'GET',
    url: `${REPORT_API}/getQueryInfo/${r.code}`,
    access: read,
    tag,
    summary: `${r.title}：查询条件`,
    audit: false,
    handler: async () => ok(queryInfo(r)),
  });

  t.add({
    method: 'GET',
    url: `${REPORT_API}/getParamsInfo/${r.code}`,
    access: read,
    tag,
    summary: `${r.title}：SQL 参数（以 self_ 前缀传入）`,
    audit: false,
    handler: async () =>
      ok(
        (r.params ?? []).map((p) => ({ paramName: p.name, paramTxt: p.title, paramValue: p.default ?? '' })),
      ),
  });

  t.add({
    method: 'GET',
    url: `${REPORT_API}/getData/${r.code}`,
    access: read,
    tag,
    summary: `${r.title}：分页数据（result.records、result.total；参数均绑定，排序列只能是报表的列）`,
    params: [
      ...queryParams,
      { name: 'pageNo', in: 'query', description: '页码，从 1 开始（小于 1 拒绝）' },
      {
        name: 'pageSize',
        in: 'query',
        description: `每页条数，1 至 ${ctx.config.maxPageSize}（小于 1 拒绝；超出时按上限返回，message 说明）`,
      },
    ],
    audit: false,
    handler: async (req) => {
      const q = await parseReportQuery(ctx, r, req.query as Record<string, unknown>, req.user!);
      // like a list page: bounded by the page size and the statement timeout, not by the query gate
      const { records, total, totals } = await reportPage(ctx, r, q);
      return ok(
        { ...page(records, total, q.pageSize, q.pageNo), ...(totals ? { totals } : {}) },
        pageSizeNote(ctx, q),
      );
    },
  });

  const chart = r.chart;
  if (chart)
    t.add({
      method: 'GET',
      url: `${REPORT_API}/getChartData/${r.code}`,
      access: read,
      tag,
      summary: `${r.title}：图表数据（条件同 getData，不分页，至多 ${CHART_MAX_POINTS} 行；字典列为文本）`,
      params: queryParams,
      audit: false,
      handler: async (req) => {
        const q = await parseReportQuery(ctx, r, req.query as Record<string, unknown>, req.user!);
        // a line runs along its x axis (months, dates) unless the request sorts otherwise
        if (!q.sort.length && chart.type === 'line') q.sort = [{ field: chart.x, order: 'asc' }];
        const texts = await dictTexts(ctx, r);
        const records = await reportChartRows(ctx, r, q, CHART_MAX_POINTS);
        for (const row of records)
          for (const [key, map] of texts) row[key] = map.get(String(row[key])) ?? row[key];
        const named = new Set([chart.x, ...chartValues(chart), ...(chart.series ? [chart.series] : [])]);
        return ok({
          title: chart.title ?? r.title,
          chart,
          columns: r.columns
            .filter((c) => named.has(c.key))
            .map((c) => ({ key: c.key, title: c.title, format: c.format, decimals: c.decimals })),
          records,
        });
      },
    });

  t.add({
    method: 'GET',
    url: `${REPORT_API}/exportXls/${r.code}`,
    access: { perm: `${r.permission}export` },
    tag,
    file: true,
    summary: `导出${r.title}：.xls（默认）或 exportType=xlsx；条件同 getData，字典列导出文本；响应头 X-Total-Count 为文件的数据行数（含合计行）；exportId 可查进度（/sys/common/exportProgress）`,
    params: [
      ...queryParams,
      { name: 'exportType', in: 'query', description: 'xls | xlsx' },
      { name: 'exportId', in: 'query', description: '客户端生成的导出编号，用于查询进度' },
    ],
    audit: false,
    handler: async (req, reply) => exportReport(ctx, r, req, reply),
  });
}
