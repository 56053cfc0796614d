import { Input, InputNumber, Select } from 'antd';
import { dbTypeOf, isNumeric } from '../../src/core/document/model';
import type { FieldDoc } from '../../src/core/document/types';
import { isMultiValued } from '../../src/core/query/advanced';
import { hasOptions, type DictOption } from '../common/dict';
import { CONDITION_PARTS, fieldPart, useFieldParts } from '../fields/parts';
import { asPickerValue, asText, formatOf } from '../list/search-text';
import { t } from './messages';

interface Props {
  id: string;
  field?: FieldDoc;
  rule?: string;
  value: unknown;
  options?: DictOption[];
  onChange: (value: unknown) => void;
}

const WIDTH = { width: '100%' };

/**
 * The value of one condition, edited as its field's type is searched (the type's `condition` or
 * `search` control from the field registry, else its options, else a number or text box). 'in' takes
 * several values: the options as a multiple select, or typed items as tags.
 */
export function ConditionValue({ id, field, rule, value, options, onChange }: Props) {
  // a chosen field's control loads with the choice; the box keeps its place meanwhile
  const ready = useFieldParts(field ? [field] : [], CONDITION_PARTS);
  if (!field) return <Input id={id} disabled placeholder={t('fieldFirst')} />;
  if (!ready) return <Input id={id} disabled />;
  const opts = hasOptions(field) ? (options ?? []).map((o) => ({ value: o.value, label: o.text })) : null;
  const placeholder = t('enter', { title: field.title });
  const multiple = isMultiValued(rule);
  // a type's own condition control takes several values comma-joined
  const Condition = fieldPart(field, 'condition');
  if (Condition) {
    return (
      <Condition
        id={id}
        field={field}
        options={options}
        multiple={multiple}
        value={Array.isArray(value) ? value.join(',') : value}
        onChange={(v) => onChange(multiple && typeof v === 'string' ? v.split(',').filter(Boolean) : v)}
      />
    );
  }
  if (multiple) {
    const items = Array.isArray(value) ? value : value ? [value] : [];
    return (
      <Select
        id={id}
        mode={opts ? 'multiple' : 'tags'}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        options={opts ?? []}
        placeholder={opts ? t('choose', { title: field.title }) : t('enterSeveral', { title: field.title })}
        value={items}
        onChange={onChange}
        style={WIDTH}
      />
    );
  }
  const Control = fieldPart(field, 'search');
  if (Control) {
    const format = formatOf(field);
    return (
      <Control
        id={id}
        field={field}
        options={options}
        value={asPickerValue(value, format)}
        onChange={(v) => onChange(asText(v, format))}
      />
    );
  }
  if (opts)
    return (
      <Select
        id={id}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('choose', { title: field.title })}
        options={opts}
        value={value ?? undefined}
        onChange={onChange}
        style={WIDTH}
      />
    );
  if (isNumeric(dbTypeOf(field)))
    return (
      <InputNumber
        id={id}
        placeholder={placeholder}
        value={value === undefined || value === '' ? null : Number(value)}
        onChange={(v) => onChange(v ?? undefined)}
        style={WIDTH}
      />
    );
  return (
    <Input
      id={id}
      allowClear
      placeholder={placeholder}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
