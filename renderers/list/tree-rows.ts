import type { EntityDocument } from '../../src/core/document/types';
import type { NodeState } from '../common/TreeToggle';
import type { Row } from './columns';
import { t } from './messages';

/** the pid of a top-level node (the server writes it for a record saved without a parent) */
export const TREE_ROOT_PID = '0';

/** the children of a node as the tree endpoint answers them: an array, or a page with records */
export function treeChildren(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const records = (result as { records?: unknown } | null)?.records;
  if (Array.isArray(records)) return records as Row[];
  // a tree answer that is neither a list nor a page of records
  throw new Error(t('unknownTree'));
}

/** a loaded branch: its children, or still loading */
export type Branch = Row[] | 'loading';

export interface TreeRow {
  row: Row;
  depth: number;
  state: NodeState;
}

/**
 * The rows a tree table shows: each root, then, under every expanded node, its loaded children,
 * depth first. A node is a leaf when the server says it has no children, or when loading its
 * branch brought none ("Expandable tree table").
 */
export function visibleTreeRows(
  doc: EntityDocument,
  roots: readonly Row[],
  branches: ReadonlyMap<string, Branch>,
  expanded: ReadonlySet<string>,
): TreeRow[] {
  const hasChild = doc.tree!.hasChildField;
  const out: TreeRow[] = [];
  const walk = (rows: readonly Row[], depth: number) => {
    for (const row of rows) {
      const branch = branches.get(row.id);
      const leaf = String(row[hasChild] ?? '') !== '1' || (Array.isArray(branch) && branch.length === 0);
      const open = !leaf && expanded.has(row.id);
      const state = leaf ? 'leaf' : !open ? 'collapsed' : Array.isArray(branch) ? 'expanded' : 'loading';
      out.push({ row, depth, state });
      if (state === 'expanded' && Array.isArray(branch)) walk(branch, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}
