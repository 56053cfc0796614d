import { EllipsisText } from '../list/EllipsisText';
import type { ReportColumns } from './report-api';

/** a cell as the report's column says: dictionary text, numbers as they are, other text cut at 25 */
export function reportCell(report: ReportColumns, key: string) {
  const options = report.dictOptions[key];
  const texts = options && new Map(options.map((o) => [o.value, o.text]));
  return (value: unknown) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    return <EllipsisText text={texts?.get(text) ?? text} />;
  };
}
