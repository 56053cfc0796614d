import type { WidgetProps } from '@rjsf/utils';
import { filledValues, popupPairs } from '../../../src/core/fields/popup-fill';
import { fieldDocOf, formFill } from '../../form/widgets/field-doc';
import { PopupInput } from './popup-input';

/** in a form: the chosen row fills every destField at once (this one among them) */
export default function PopupEditor({
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
  const fill = formFill(registry);
  const read = popupPairs(field);
  return (
    <PopupInput
      id={id}
      field={field}
      value={value}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={onChange}
      onPicked={fill && 'pairs' in read ? (rows) => fill(filledValues(read.pairs, rows)) : undefined}
    />
  );
}
