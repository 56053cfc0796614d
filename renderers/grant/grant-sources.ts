import { GRANT_SOURCES, type GrantSourceName } from '../../src/core/actions/grant';

/**
 * Where one owner (a role, a department, a department role) reads the tree it may be granted from,
 * reads its current grants and saves them. One GrantDrawer serves them all.
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

/** a grant action's source (src/core/actions/grant.ts) for one row: its tree call's query read from the row */
export function ownerGrants(name: GrantSourceName, row: Record<string, unknown>): GrantSource {
  const { tree, treeParams, query, save, param, emptyText } = GRANT_SOURCES[name];
  return {
    tree: tree.url,
    treeParams:
      treeParams &&
      Object.fromEntries(Object.entries(treeParams).map(([k, field]) => [k, String(row[field] ?? '')])),
    query,
    save,
    param,
    emptyText,
  };
}
