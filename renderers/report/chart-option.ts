import type { EChartsCoreOption } from 'echarts/core';
import type { ReportChart } from '../../src/core/document/types';
import { chartValues, formatReportValue } from '../../src/core/document/report-format';
import { t } from './messages';

/** getChartData's answer: the chart, the columns it names and the rows (dictionary columns as text) */
export interface ChartData {
  title: string;
  chart: ReportChart;
  columns: {
    key: string;
    title: string;
    format?: 'number' | 'money' | 'thousands' | 'percent';
    decimals?: number;
  }[];
  records: Record<string, unknown>[];
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? t('blank') : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * The echarts option of a report chart: a pie of x → y, or bars/lines over the x categories with
 * one series per y column, or per value of the series column.
 */
export function chartOption({ chart, columns, records }: ChartData): EChartsCoreOption {
  const column = new Map(columns.map((c) => [c.key, c]));
  const values = chartValues(chart);
  const first = column.get(values[0]);
  const valueFormatter = (v: unknown) => (first?.format ? formatReportValue(v, first) : text(v));
  if (chart.type === 'pie')
    return {
      tooltip: { trigger: 'item', valueFormatter },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: first?.title ?? values[0],
          radius: ['30%', '55%'],
          center: ['50%', '45%'],
          // whole labels: a long one wraps onto a second line instead of ending in …
          label: { formatter: '{b}：{c}', overflow: 'break' },
          labelLine: { length: 8, length2: 8 },
          data: records.map((r) => ({ name: text(r[chart.x]), value: num(r[values[0]]) })),
        },
      ],
    };

  const categories = [...new Set(records.map((r) => text(r[chart.x])))];
  let series: { name: string; data: (number | null)[] }[];
  if (chart.series) {
    const byName = new Map<string, Map<string, number | null>>();
    for (const r of records) {
      const name = text(r[chart.series]);
      if (!byName.has(name)) byName.set(name, new Map());
      byName.get(name)!.set(text(r[chart.x]), num(r[values[0]]));
    }
    series = [...byName].map(([name, points]) => ({
      name,
      data: categories.map((c) => points.get(c) ?? null),
    }));
  } else
    series = values.map((key) => ({
      name: column.get(key)?.title ?? key,
      data: records.map((r) => num(r[key])),
    }));
  // every category named whole (SVG text): bars over more categories than fit side by side lie on
  // their side, their names one under the other; lines keep time running left to right, slanted
  const crowded = categories.length > 6;
  const sideways = crowded && chart.type === 'bar';
  const categoryAxis = {
    type: 'category',
    data: categories,
    axisLabel: { interval: 0, rotate: crowded && !sideways ? 30 : 0 },
    // top to bottom in the order of the rows, as the upright bars read left to right
    ...(sideways ? { inverse: true } : {}),
  };
  // counts get whole-number ticks (no 0.2 orders); fractions keep theirs
  const valueAxis = {
    type: 'value',
    ...(series.every((s) => s.data.every((v) => v === null || Number.isInteger(v)))
      ? { minInterval: 1 }
      : {}),
  };
  return {
    tooltip: { trigger: 'axis', valueFormatter },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: sideways ? valueAxis : categoryAxis,
    yAxis: sideways ? categoryAxis : valueAxis,
    series: series.map((s) => ({
      ...s,
      type: chart.type,
      ...(chart.type === 'line' ? { smooth: true, connectNulls: true } : { barMaxWidth: 40 }),
    })),
  };
}
