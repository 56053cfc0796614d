import type { Db } from '../../db/connect';
import { toWire } from '../../auth/user-info';

type Row = Record<string, unknown>;
export type Node = Record<string, unknown> & { children?: unknown[] | null };

/** every live menu and button row, in menu order; ruleFlag says whether the menu has data rules */
export async function permissionRows(db: Db, ids?: string[]): Promise<Row[]> {
  let q = db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0);
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
  const [rows, ruled] = await Promise.all([
    q.orderBy('sort_no').orderBy('id').execute(),
    db.selectFrom('sys_permission_data_rule').select('permission_id').distinct().execute(),
  ]);
  const withRules = new Set(ruled.map((r) => r.permission_id));
  for (const r of rows) r.rule_flag = withRules.has(r.id) ? 1 : 0;
  return rows;
}

/** nests nodes under their parents; a node whose parent is absent becomes a root */
export function nest<T extends Node>(rows: Row[], toNode: (r: Row) => T): T[] {
  const nodes = new Map(rows.map((r) => [String(r.id), toNode(r)]));
  const roots: T[] = [];
  for (const r of rows) {
    const n = nodes.get(String(r.id))!;
    const parent = r.parent_id ? nodes.get(String(r.parent_id)) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** GET /sys/permission/list: every column (camelCase) plus key, title, isLeaf, children */
export function listNode(r: Row): Node {
  return { ...toWire(r), key: r.id, title: r.name, isLeaf: Boolean(r.is_leaf) };
}

/** the checkable tree of the permission-assignment screens: {treeList, ids} */
export function checkTree(rows: Row[]) {
  const treeList = nest(rows, (r) => ({
    key: r.id,
    title: r.name,
    slotTitle: r.name,
    icon: r.icon ?? undefined,
    parentId: r.parent_id ?? '',
    isLeaf: Boolean(r.is_leaf),
    ruleFlag: Number(r.rule_flag ?? 0),
    menuType: r.menu_type,
    perms: r.perms ?? undefined,
  }));
  return { treeList, ids: rows.map((r) => String(r.id)) };
}
