import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { columnByKey } from '../../core/document/model';
import { page } from '../http/envelope';
import { text } from '../http/params';
import { ident } from '../db/sync';
import { orderSql, selectSql } from './compile';
import { addDictText } from './read';

type Node = Record<string, unknown> & { children?: Node[] };

/** the pid a tree list asks for its top level by (renderers/list/tree-rows.ts TREE_ROOT_PID) */
const ROOT_PID = '0';

/**
 * A list's top level: a node naming no parent, whether its table writes '0', '' or null there (as
 * /sys/dict/loadTreeData reads it). The list parameter becomes this predicate.
 */
export function rootFilter(
  doc: EntityDocument,
  params: Record<string, unknown>,
): [Record<string, unknown>, Expression<SqlBool>[]] {
  const pid = doc.tree?.pidField;
  if (!pid || params[pid] !== ROOT_PID) return [params, []];
  const { [pid]: _, ...rest } = params;
  const col = sql.raw(ident(columnByKey(doc, pid)!.column));
  return [rest, [sql<SqlBool>`(${col} is null or ${col} = '' or ${col} = ${ROOT_PID})`]];
}

/**
 * A tree document as nodes {key, value, title, isLeaf, children, ...fields}. The whole tree when no
 * pid is given (capped by the page-size ceiling), else one level under pid (lazy loading).
 */
export async function treeNodes(
  ctx: AppContext,
  doc: EntityDocument,
  query: Record<string, unknown>,
  scope: Expression<SqlBool>[],
) {
  const tree = doc.tree!;
  const pidCol = sql.raw(ident(columnByKey(doc, tree.pidField)!.column));
  const pid = text(query, 'pid', { max: 64 });
  const sortCol = columnByKey(doc, 'sortNo') ? 'sortNo' : doc.list.sort.column;
  const order = orderSql(doc, [
    { field: sortCol, order: sortCol === 'sortNo' ? 'asc' : doc.list.sort.order },
  ]);
  const where = [...scope, ...(pid ? [sql<SqlBool>`${pidCol} = ${pid}`] : [])];
  const rows = await sql<Node>`select ${selectSql(doc)} from ${sql.raw(ident(doc.table))}
     ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``} order by ${order} limit ${ctx.config.maxPageSize}`.execute(
    ctx.db,
  );
  const nodes = (await addDictText(ctx, doc, rows.rows)) as Node[];
  for (const n of nodes) {
    Object.assign(n, {
      key: n.id,
      value: n.id,
      title: n[tree.textField],
      isLeaf: String(n[tree.hasChildField]) !== '1',
    });
  }
  if (pid) return page(nodes, nodes.length, nodes.length, 1);
  const byId = new Map(nodes.map((n) => [String(n.id), n]));
  const roots: Node[] = [];
  for (const n of nodes) {
    const parent = byId.get(String(n[tree.pidField] ?? ''));
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return page(roots, roots.length, roots.length, 1);
}
