import { CheckboxCell } from '../grid/choice-cells';
import { DictCheckboxWidget } from '../form/widgets/DictCheckboxWidget';
import type { FieldRenderer } from './types';

/** several of the field's options, as check boxes */
export const checkbox: FieldRenderer = { editor: DictCheckboxWidget, gridEditor: CheckboxCell };
