import type { WidgetProps } from '@rjsf/utils';
import { fieldDocOf } from './field-doc';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// 'HH:mm:ss' alone is not a date; reading it needs the explicit format
dayjs.extend(customParseFormat);

/** date / datetime / time: the value is text in the field's format (YYYY-MM-DD, … HH:mm:ss, HH:mm:ss) */
export function DateWidget({ id, value, disabled, readonly, options, placeholder, onChange }: WidgetProps) {
  const { type } = fieldDocOf(options);
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
  if (type === 'time') return <TimePicker {...common} />;
  return <DatePicker {...common} showTime={type === 'datetime'} />;
}
