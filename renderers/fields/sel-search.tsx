import { DictSelectWidget } from '../form/widgets/DictSelectWidget';
import type { FieldRenderer } from './types';

/** one dictionary value, found by typing */
export const selSearch: FieldRenderer = { editor: DictSelectWidget };
