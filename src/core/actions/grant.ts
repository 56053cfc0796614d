import { rowKeys, type ActionDoc, type ActionKindDef, type ActionOperation } from './types';

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

/** whose grants a grant action edits, where they are read and saved, and what is offered */
export interface GrantSourceDef {
  /** GET, answers {treeList}: the menus and buttons offered */
  tree: ActionOperation;
  /** the tree call's query: parameter → the row's field whose value it sends */
  treeParams?: Record<string, string>;
  /** GET, answers the owner's granted ids */
  query: string;
  /** POST, the diff-based save */
  save: string;
  /** the owner's id parameter of the query and the save (roleId, departId) */
  param: string;
  /** a role's menus also carry its data rules */
  dataRules: boolean;
  /** said instead of an empty tree: why nothing can be granted yet */
  emptyText: string;
}

/**
 * The owners a grant action may edit (the diff-based save of src/server/sys/permission/grants.ts):
 * a role and a department are offered the whole menu tree; a department's role only what its
 * department holds (its departId), so nothing until the department is granted.
 */
export const GRANT_SOURCES: Record<'role' | 'depart' | 'departRole', GrantSourceDef> = {
  role: {
    tree: MENU_TREE,
    query: '/sys/permission/queryRolePermission',
    save: '/sys/permission/saveRolePermission',
    param: 'roleId',
    dataRules: true,
    emptyText: '暂无可授权的菜单',
  },
  depart: {
    tree: MENU_TREE,
    query: '/sys/permission/queryDepartPermission',
    save: '/sys/permission/saveDepartPermission',
    param: 'departId',
    dataRules: false,
    emptyText: '暂无可授权的菜单',
  },
  departRole: {
    tree: { method: 'GET', url: '/sys/sysDepartPermission/queryTreeListForDeptRole', access: 'action' },
    treeParams: { departId: 'departId' },
    query: '/sys/sysDepartPermission/queryDeptRolePermission',
    save: '/sys/sysDepartPermission/saveDeptRolePermission',
    param: 'roleId',
    dataRules: false,
    emptyText: '该部门还没有任何权限，请先为部门授权',
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
 * grant: the tree editor of the menus and buttons a row (a role, a department, a department's
 * role) holds, saved as the difference from what it held; for a role, a menu's data rules too
 * (授权 on 角色管理, 部门管理 and 部门角色).
 */
export const grant: ActionKindDef = {
  places: ['row'],
  check(action, doc) {
    const p = (action.params ?? {}) as Record<string, unknown>;
    const out: [string, string][] = [];
    if (typeof p.source !== 'string' || !(p.source in GRANT_SOURCES))
      out.push(['/params/source', `source must be one of ${Object.keys(GRANT_SOURCES).join(', ')}`]);
    else
      for (const field of Object.values(GRANT_SOURCES[p.source as GrantSourceName].treeParams ?? {}))
        if (!rowKeys(doc).has(field))
          out.push([
            '/params/source',
            `a ${p.source} source reads the row's '${field}', not a field of this document`,
          ]);
    if (typeof p.title !== 'string' || !p.title) out.push(['/params/title', 'title must be a text']);
    if (typeof p.nameField !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(p.nameField))
      out.push(['/params/nameField', 'nameField must be a field name']);
    return out;
  },
  operations(action) {
    const s = GRANT_SOURCES[grantParams(action).source];
    return [
      s.tree,
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
