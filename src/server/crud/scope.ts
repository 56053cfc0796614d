import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { Catalog } from '../../core/document/load';
import type { EntityDocument } from '../../core/document/types';
import type { ListQuery, Node } from '../../core/query/ast';
import type { FieldError } from '../../core/validation/validate';
import type { ChildScopes } from './compile';
import { columnByKey } from '../../core/document/model';
import { dbType } from '../../core/fields/db-types';
import { ident } from '../db/sync';
import { dataRuleScope } from './data-rules';

/**
 * What a user does with rows: reads them, or writes them (edit, delete; for a sub-table's row also
 * add and import). A write of a sub-table's row is an edit of its master: see masterScope.
 */
export type RowAccess = 'read' | 'write';

/** a master that lists a document as a sub-table, and the document's foreign key to it */
export interface MasterLink {
  master: EntityDocument;
  key: string;
}

const masterLinks = new WeakMap<Catalog, Map<string, MasterLink[]>>();

/** the masters that list `doc` as a sub-table (none for most documents: a map lookup) */
export function mastersOf(ctx: AppContext, doc: EntityDocument): MasterLink[] {
  let links = masterLinks.get(ctx.catalog);
  if (!links) {
    links = new Map();
    for (const master of ctx.catalog.entities.values())
      for (const c of master.children ?? [])
        links.set(c.code, [...(links.get(c.code) ?? []), { master, key: c.foreignKey }]);
    masterLinks.set(ctx.catalog, links);
  }
  return links.get(doc.code) ?? [];
}

/**
 * The rows of a document a user may see (`read`) or change (`write`): not logically deleted,
 * within its data rules, and, for a sub-table, reached through masters the user may read or
 * edit (masterScope).
 */
export async function rowScope(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
  access: RowAccess = 'read',
): Promise<Expression<SqlBool>[]> {
  const scope = await dataRuleScope(ctx, doc, user);
  if (doc.softDelete) {
    const flag = sql.raw(ident(columnByKey(doc, doc.softDelete)!.column));
    scope.unshift(sql<SqlBool>`coalesce(${flag}, 0) = 0`);
  }
  // a document that is nobody's sub-table (most) pays nothing more here
  if (mastersOf(ctx, doc).length) scope.push(...(await masterScope(ctx, doc, user, access)));
  return scope;
}

/** the foreign key's column, and the predicate "names no master" */
function linkColumn(doc: EntityDocument, link: MasterLink) {
  const c = columnByKey(doc, link.key)!;
  const col = sql.raw(ident(c.column));
  const empty = dbType(c.dbType).textual
    ? sql<SqlBool>`coalesce(${col}, '') = ''`
    : sql<SqlBool>`${col} is null`;
  return { c, col, empty };
}

/**
 * A sub-table's rows belong to their masters (`children`), so their own routes reach no
 * further than the master–detail routes: a row that names a master (its foreign key not empty) is
 * read only when that master is one the user may read — within the master's row scope (its data
 * rules, which also need the master's menu, i.e. its list code; its soft delete; its own masters)
 * — and written only when the user may also edit it: the master within its row scope for writes
 * and the master's edit code held. A document that is the sub-table of several masters answers to
 * each master its row names. The predicate is a semi-join on the master (`fk in (select id …)`):
 * its columns stay unqualified, so it holds wherever the caller aliases the sub-table. A document
 * that is nobody's sub-table gets nothing, without a query.
 */
export async function masterScope(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
  access: RowAccess,
): Promise<Expression<SqlBool>[]> {
  const scope: Expression<SqlBool>[] = [];
  for (const link of mastersOf(ctx, doc)) {
    const { col, empty } = linkColumn(doc, link);
    const masters = await masterIds(ctx, link, user, access);
    scope.push(masters ? sql<SqlBool>`(${empty} or ${col} in (${masters}))` : empty);
  }
  return scope;
}

/** the ids of the master rows a user may read or edit through, as a subquery; null for none */
async function masterIds(ctx: AppContext, link: MasterLink, user: CurrentUser, access: RowAccess) {
  if (access === 'write' && !user.codes.has(`${link.master.permission}edit`)) return null;
  const scope = await rowScope(ctx, link.master, user, access);
  const table = sql.raw(ident(link.master.table));
  return scope.length
    ? sql`select "id" from ${table} where ${sql.join(scope, sql` and `)}`
    : sql`select "id" from ${table}`;
}

/** what a sub-table's row is told when it names a master the user may not write through */
export const masterRefused = (link: MasterLink) => `${link.master.title}记录不存在或无权访问`;

/** those of `ids` that name master rows the user may write through (masterScope) */
export async function writableMasters(
  ctx: AppContext,
  link: MasterLink,
  user: CurrentUser,
  ids: string[],
): Promise<Set<string>> {
  const masters = await masterIds(ctx, link, user, 'write');
  if (!masters || !ids.length) return new Set();
  const found = await sql<{ id: string }>`select "id" from (${masters}) m
     where "id" in (${sql.join(ids)})`.execute(ctx.db);
  return new Set(found.rows.map((r) => String(r.id)));
}

/** a record on its way in: its column values, the row it changes (or null), its errors so far */
interface Incoming {
  values: Record<string, unknown>;
  existing: Record<string, unknown> | null;
  errors: FieldError[];
}

/**
 * The masters a user's own write of sub-table rows names (add, edit, import): a foreign key the
 * record sets or changes must name a master the user may write through, or the record gets a field
 * error (a master that does not exist is told the same, so the answer tells nothing more). A key
 * the row already holds was checked by the row scope that found the row. One query per master.
 */
export async function checkMasterKeys(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
  records: Incoming[],
): Promise<void> {
  for (const link of mastersOf(ctx, doc)) {
    const { c } = linkColumn(doc, link);
    const naming = records.filter((r) => {
      const v = r.values[c.column];
      if (v === undefined || v === null || v === '' || r.errors.some((e) => e.field === c.key)) return false;
      return !r.existing || String(r.existing[c.key] ?? '') !== String(v);
    });
    if (!naming.length) continue;
    const allowed = await writableMasters(ctx, link, user, [
      ...new Set(naming.map((r) => String(r.values[c.column]))),
    ]);
    for (const r of naming)
      if (!allowed.has(String(r.values[c.column])))
        r.errors.push({ field: c.key, message: masterRefused(link) });
  }
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
