import type { WidgetProps } from '@rjsf/utils';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { fieldType } from '../../src/core/fields/registry';
import { SearchDate, type DateKind } from '../list/SearchDate';
import type { FieldRenderer, SearchControlProps } from './types';

// 'HH:mm:ss' alone is not a date; reading it needs the explicit format
dayjs.extend(customParseFormat);

/** the editor of a date, date-time or time field: the value is text in the field's format (spec 9) */
function dateEditor(kind: DateKind) {
  return function DateEditor({ id, value, disabled, readonly, options, placeholder, onChange }: WidgetProps) {
    const format = options.format as string;
    const parsed = value ? dayjs(String(value), format) : null;
    const common = {
      id,
      format,
      placeholder,
      disabled: disabled || readonly,
      style: { width: '100%' },
      value: parsed?.isValid() ? parsed : null,
      onChange: (d: Dayjs | null) => onChange(d ? d.format(format) : undefined),
    };
    if (kind === 'time') return <TimePicker {...common} />;
    return <DatePicker {...common} showTime={kind === 'datetime'} />;
  };
}

function dateSearch(kind: DateKind, range: boolean) {
  return function DateSearch({ id, field, value, onChange }: SearchControlProps) {
    const format = fieldType(field).format!;
    return <SearchDate id={id} kind={kind} range={range} format={format} value={value} onChange={onChange} />;
  };
}

/** the renderer of one of the date types; a time range is searched with two boxes, a date range with a range picker */
export function dateRenderer(kind: DateKind): FieldRenderer {
  return {
    editor: dateEditor(kind),
    search: dateSearch(kind, false),
    ...(kind === 'time' ? {} : { rangeSearch: dateSearch(kind, true) }),
  };
}
