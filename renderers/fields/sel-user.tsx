import { PickerCell } from '../grid/picker-cells';
import { PickerWidget } from '../form/widgets/PickerWidget';
import { PickerCondition } from './picker-condition';
import type { FieldRenderer } from './types';

/** users, chosen in the user picker */
export const selUser: FieldRenderer = {
  editor: PickerWidget,
  gridEditor: PickerCell,
  picker: 'user',
  condition: PickerCondition,
};
