import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
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
