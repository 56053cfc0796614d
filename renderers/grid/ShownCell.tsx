import { displayText } from '../../src/core/fields/registry';
import type { FieldDoc } from '../../src/core/document/types';
import type { DictOption } from '../common/dict';
import { fieldPart } from '../fields/parts';
import type { GridRow } from './grid-model';

/** a click-to-edit cell at rest: its value as text (an option's text), or as the type's list cell shows it */
export function ShownCell({
  field,
  row,
  options,
}: {
  field: FieldDoc;
  row: GridRow;
  options?: DictOption[];
}) {
  const value = row[field.key];
  const option = options?.find((o) => String(o.value) === String(value));
  const text = option ? option.text : displayText(field, value);
  const Cell = fieldPart(field, 'cell');
  return Cell ? <Cell field={field} row={row} text={text} /> : <>{text}</>;
}
