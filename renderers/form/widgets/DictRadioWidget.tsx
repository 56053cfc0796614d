import type { WidgetProps } from '@rjsf/utils';
import { Radio } from 'antd';
import type { DictOption } from '../../common/dict';

/** radio: one value from the dictionary; the group is named by the field's label */
export function DictRadioWidget({ id, value, disabled, readonly, options, label, onChange }: WidgetProps) {
  const dict = (options.dictOptions as DictOption[] | undefined) ?? [];
  return (
    <Radio.Group
      id={id}
      aria-label={label}
      value={value ?? undefined}
      disabled={disabled || readonly}
      options={dict.map((o) => ({ value: o.value, label: o.text }))}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
