import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import type { ListQuery, Node } from '../../core/query/ast';
import type { ChildScopes } from './compile';
import { columnByKey } from '../../core/document/model';
import { ident } from '../db/sync';
import { dataRuleScope } from './data-rules';

/** the rows of a document a user may see and change: not logically deleted, within its data rules */
export async function rowScope(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
): Promise<Expression<SqlBool>[]> {
  const scope = await dataRuleScope(ctx, doc, user);
  if (doc.softDelete) {
    const flag = sql.raw(ident(columnByKey(doc, doc.softDelete)!.column));
    scope.unshift(sql<SqlBool>`coalesce(${flag}, 0) = 0`);
  }
  return scope;
}

/** the row scope of every sub-table a query's conditions name ("<child code>,<field key>") */
export async function childScopes(ctx: AppContext, q: ListQuery, user: CurrentUser): Promise<ChildScopes> {
  const codes = new Set<string>();
  const walk = (n: Node): void => {
    if (n.type === 'group') n.items.forEach(walk);
    else if (n.field.includes(',')) codes.add(n.field.slice(0, n.field.indexOf(',')));
  };
  walk(q.filter);
  const scopes = new Map<string, Expression<SqlBool>[]>();
  for (const code of codes) {
    const child = ctx.catalog.entities.get(code);
    if (child) scopes.set(code, await rowScope(ctx, child, user));
  }
  return scopes;
}
