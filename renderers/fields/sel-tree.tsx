import { TreeCell } from '../grid/picker-cells';
import { TreeSelectWidget } from '../form/widgets/TreeSelectWidget';
import type { FieldRenderer } from './types';

/** a node of a dictionary tree */
export const selTree: FieldRenderer = { editor: TreeSelectWidget, gridEditor: TreeCell };
