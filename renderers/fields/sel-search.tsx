import type { WidgetProps } from '@rjsf/utils';
import { isMultiValue } from '../../src/core/document/model';
import { SearchSelectCell } from '../grid/picker-cells';
import { fieldDocOf, formRecord } from '../form/widgets/field-doc';
import { DictSearchSelect } from '../pickers/DictSearchSelect';
import { dictTextNames } from '../pickers/picked';
import type { FieldRenderer, SearchControlProps } from './types';

function SearchSelectEditor({
  id,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  registry,
  onChange,
}: WidgetProps) {
  const field = fieldDocOf(options);
  const record = formRecord(registry);
  return (
    <DictSearchSelect
      id={id}
      field={field}
      value={value}
      multiple={isMultiValue(field)}
      known={dictTextNames(record?.[field.key], record?.[`${field.key}_dictText`])}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={onChange}
    />
  );
}

function SearchSelectSearch({ id, field, value, onChange }: SearchControlProps) {
  return <DictSearchSelect id={id} field={field} value={value} onChange={(v) => onChange?.(v)} />;
}

/** one dictionary value (several with multi), found by typing: the dictionary is searched on the server */
export const selSearch: FieldRenderer = {
  editor: SearchSelectEditor,
  search: SearchSelectSearch,
  gridEditor: SearchSelectCell,
};
