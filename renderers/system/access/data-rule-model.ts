import type { SystemVariable } from '../../../src/core/data-rule-variables';
import type { FieldDoc } from '../../../src/core/document/types';

/** a rule of GET /sys/permission/getPermRuleListByPermId */
export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status?: string | null;
}

export interface DataRuleFormValues {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: '0' | '1';
}

/**
 * The conditions the server accepts, as a field whose options are their dictionary
 * (rule_conditions in schemas/system/access-dictionaries.json), read like any field's options.
 */
export const CONDITION_FIELDS: FieldDoc[] = [
  { key: 'ruleConditions', title: '条件规则', type: 'select', dictCode: 'rule_conditions' },
];

export const RULE_STATUS_TEXT: Record<'0' | '1', string> = { '1': '有效', '0': '无效' };

/** the server's check of rule_column: a field key or column name */
export const RULE_COLUMN_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/** what each system variable stands for, in the spelling the hint shows (reference 2.4) */
export const VARIABLE_HINTS: readonly [SystemVariable, string][] = [
  ['sys_user_code', '当前用户账号'],
  ['sys_user_name', '当前用户姓名'],
  ['sys_org_code', '当前所选部门编码'],
  ['sys_multi_org_code', '用户全部部门编码（配合 IN）'],
  ['sys_date', '当前日期 yyyy-MM-dd'],
  ['sys_time', '当前时间 yyyy-MM-dd HH:mm:ss'],
  ['tenant_id', '当前租户'],
  ['bpm_status', '流程状态'],
];

export function ruleFormValuesOf(rule?: DataRule): DataRuleFormValues {
  return {
    ruleName: rule?.ruleName ?? '',
    ruleColumn: rule?.ruleColumn ?? '',
    ruleConditions: rule?.ruleConditions ?? '=',
    ruleValue: rule?.ruleValue ?? '',
    status: rule?.status === '0' ? '0' : '1',
  };
}

/** the body of addPermissionRule (with the menu) or editPermissionRule (with the rule's id) */
export function rulePayloadOf(
  values: DataRuleFormValues,
  target: { permissionId: string } | { id: string },
): Record<string, string> {
  return {
    ...target,
    ruleName: values.ruleName.trim(),
    ruleColumn: values.ruleColumn.trim(),
    ruleConditions: values.ruleConditions,
    ruleValue: values.ruleValue.trim(),
    status: values.status,
  };
}

/** the document whose list a menu opens (document menus are doc_<code>): its fields are the rule columns */
export function documentOfMenu(menuId: string): string | null {
  return menuId.startsWith('doc_') ? menuId.slice(4) : null;
}
