import { describe, expect, it } from 'vitest';
import { formatReportValue, reportChartProblems, totalsLabel } from '../../src/core/document/report-format';
import type { ReportDocument } from '../../src/core/document/types';
import { chartOption } from '../../renderers/report/chart-option';

describe('report number formats', () => {
  it('money: ¥, thousands separators, two decimals; a minus before the ¥', () => {
    expect(formatReportValue(1234567.5, { format: 'money' })).toBe('¥1,234,567.50');
    expect(formatReportValue('-12', { format: 'money' })).toBe('-¥12.00');
  });

  it('number: fixed decimals (2 unless given); thousands: separators; percent: × 100', () => {
    expect(formatReportValue(3.14159, { format: 'number', decimals: 3 })).toBe('3.142');
    expect(formatReportValue(12345, { format: 'number' })).toBe('12345.00');
    expect(formatReportValue(1234567, { format: 'thousands' })).toBe('1,234,567');
    expect(formatReportValue(1234.5, { format: 'thousands', decimals: 2 })).toBe('1,234.50');
    expect(formatReportValue(0.256, { format: 'percent', decimals: 1 })).toBe('25.6%');
  });

  it('empty stays empty, text that is no number and unformatted columns stay as they are', () => {
    expect(formatReportValue(null, { format: 'money' })).toBe('');
    expect(formatReportValue('n/a', { format: 'money' })).toBe('n/a');
    expect(formatReportValue(1234, {})).toBe('1234');
  });

  it('the totals label follows the kinds of totals', () => {
    expect(totalsLabel([{ total: 'sum' }, {}])).toBe('合计');
    expect(totalsLabel([{ total: 'average' }])).toBe('平均');
    expect(totalsLabel([{ total: 'sum' }, { total: 'average' }])).toBe('合计 / 平均');
  });
});

const report = (chart: ReportDocument['chart']): ReportDocument => ({
  kind: 'report',
  schemaVersion: 1,
  code: 'r',
  title: 'r',
  permission: 'r:',
  sql: 'select 1',
  tables: ['t'],
  columns: [
    { key: 'month', title: '月份' },
    { key: 'state', title: '状态' },
    { key: 'n', title: '数量', type: 'number' },
  ],
  chart,
});

describe('report charts', () => {
  it('a chart names only the report’s columns, y a number column', () => {
    expect(reportChartProblems(report({ type: 'bar', x: 'month', y: 'n' }))).toEqual([]);
    expect(reportChartProblems(report({ type: 'bar', x: 'day', y: ['n', 'state'] }))).toEqual([
      "chart x 'day' is not a report column",
      "chart y 'state' must be a number column",
    ]);
    expect(reportChartProblems(report({ type: 'pie', x: 'month', y: 'n', series: 'state' }))).toEqual([
      'a pie chart has one y column and no series',
    ]);
  });

  it('a series column splits the rows into one line each over the x categories', () => {
    const option = chartOption({
      title: 't',
      chart: { type: 'line', x: 'month', y: 'n', series: 'state' },
      columns: [{ key: 'n', title: '数量' }],
      records: [
        { month: '2026-01', state: '新建', n: 1 },
        { month: '2026-01', state: '完成', n: 2 },
        { month: '2026-02', state: '完成', n: 5 },
      ],
    }) as any;
    expect(option.xAxis.data).toEqual(['2026-01', '2026-02']);
    expect(option.series.map((s: any) => [s.name, s.type, s.data])).toEqual([
      ['新建', 'line', [1, null]],
      ['完成', 'line', [2, 5]],
    ]);
  });

  it('a pie draws x → y as named slices', () => {
    const option = chartOption({
      title: 't',
      chart: { type: 'pie', x: 'state', y: 'n' },
      columns: [{ key: 'n', title: '数量' }],
      records: [{ state: '完成', n: '7' }],
    }) as any;
    expect(option.series[0].data).toEqual([{ name: '完成', value: 7 }]);
  });
});
