import type { WidgetProps } from '@rjsf/utils';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { fieldType } from '../../src/core/fields/registry';
import { SearchDate, type DateKind } from '../list/SearchDate';
import type { FieldRenderer, GridEditorProps, SearchControlProps } from './types';

// 'HH:mm:ss' alone is not a date; reading it needs the explicit format
dayjs.extend(customParseFormat);

interface DateInputProps {
  id: string;
  kind: DateKind;
  format: string;
  value: unknown;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
}

/** a date, date-time or time picker over text in the field's format (spec 9): a form's and a grid cell's */
function DateInput({
  id,
  kind,
  format,
  value,
  placeholder,
  disabled,
  invalid,
  onChange,
  onBlur,
}: DateInputProps) {
  const parsed = value ? dayjs(String(value), format) : null;
  const common = {
    id,
    format,
    placeholder,
    disabled,
    status: invalid ? ('error' as const) : undefined,
    style: { width: '100%' },
    value: parsed?.isValid() ? parsed : null,
    onChange: (d: Dayjs | null) => onChange(d ? d.format(format) : undefined),
    onBlur,
  };
  if (kind === 'time') return <TimePicker {...common} />;
  return <DatePicker {...common} showTime={kind === 'datetime'} />;
}

function dateEditor(kind: DateKind) {
  return function DateEditor({ id, value, disabled, readonly, options, placeholder, onChange }: WidgetProps) {
    return (
      <DateInput
        id={id}
        kind={kind}
        format={options.format as string}
        value={value}
        placeholder={placeholder}
        disabled={disabled || readonly}
        onChange={onChange}
      />
    );
  };
}

function dateCell(kind: DateKind) {
  return function DateCell({ id, field, value, invalid, disabled, onChange, onBlur }: GridEditorProps) {
    return (
      <DateInput
        id={id}
        kind={kind}
        format={fieldType(field).format!}
        value={value}
        placeholder={field.placeholder}
        disabled={disabled}
        invalid={invalid}
        onChange={onChange}
        onBlur={onBlur}
      />
    );
  };
}

function dateSearch(kind: DateKind, range: boolean) {
  return function DateSearch({ id, field, value, onChange }: SearchControlProps) {
    const format = fieldType(field).format!;
    return <SearchDate id={id} kind={kind} range={range} format={format} value={value} onChange={onChange} />;
  };
}

/** spec 6: a grid's date column is 135px, a date-time column 200px */
const GRID_WIDTH: Partial<Record<DateKind, number>> = { date: 135, datetime: 200 };

/** the renderer of one of the date types; a time range is searched with two boxes, a date range with a range picker */
export function dateRenderer(kind: DateKind): FieldRenderer {
  return {
    gridWidth: GRID_WIDTH[kind],
    editor: dateEditor(kind),
    gridEditor: dateCell(kind),
    search: dateSearch(kind, false),
    ...(kind === 'time' ? {} : { rangeSearch: dateSearch(kind, true) }),
  };
}
