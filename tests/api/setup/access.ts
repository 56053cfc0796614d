import { login, post, uniq } from './client';

/** helpers for tests of the access half: real users and roles created through the admin API */

export const PASSWORD = 'Museum2026x';

/** a role holding the given permission rows (menu and button ids), its id */
export async function createRole(admin: string, permissionIds: string[], name = '测试角色'): Promise<string> {
  const roleCode = `r_${uniq()}`;
  const add = await post('/sys/role/add', { roleName: `${name}${roleCode}`, roleCode }, admin);
  if (!add.json.success) throw new Error(`role add: ${add.json.message}`);
  const roleId = add.json.result as string;
  const save = await post(
    '/sys/permission/saveRolePermission',
    { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: '' },
    admin,
  );
  if (!save.json.success) throw new Error(`grant: ${save.json.message}`);
  return roleId;
}

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

/** a user with a password, the given roles and departments, signed in */
export async function createUser(
  admin: string,
  opts: { roles?: string[]; departs?: string[]; extra?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const username = `u_${uniq()}`;
  const add = await post(
    '/sys/user/add',
    {
      username,
      realname: `测试${username}`,
      password: PASSWORD,
      selectedroles: (opts.roles ?? []).join(','),
      selecteddeparts: (opts.departs ?? []).join(','),
      ...opts.extra,
    },
    admin,
  );
  if (!add.json.success) throw new Error(`user add: ${add.json.message}`);
  return { id: add.json.result as string, username, token: await login(username, PASSWORD) };
}

/** the ids of a document's menu row and of the given button rows (menu sync naming) */
export const docPerms = (code: string, buttons: string[] = []) => [
  `doc_${code}`,
  ...buttons.map((b) => `doc_${code}_${b}`),
];

/** the button row the menu sync creates for a route permission code */
export const routePerm = (code: string) => `perm_${code.replace(/[^a-zA-Z0-9_]/g, '_')}`;

/** a data rule on a document's menu (`doc_<code>`), its id */
export async function addDataRule(
  admin: string,
  code: string,
  rule: { column: string; condition: string; value: string },
): Promise<string> {
  const res = await post(
    '/sys/permission/addPermissionRule',
    {
      permissionId: `doc_${code}`,
      ruleName: `规则${uniq()}`,
      ruleColumn: rule.column,
      ruleConditions: rule.condition,
      ruleValue: rule.value,
    },
    admin,
  );
  if (!res.json.success) throw new Error(`data rule: ${res.json.message}`);
  return res.json.result as string;
}

/** the data rules a role applies on a document's menu */
export async function chooseDataRules(admin: string, roleId: string, code: string, ruleIds: string[]) {
  const res = await post(
    '/sys/role/datarule',
    { permissionId: `doc_${code}`, roleId, dataRuleIds: ruleIds.join(',') },
    admin,
  );
  if (!res.json.success) throw new Error(`role data rules: ${res.json.message}`);
}
