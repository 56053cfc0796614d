import type { WidgetProps } from '@rjsf/utils';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { fieldType } from '../../src/core/fields/registry';
import type { DateKind } from '../list/SearchDate';
import type { GridEditorProps } from './types';

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

/** a date, date-time or time picker over text in the field's format: a form's and a grid cell's */
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

/** the form editor of a date, date-time or time field */
export function dateEditor(kind: DateKind) {
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

/** the grid cell of a date, date-time or time field */
export function dateCell(kind: DateKind) {
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
