import type { ComponentType } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { hasOptions } from '../common/dict';
import { fieldPart } from '../fields/parts';
import type { GridEditorProps } from '../fields/types';
import { NumberCell, OptionCell, TextCell } from './cells';
import { isNumberField } from './grid-model';

/** the cell editor of a field's type (the field registry's), else by what the field holds */
export function editorOf(field: FieldDoc): ComponentType<GridEditorProps> {
  const own = fieldPart(field, 'gridEditor');
  if (own) return own;
  if (hasOptions(field)) return OptionCell;
  return isNumberField(field) ? NumberCell : TextCell;
}
