import type { ActionDoc, ActionKindDef, ActionOperation } from './types';

/** the whole menu and button tree a role or a department is offered; guarded by 角色管理's 授权 code */
const MENU_TREE: ActionOperation = {
  method: 'GET',
  url: '/sys/role/queryTreeList',
  access: { perm: 'system:role:authorize' },
};

/** a role's data rules of one menu: read by menu and role, saved with the rule ids chosen */
export const ROLE_DATA_RULES = {
  read: '/sys/role/datarule/:permissionId/:roleId',
  save: '/sys/role/datarule',
};

/**
 * Whose grants a grant action edits, and where they are read and saved (the diff-based save of
 * src/server/sys/permission/grants.ts). A role's menus also carry its data rules.
 */
export const GRANT_SOURCES = {
  role: {
    tree: MENU_TREE.url,
    query: '/sys/permission/queryRolePermission',
    save: '/sys/permission/saveRolePermission',
    param: 'roleId',
    dataRules: true,
  },
  depart: {
    tree: MENU_TREE.url,
    query: '/sys/permission/queryDepartPermission',
    save: '/sys/permission/saveDepartPermission',
    param: 'departId',
    dataRules: false,
  },
};

export type GrantSourceName = keyof typeof GRANT_SOURCES;

/** a grant action's params: whose grants, the editor's title and the field naming the owner in it */
export interface GrantParams {
  source: GrantSourceName;
  title: string;
  nameField: string;
}

export const grantParams = (a: ActionDoc) => a.params as unknown as GrantParams;

/**
 * grant: the tree editor of the menus and buttons a row (a role, a department) holds, saved as the
 * difference from what it held; for a role, a menu's data rules too (授权 on 角色管理 and 部门管理).
 */
export const grant: ActionKindDef = {
  places: ['row'],
  check(action) {
    const p = (action.params ?? {}) as Record<string, unknown>;
    const out: [string, string][] = [];
    if (typeof p.source !== 'string' || !(p.source in GRANT_SOURCES))
      out.push(['/params/source', `source must be one of ${Object.keys(GRANT_SOURCES).join(', ')}`]);
    if (typeof p.title !== 'string' || !p.title) out.push(['/params/title', 'title must be a text']);
    if (typeof p.nameField !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(p.nameField))
      out.push(['/params/nameField', 'nameField must be a field name']);
    return out;
  },
  operations(action) {
    const s = GRANT_SOURCES[grantParams(action).source];
    return [
      MENU_TREE,
      { method: 'GET', url: s.query, access: 'action' },
      { method: 'POST', url: s.save, access: 'action' },
      ...(s.dataRules
        ? [
            { method: 'GET', url: ROLE_DATA_RULES.read, access: 'action' } as const,
            { method: 'POST', url: ROLE_DATA_RULES.save, access: 'action' } as const,
          ]
        : []),
    ];
  },
};
