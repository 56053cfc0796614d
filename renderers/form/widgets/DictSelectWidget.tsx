import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import type { DictOption } from '../../common/dict';
import { joinValue, splitValue } from '../../common/multi-value';

export function selectOptions(options: WidgetProps['options']) {
  return ((options.dictOptions as DictOption[] | undefined) ?? []).map((o) => ({
    value: o.value,
    label: o.text,
  }));
}

/** select / sel_search: one value from the field's dictionary; list_multi: several, stored comma-joined */
export function DictSelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, placeholder, onChange, onBlur, onFocus } = props;
  const multiple = Boolean(options.multiple);
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? splitValue(value) : (value ?? undefined)}
      options={selectOptions(options)}
      placeholder={placeholder}
      disabled={disabled || readonly}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      onChange={(v: string | string[] | undefined) =>
        onChange(Array.isArray(v) ? joinValue(v) : (v ?? undefined))
      }
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
