import { OptionCell } from '../grid/cells';
import { DictRadioWidget } from '../form/widgets/DictRadioWidget';
import type { FieldRenderer } from './types';

/** one of the field's options, as radio buttons */
export const radio: FieldRenderer = { editor: DictRadioWidget, gridEditor: OptionCell };
