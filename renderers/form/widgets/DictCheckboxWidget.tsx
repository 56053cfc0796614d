import type { WidgetProps } from '@rjsf/utils';
import { Checkbox } from 'antd';
import { joinValue, splitValue } from '../../common/multi-value';
import { selectOptions } from './DictSelectWidget';

/** checkbox: several dictionary values, stored comma-joined */
export function DictCheckboxWidget({ value, disabled, readonly, options, label, onChange }: WidgetProps) {
  return (
    <Checkbox.Group
      aria-label={label}
      value={splitValue(value)}
      disabled={disabled || readonly}
      options={selectOptions(options)}
      onChange={(v) => onChange(joinValue(v as string[]))}
    />
  );
}
