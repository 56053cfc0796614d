import type { WidgetProps } from '@rjsf/utils';
import { isMultiValue } from '../../../src/core/document/model';
import { fieldDocOf, formRecord } from '../../form/widgets/field-doc';
import { DictSearchSelect } from '../../pickers/DictSearchSelect';
import { dictTextNames } from '../../pickers/picked';

/** sel_search's form editor: one dictionary value (several with multi), found by typing; the server searches */
export default function SearchSelectEditor({
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
