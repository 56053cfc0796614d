import { sql, type Expression, type SqlBool } from 'kysely';
import { entityColumns, uploadFolder } from '../../core/document/model';
import type { EntityDocument } from '../../core/document/types';
import { fieldType } from '../../core/fields/registry';
import type { AppContext, CurrentUser } from '../context';
import { rowScope } from '../crud/scope';
import { ident } from '../db/sync';

/** a column of a document whose values are upload paths (a comma list of them) */
export interface UploadColumn {
  doc: EntityDocument;
  column: string;
  biz: string;
}

/** every upload, file and image field of every document (the registry's `uploads` flag) */
export function uploadColumns(ctx: AppContext): UploadColumn[] {
  return [...ctx.catalog.entities.values()].flatMap((doc) =>
    entityColumns(doc)
      .filter((c) => uploadFolder(c.field))
      .map((c) => ({ doc, column: c.column, biz: uploadFolder(c.field)! })),
  );
}

/** every text column whose value may mention upload paths inside it (markdown, rich text) */
function embeddingColumns(ctx: AppContext) {
  return [...ctx.catalog.entities.values()].flatMap((doc) =>
    entityColumns(doc)
      .filter((c) => c.field && !c.field.virtual && fieldType(c.field).embedsUploads)
      .map((c) => ({ doc, column: c.column })),
  );
}

/** the column's comma list names this path */
export function names(column: string, stored: string): Expression<SqlBool> {
  const col = sql.raw(ident(column));
  return sql<SqlBool>`(${col} = ${stored} or position(${`,${stored},`} in ',' || ${col} || ',') > 0)`;
}

/**
 * Those of the stored paths some record still mentions: named by an upload field (logically deleted
 * records too: a restore would need them) or mentioned inside a markdown or rich-text value. One scan
 * per column, whatever the number of paths.
 */
export async function namedPaths(ctx: AppContext, paths: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  if (!paths.length) return named;
  for (const u of uploadColumns(ctx)) {
    const col = sql.raw(ident(u.column));
    const r = await sql<{ p: string }>`select distinct p from ${sql.raw(ident(u.doc.table))},
      unnest(string_to_array(${col}, ',')) as p where p = any(${paths})`.execute(ctx.db);
    for (const row of r.rows) named.add(row.p);
  }
  for (const e of embeddingColumns(ctx)) {
    const col = sql.raw(ident(e.column));
    const r = await sql<{ p: string }>`select p from unnest(${paths}::text[]) as p where exists
      (select 1 from ${sql.raw(ident(e.doc.table))} where position(p in ${col}) > 0)`.execute(ctx.db);
    for (const row of r.rows) named.add(row.p);
  }
  return named;
}

/** the rows of a document the user may read (list permission, data rules); null when none */
async function readable(ctx: AppContext, doc: EntityDocument, user: CurrentUser) {
  if (!user.codes.has(`${doc.permission}list`)) return null;
  const scope = await rowScope(ctx, doc, user);
  return scope.length ? sql<SqlBool>`(${sql.join(scope, sql` and `)})` : sql<SqlBool>`true`;
}

/** the rows of a document the user may change (edit permission, data rules); null when none */
export async function editable(ctx: AppContext, doc: EntityDocument, user: CurrentUser) {
  if (!user.codes.has(`${doc.permission}edit`)) return null;
  const scope = await rowScope(ctx, doc, user);
  return scope.length ? sql<SqlBool>`(${sql.join(scope, sql` and `)})` : sql<SqlBool>`true`;
}

/** a user always sees its own user record (the session's userInfo carries it), avatar included */
const OWN_RECORD_TABLE = 'sys_user';

/** the condition for rows of this document the user may read, or null when the user reads none */
export async function readableRows(ctx: AppContext, doc: EntityDocument, user: CurrentUser) {
  const conditions: Expression<SqlBool>[] = [];
  if (doc.table === OWN_RECORD_TABLE) conditions.push(sql<SqlBool>`"id" = ${user.id}`);
  const scope = await readable(ctx, doc, user);
  if (scope) conditions.push(scope);
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` or `)})` : null;
}
