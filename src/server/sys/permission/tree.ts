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
  // columns the tree document (schemas/system/permission.json) needs, not this answer
  const { has_child: _child, sys_org_code: _org, ...row } = r;
  return { ...toWire(row), key: r.id, title: r.name, isLeaf: Boolean(r.is_leaf) };
}

/** a menu that only groups others (a layout component such as layouts/RouteView, no page of its own) */
const isGroup = (r: Row) => Number(r.menu_type) !== 2 && String(r.component ?? '').startsWith('layouts/');

/**
 * The rows without the groups that hold nothing: such a group grants no screen (the menu answer
 * brings the groups of granted menus along anyway), so an empty 数字博物馆 in 授权 only misleads.
 * Repeated, as dropping an empty subgroup may empty its group.
 */
function withoutEmptyGroups(rows: Row[]): Row[] {
  let kept = rows;
  for (;;) {
    const parents = new Set(kept.map((r) => String(r.parent_id ?? '')));
    const next = kept.filter((r) => !isGroup(r) || parents.has(String(r.id)));
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

/** the checkable tree of the permission-assignment screens, empty groups left out: {treeList, ids} */
export function checkTree(all: Row[]) {
  const rows = withoutEmptyGroups(all);
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
