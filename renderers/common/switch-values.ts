import type { FieldDoc } from '../../src/core/document/types';

/** a switch stores its first option when on and its second when off; by default 'Y' and 'N' (spec 4) */
export function switchValues(field: FieldDoc): [on: string, off: string] {
  const o = field.options;
  return o && o.length >= 2 ? [o[0].value, o[1].value] : ['Y', 'N'];
}

/** the 是/否 text a list shows for a switch value ('' when empty) */
export function switchText(field: FieldDoc, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value) === switchValues(field)[0] ? '是' : '否';
}
