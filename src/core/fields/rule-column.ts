import { textType } from './families';

/**
 * A data rule's column (规则字段): a field key of the list the rule's menu opens, typed, with the
 * fields of that document or the columns of that report to pick from (the server's own check,
 * src/server/sys/permission/data-rules.ts). `menuField` names the record's field holding the menu.
 */
export const ruleColumn = textType(
  { type: 'string', length: 50 },
  {
    checkField: (field) =>
      field.menuField ? null : 'a rule_column field names the field holding its menu: give menuField',
  },
);
