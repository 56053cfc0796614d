/**
 * The system variables a data rule's value may name as #{name} (reference 2.4), each with the
 * camelCase spelling the server also accepts. Shared by the server, which substitutes them as
 * bound values, and the rule form, which lists them as a hint.
 */
export const SYSTEM_VARIABLES = [
  'sys_user_code',
  'sysUserCode',
  'sys_user_name',
  'sysUserName',
  'sys_org_code',
  'sysOrgCode',
  'sys_multi_org_code',
  'sysMultiOrgCode',
  'sys_date',
  'sysDate',
  'sys_time',
  'sysTime',
  'tenant_id',
  'tenantId',
  'bpm_status',
] as const;

export type SystemVariable = (typeof SYSTEM_VARIABLES)[number];
