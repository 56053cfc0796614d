import type { TableDict } from '../document/types';
import { defineType } from './families';
import { CONDITION_MESSAGE, jsonCondition } from './json-condition';

/** the category dictionary (sys_category, reference 2.10): a node's id is stored, its name shown */
export const CATEGORY_DICT: TableDict = {
  table: 'sys_category',
  text: 'name',
  code: 'id',
  pidField: 'pid',
  hasChildField: 'has_child',
};

/**
 * One node of the category tree ("Category tree node"), chosen level by level. The field's
 * `condition`, a JSON object string, narrows the nodes offered and accepted.
 */
export const catTree = defineType({
  db: { type: 'string', length: 36 },
  picked: true,
  search: ['single', 'in'],
  optionsOnDemand: true,
  dictionary: (field) => ({ ...CATEGORY_DICT, condition: jsonCondition(field.condition) ?? {} }),
  checkField: (field) => (jsonCondition(field.condition) ? null : CONDITION_MESSAGE),
});
