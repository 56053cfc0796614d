/**
 * The arithmetic behind the permission-assignment tree (roles and departments). The screen keeps
 * one set, the ids that will be granted, and shows it as it is; 父子关联 decides what a click on a
 * node's box changes.
 */

/** a node of GET /sys/role/queryTreeList's treeList */
export interface GrantNode {
  key: string;
  title: string;
  /** 1 when the menu has data rules a role can choose among */
  ruleFlag?: number;
  children?: GrantNode[] | null;
}

/** every key of the tree, parents before children */
export function allKeys(nodes: readonly GrantNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** the keys of nodes that have children: what 展开所有 expands */
export function parentKeys(nodes: readonly GrantNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...parentKeys(n.children)] : []));
}

/** below each key: the subtree's keys, and the chain of ancestors above it (nearest first) */
function index(nodes: readonly GrantNode[]) {
  const subtree = new Map<string, string[]>();
  const ancestors = new Map<string, string[]>();
  const walk = (n: GrantNode, above: string[]) => {
    ancestors.set(n.key, above);
    subtree.set(n.key, allKeys([n]));
    for (const c of n.children ?? []) walk(c, [n.key, ...above]);
  };
  nodes.forEach((n) => walk(n, []));
  return { subtree, ancestors };
}

/**
 * A click on a node's box with 父子关联 on. Checking grants the node's whole subtree and its
 * ancestors (a menu is reachable only under a granted group); unchecking takes the subtree away,
 * and every ancestor left with nothing granted below it.
 */
export function toggleLinked(
  nodes: readonly GrantNode[],
  granted: ReadonlySet<string>,
  key: string,
  checked: boolean,
): Set<string> {
  const { subtree, ancestors } = index(nodes);
  const next = new Set(granted);
  const below = subtree.get(key) ?? [key];
  const above = ancestors.get(key) ?? [];
  if (checked) for (const k of [...below, ...above]) next.add(k);
  else {
    for (const k of below) next.delete(k);
    for (const k of above) if (!(subtree.get(k) ?? []).some((d) => d !== k && next.has(d))) next.delete(k);
  }
  return next;
}

/**
 * Nodes shown partly checked: not granted themselves, but something below them is. The tree always
 * shows the granted set as it is (antd's checkStrictly); 父子关联 only changes what a click does.
 */
export function halfCheckedKeys(nodes: readonly GrantNode[], granted: ReadonlySet<string>): string[] {
  const { subtree } = index(nodes);
  return [...subtree]
    .filter(([k, below]) => !granted.has(k) && below.some((d) => d !== k && granted.has(d)))
    .map(([k]) => k);
}

/** what a save changes: ids newly granted and ids taken away */
export function grantDiff(
  last: ReadonlySet<string>,
  next: ReadonlySet<string>,
): { added: string[]; removed: string[] } {
  return {
    added: [...next].filter((k) => !last.has(k)),
    removed: [...last].filter((k) => !next.has(k)),
  };
}

/**
 * The body of saveRolePermission / saveDepartPermission: the server saves the difference between
 * the new set and the one the screen started from, so both are sent (comma lists).
 */
export function grantPayload(
  last: ReadonlySet<string>,
  next: ReadonlySet<string>,
): { permissionIds: string; lastpermissionIds: string } {
  return { permissionIds: [...next].join(','), lastpermissionIds: [...last].join(',') };
}
