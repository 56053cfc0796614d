import type { FieldDoc } from '../../src/core/document/types';
import { isEmpty } from '../../src/core/validation/validate';
import { orderField } from '../../src/core/document/model';
import type { GridRow } from './grid-model';

/**
 * A tree sub-table in the grid ("Expandable tree table"). The grid keeps its loaded rows in
 * tree order: every node is followed by its loaded descendants, so a node and its subtree are one
 * run of rows, which moves, inserts and removals handle as a block.
 */
export interface TreeKeys {
  pidField: string;
  hasChildField: string;
}

/** the pid of a top-level row (the server writes it for a row saved without a parent) */
export const TREE_ROOT = '0';

export function parentOf(row: GridRow, keys: TreeKeys): string {
  const pid = row[keys.pidField];
  return isEmpty(pid) ? TREE_ROOT : String(pid);
}

/** the index just past the last loaded descendant of the row at `index` */
export function subtreeEnd(rows: readonly GridRow[], index: number, keys: TreeKeys): number {
  const inside = new Set([rows[index].id]);
  let end = index + 1;
  while (end < rows.length && inside.has(parentOf(rows[end], keys))) inside.add(rows[end++].id);
  return end;
}

/** the ids given and those of their loaded descendants */
export function withDescendants(
  rows: readonly GridRow[],
  ids: Iterable<string>,
  keys: TreeKeys,
): Set<string> {
  const out = new Set(ids);
  // tree order: a parent comes before its children
  for (const r of rows) if (out.has(parentOf(r, keys))) out.add(r.id);
  return out;
}

/** the rows sharing a parent, in order */
export function siblingsOf(rows: readonly GridRow[], pid: string, keys: TreeKeys): GridRow[] {
  return rows.filter((r) => parentOf(r, keys) === pid);
}

/** a row to show: its depth, and whether it has (or may have) children and shows them */
export interface ShownNode {
  row: GridRow;
  depth: number;
}

/** the rows in view: the roots, and under each expanded node its children, depth first */
export function shownTree(
  rows: readonly GridRow[],
  keys: TreeKeys,
  expanded: ReadonlySet<string>,
): ShownNode[] {
  const depth = new Map<string, number>();
  const out: ShownNode[] = [];
  for (const row of rows) {
    const pid = parentOf(row, keys);
    const parentDepth = depth.get(pid);
    // a root, or a child of a node in view and open
    if (pid !== TREE_ROOT && (parentDepth === undefined || !expanded.has(pid))) continue;
    const d = pid === TREE_ROOT ? 0 : parentDepth! + 1;
    depth.set(row.id, d);
    out.push({ row, depth: d });
  }
  return out;
}

/** the rows with `row` put after the subtree of `after` (insert below), or last under its parent */
export function placeRow(rows: readonly GridRow[], row: GridRow, keys: TreeKeys, after?: string): GridRow[] {
  const pid = parentOf(row, keys);
  let at = rows.length;
  if (after !== undefined) {
    const i = rows.findIndex((r) => r.id === after);
    if (i >= 0) at = subtreeEnd(rows, i, keys);
  } else if (pid !== TREE_ROOT) {
    const i = rows.findIndex((r) => r.id === pid);
    if (i >= 0) at = subtreeEnd(rows, i, keys);
  }
  return [...rows.slice(0, at), row, ...rows.slice(at)];
}

/** the index of the sibling next to a row (-1 before, +1 after), or -1 when it has none there */
export function siblingIndex(rows: readonly GridRow[], id: string, delta: -1 | 1, keys: TreeKeys): number {
  const i = rows.findIndex((r) => r.id === id);
  if (i < 0) return -1;
  const pid = parentOf(rows[i], keys);
  if (delta > 0) {
    const next = subtreeEnd(rows, i, keys);
    return next < rows.length && parentOf(rows[next], keys) === pid ? next : -1;
  }
  // walking back, the rows between a node and its earlier sibling are that sibling's descendants
  for (let j = i - 1; j >= 0 && rows[j].id !== pid; j--) if (parentOf(rows[j], keys) === pid) return j;
  return -1;
}

/**
 * A node and its subtree swapped with the sibling block before (-1) or after (+1); the order field
 * renumbered 1..n among the siblings. Unchanged when there is no sibling on that side.
 */
export function moveNode(
  rows: readonly GridRow[],
  id: string,
  delta: -1 | 1,
  keys: TreeKeys,
  fields: FieldDoc[],
): GridRow[] {
  const other = siblingIndex(rows, id, delta, keys);
  if (other < 0) return rows as GridRow[];
  const i = rows.findIndex((r) => r.id === id);
  const [first, second] = delta < 0 ? [other, i] : [i, other];
  const end = subtreeEnd(rows, second, keys);
  const moved = [
    ...rows.slice(0, first),
    ...rows.slice(second, end),
    ...rows.slice(first, second),
    ...rows.slice(end),
  ];
  return renumberSiblings(moved, parentOf(rows[i], keys), keys, fields);
}

/** the order field numbered 1..n down the children of one parent, the other rows unchanged */
export function renumberSiblings(
  rows: readonly GridRow[],
  pid: string,
  keys: TreeKeys,
  fields: FieldDoc[],
): GridRow[] {
  const order = orderField(fields);
  if (!order) return rows as GridRow[];
  let n = 0;
  return rows.map((r) => {
    if (parentOf(r, keys) !== pid) return r;
    n += 1;
    return r[order.key] === n ? r : { ...r, [order.key]: n };
  });
}
