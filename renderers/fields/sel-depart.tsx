import { PickerCell } from '../grid/picker-cells';
import { PickerWidget } from '../form/widgets/PickerWidget';
import { PickerCondition } from './picker-condition';
import type { FieldRenderer } from './types';

/** departments, chosen in the department picker */
export const selDepart: FieldRenderer = {
  editor: PickerWidget,
  gridEditor: PickerCell,
  // spec 6: a department select column is 160px
  gridWidth: 160,
  picker: 'depart',
  condition: PickerCondition,
};
