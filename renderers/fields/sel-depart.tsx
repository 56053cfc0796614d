import { PickerCell } from '../grid/picker-cells';
import { PickerWidget } from '../form/widgets/PickerWidget';
import { PickerCondition } from './picker-condition';
import type { FieldRenderer } from './types';

/** departments, chosen in the department picker */
export const selDepart: FieldRenderer = {
  editor: PickerWidget,
  gridEditor: PickerCell,
  picker: 'depart',
  condition: PickerCondition,
};
