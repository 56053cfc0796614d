import { MultiOptionCell } from '../grid/choice-cells';
import { DictSelectWidget } from '../form/widgets/DictSelectWidget';
import type { FieldRenderer } from './types';

/** several of the field's options, from a drop-down (stored comma-joined) */
export const listMulti: FieldRenderer = { editor: DictSelectWidget, gridEditor: MultiOptionCell };
