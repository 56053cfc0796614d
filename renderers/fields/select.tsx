import { OptionCell } from '../grid/cells';
import { DictSelectWidget } from '../form/widgets/DictSelectWidget';
import type { FieldRenderer } from './types';

/** one of the field's options, from a drop-down */
export const select: FieldRenderer = { editor: DictSelectWidget, gridEditor: OptionCell };
