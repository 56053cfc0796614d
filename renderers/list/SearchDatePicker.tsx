import { DatePicker, TimePicker } from 'antd';
import type { SearchDateProps } from './SearchDate';

/** the antd pickers behind SearchDate (a chunk of their own: most lists search no date) */
export default function SearchDatePicker({ kind, range, format, ...rest }: SearchDateProps) {
  const common = { ...rest, format, style: { width: '100%' } };
  if (kind === 'time') return <TimePicker {...(common as object)} />;
  if (range) return <DatePicker.RangePicker {...(common as object)} showTime={kind === 'datetime'} />;
  return <DatePicker {...(common as object)} showTime={kind === 'datetime'} />;
}
