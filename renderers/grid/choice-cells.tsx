import { Checkbox, Select, Switch } from 'antd';
import { switchValues } from '../../src/core/fields/switch';
import { joinValue, splitValue } from '../common/multi-value';
import type { GridEditorProps } from '../fields/types';
import { t } from './messages';

const optionsOf = (props: GridEditorProps) =>
  (props.options ?? []).map((o) => ({ value: o.value, label: o.text }));

/** list_multi: several of the field's options, stored comma-joined; one tag shows */
export function MultiOptionCell(props: GridEditorProps) {
  const { id, field, value, invalid, disabled, onChange, onBlur } = props;
  return (
    <Select
      id={id}
      aria-label={field.title}
      mode="multiple"
      maxTagCount={1}
      style={{ width: '100%' }}
      value={splitValue(value)}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={field.placeholder ?? t('choose')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={optionsOf(props)}
      onChange={(v: string[]) => onChange(joinValue(v))}
      onBlur={onBlur}
    />
  );
}

/** checkbox: several of the field's options as check boxes, stored comma-joined */
export function CheckboxCell(props: GridEditorProps) {
  const { field, value, disabled, onChange } = props;
  return (
    <Checkbox.Group
      aria-label={field.title}
      value={splitValue(value)}
      disabled={disabled}
      options={optionsOf(props)}
      onChange={(v) => onChange(joinValue(v as string[]))}
    />
  );
}

/** switch: on keeps the first of its customValue pair (else options, else 'Y'/'N'), off the second */
export function SwitchCell({ id, field, value, disabled, onChange, onBlur }: GridEditorProps) {
  const [on, off] = switchValues(field);
  return (
    <Switch
      id={id}
      aria-label={field.title}
      checked={value === on}
      checkedChildren={t('yes')}
      unCheckedChildren={t('no')}
      disabled={disabled}
      onChange={(checked) => {
        onChange(checked ? on : off);
        onBlur();
      }}
    />
  );
}
