import type { AppContext } from '../context';
import { shownColumns } from '../../core/document/model';
import type { ReportDocument } from '../../core/document/types';
import type { ExportFormat } from '../../core/exports';
import { formatReportValue, totalsLabel } from '../../core/document/report-format';
import { exportRowLimit } from '../excel/answer';
import type { ExportSheet } from '../excel/export';
import { dictTexts } from './dict-texts';
import { reportCount, reportRows, reportTotals, type ReportQuery } from './query';

/**
 * A report's rows as an export sheet (the cells as the table shows them: dictionary text, numbers in
 * the column's format, the totals row under the data), read through the query gate's export lanes
 * as `owner`'s work: the answer of exportXls, and the .xlsx a 定时任务 delivers (src/server/jobs/).
 */
export async function reportSheet(
  ctx: AppContext,
  r: ReportDocument,
  q: ReportQuery,
  format: ExportFormat,
  owner: string,
): Promise<{ sheet: ExportSheet; count: number; more: boolean }> {
  const texts = await dictTexts(ctx, r);
  const formatted = r.columns.filter((c) => c.format);
  const gate = <T>(work: () => Promise<T>) => ctx.queries.run(owner, work, 'export');
  // the totals row comes under the data, within the sheet's rows
  const totalled = r.columns.some((c) => c.total);
  const max = exportRowLimit(format) - (totalled ? 1 : 0);
  const matched = await gate(() => reportCount(ctx, r, q, max));
  const display = (row: Record<string, unknown>) => {
    for (const [key, map] of texts) row[key] = map.get(String(row[key])) ?? row[key];
    for (const c of formatted) row[c.key] = formatReportValue(row[c.key], c);
    return row;
  };
  const rows = (async function* () {
    for await (const row of reportRows(ctx, r, q, max, gate)) yield display(row);
    // the totals row under the data, labelled in the first column without a total
    const totals = await gate(() => reportTotals(ctx, r, q));
    if (totals) {
      const label = shownColumns(r).find((c) => !c.total);
      yield display({ ...totals, ...(label ? { [label.key]: totalsLabel(shownColumns(r)) } : {}) });
    }
  })();
  const columns = shownColumns(r).map((c) => ({
    key: c.key,
    title: c.title,
    width: c.width,
    kind: c.format ? ('string' as const) : c.type,
  }));
  return {
    sheet: { title: r.title, columns, rows },
    count: Math.min(matched, max) + (totalled ? 1 : 0),
    more: matched > max,
  };
}
