import { filledValues, popupPairs } from '../../../src/core/fields/popup-fill';
import type { GridEditorProps } from '../types';
import { PopupInput } from './popup-input';

/** in a grid: the chosen row fills the cells of every destField in the same row */
export default function PopupCell({ id, field, value, disabled, onChange, onFill }: GridEditorProps) {
  const read = popupPairs(field);
  return (
    <PopupInput
      id={id}
      field={field}
      value={value}
      placeholder={field.placeholder}
      disabled={disabled}
      onChange={onChange}
      onPicked={onFill && 'pairs' in read ? (rows) => onFill(filledValues(read.pairs, rows)) : undefined}
    />
  );
}
