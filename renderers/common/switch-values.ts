import type { FieldDoc } from '../../src/core/document/types';
import { switchValues } from '../../src/core/fields/switch';

export { switchValues };

/** the 是/否 text a list shows for a switch value ('' when empty) */
export function switchText(field: FieldDoc, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value) === switchValues(field)[0] ? '是' : '否';
}
