import { PickerInput } from '../pickers/PickerInput';
import type { SearchControlProps } from './types';
import { t } from './messages';

/** an advanced-query value chosen in the field's picker: one value, or several for 在...中 */
export function PickerCondition({ id, field, options, value, multiple, onChange }: SearchControlProps) {
  return (
    <PickerInput
      id={id}
      field={field}
      value={value}
      multiple={Boolean(multiple)}
      placeholder={t('chooseOf', { title: field.title })}
      dictOptions={options}
      onChange={(v) => onChange?.(v)}
    />
  );
}
