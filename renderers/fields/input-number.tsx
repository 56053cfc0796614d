import type { FieldRenderer } from './types';

/** a number: rjsf's number box; a range is searched with 最小值 and 最大值 */
export const inputNumber: FieldRenderer = {};
