import type { ReportChart, ReportColumn, ReportDocument } from './types';

/**
 * How a report shows its numbers, the same in the browser's table and in the export (isomorphic),
 * and what a report's chart may name.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(grouping: boolean, min: number, max: number): Intl.NumberFormat {
  const key = `${grouping}/${min}/${max}`;
  let f = formatters.get(key);
  if (!f)
    formatters.set(
      key,
      (f = new Intl.NumberFormat('zh-CN', {
        useGrouping: grouping,
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      })),
    );
  return f;
}

/** a number cell's text by the column's format; null and text that is no number stay as they are */
export function formatReportValue(value: unknown, column: Pick<ReportColumn, 'format' | 'decimals'>): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!column.format || !Number.isFinite(n)) return String(value);
  const d = column.decimals;
  switch (column.format) {
    case 'number':
      return numberFormat(false, d ?? 2, d ?? 2).format(n);
    case 'money':
      return `${n < 0 ? '-' : ''}¥${numberFormat(true, 2, 2).format(Math.abs(n))}`;
    case 'thousands':
      return numberFormat(true, d ?? 0, d ?? 10).format(n);
    case 'percent':
      return `${numberFormat(false, d ?? 2, d ?? 2).format(n * 100)}%`;
  }
}

/** the label of the totals row: 合计 when every total is a sum, 平均 when every one is an average */
export function totalsLabel(columns: readonly Pick<ReportColumn, 'total'>[]): string {
  const kinds = new Set(columns.map((c) => c.total).filter(Boolean));
  if (kinds.size === 2) return '合计 / 平均';
  return kinds.has('average') ? '平均' : '合计';
}

/** the y columns of a chart, always as a list */
export const chartValues = (chart: ReportChart): string[] => (Array.isArray(chart.y) ? chart.y : [chart.y]);

/** what is wrong with a report's chart (English, for schemas:check): every column it names must exist */
export function reportChartProblems(r: ReportDocument): string[] {
  const chart = r.chart;
  if (!chart) return [];
  const columns = new Map(r.columns.map((c) => [c.key, c]));
  const problems: string[] = [];
  for (const [role, key] of [
    ['x', chart.x],
    ...chartValues(chart).map((y) => ['y', y]),
    ...(chart.series ? [['series', chart.series]] : []),
  ])
    if (!columns.has(key)) problems.push(`chart ${role} '${key}' is not a report column`);
  for (const y of chartValues(chart))
    if (columns.has(y) && columns.get(y)!.type !== 'number')
      problems.push(`chart y '${y}' must be a number column`);
  if (chart.type === 'pie' && (chart.series || chartValues(chart).length > 1))
    problems.push('a pie chart has one y column and no series');
  if (chart.series && chartValues(chart).length > 1) problems.push('a chart with series has one y column');
  return problems;
}
