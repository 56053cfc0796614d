import { formatReportValue } from '../../src/core/document/report-format';
import { EllipsisText } from '../list/EllipsisText';
import type { ReportColumn, ReportColumns } from './report-api';

/**
 * a cell as the report's column says: dictionary text, numbers in the column's format, other text
 * cut at the column's ellipsis length (25 unless given) with the whole text on hover
 */
export function reportCell(report: ReportColumns, c: ReportColumn) {
  const options = report.dictOptions[c.dataIndex];
  const texts = options && new Map(options.map((o) => [o.value, o.text]));
  return (value: unknown) => {
    if (value === null || value === undefined) return '';
    if (c.format) return formatReportValue(value, c);
    const text = String(value);
    return <EllipsisText text={texts?.get(text) ?? text} max={c.ellipsis} />;
  };
}
