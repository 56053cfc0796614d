import { GRANT_SOURCES, type GrantSourceName } from '../../../src/core/actions/grant';

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

/** a role's or a department's (a grant action's source): the whole menu tree is offered */
export const ownerGrants = (name: GrantSourceName): GrantSource => ({
  ...GRANT_SOURCES[name],
  emptyText: '暂无可授权的菜单',
});

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
