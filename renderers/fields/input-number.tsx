import { NumberCell } from '../grid/cells';
import type { FieldRenderer } from './types';

/** a number: rjsf's number box (a grid cell takes only number keystrokes); a range is searched with 最小值 and 最大值 */
export const inputNumber: FieldRenderer = { gridEditor: NumberCell };
