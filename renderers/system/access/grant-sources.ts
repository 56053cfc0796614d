/**
 * Where one kind of owner (a role, a department, a department role) reads the tree it may be granted
 * from, reads its current grants and saves them. One GrantDrawer serves them all.
 */
export interface GrantSource {
  /** GET, answers {treeList}: the menus and buttons offered */
  tree: string;
  /** the tree call's query (a department role is offered only what its department holds) */
  treeParams?: Record<string, string>;
  /** GET, answers the owner's granted ids */
  query: string;
  /** POST, the diff-based save */
  save: string;
  /** the owner's id parameter of the query and the save (roleId, departId) */
  param: string;
  /** said instead of an empty tree: why nothing can be granted yet */
  emptyText: string;
}

/** the whole menu tree, offered to roles and departments */
const MENU_TREE = '/sys/role/queryTreeList';
const NO_MENUS = '暂无可授权的菜单';

export const ROLE_GRANTS: GrantSource = {
  tree: MENU_TREE,
  query: '/sys/permission/queryRolePermission',
  save: '/sys/permission/saveRolePermission',
  param: 'roleId',
  emptyText: NO_MENUS,
};

export const DEPART_GRANTS: GrantSource = {
  tree: MENU_TREE,
  query: '/sys/permission/queryDepartPermission',
  save: '/sys/permission/saveDepartPermission',
  param: 'departId',
  emptyText: NO_MENUS,
};

/** the roles of one department: offered what the department holds, so nothing until it is granted */
export function departRoleGrants(departId: string): GrantSource {
  return {
    tree: '/sys/sysDepartPermission/queryTreeListForDeptRole',
    treeParams: { departId },
    query: '/sys/sysDepartPermission/queryDeptRolePermission',
    save: '/sys/sysDepartPermission/saveDeptRolePermission',
    param: 'roleId',
    emptyText: '该部门还没有任何权限，请先为部门授权',
  };
}
