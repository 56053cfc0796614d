import type { WidgetProps } from '@rjsf/utils';
import type { DictOption } from '../../common/dict';
import { PickerInput } from '../../pickers/PickerInput';
import { fieldDocOf, formRecord } from './field-doc';

/** sel_depart, sel_user and fields with a `picker` in a form: the field's PickerInput */
export function PickerWidget({
  id,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  registry,
  onChange,
}: WidgetProps) {
  return (
    <PickerInput
      id={id}
      field={fieldDocOf(options)}
      value={value}
      disabled={disabled || readonly}
      placeholder={placeholder}
      record={formRecord(registry)}
      dictOptions={options.dictOptions as DictOption[] | undefined}
      onChange={onChange}
    />
  );
}
