import { PickerCell } from '../grid/picker-cells';
import { PickerWidget } from '../form/widgets/PickerWidget';
import { PickerCondition } from './picker-condition';
import type { FieldRenderer } from './types';

/** users, chosen in the user picker */
export const selUser: FieldRenderer = {
  editor: PickerWidget,
  gridEditor: PickerCell,
  // spec 6: a user select column is 220px
  gridWidth: 220,
  picker: 'user',
  condition: PickerCondition,
};
