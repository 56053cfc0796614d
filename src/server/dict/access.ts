import type { Expression, SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { Catalog, DictSource } from '../../core/document/load';
import type { EntityDocument, TableDict } from '../../core/document/types';
import { masterScope, rowScope } from '../crud/scope';
import { columnsOf, refuse, sourceOf } from './table-dict';

interface FieldUse {
  doc: EntityDocument;
  dict: TableDict;
}

/** table → the documents' fields whose dictionary reads it (built once per catalog) */
const usesOf = new WeakMap<Catalog, Map<string, FieldUse[]>>();

function fieldUses(catalog: Catalog, table: string): FieldUse[] {
  let map = usesOf.get(catalog);
  if (!map) {
    map = new Map();
    for (const doc of catalog.entities.values())
      for (const f of doc.fields)
        if (f.dict) map.set(f.dict.table, [...(map.get(f.dict.table) ?? []), { doc, dict: f.dict }]);
    usesOf.set(catalog, map);
  }
  return map.get(table) ?? [];
}

const conditionKey = (c: TableDict['condition']) =>
  JSON.stringify(
    Object.entries(c ?? {})
      .map(([k, v]) => [k, String(v)])
      .sort(),
  );

/** is the read exactly the field's dictionary (a tree read: with the field's or the source's tree columns)? */
function isFieldDict(src: DictSource, field: TableDict, read: TableDict): boolean {
  return (
    field.text === read.text &&
    field.code === read.code &&
    conditionKey(field.condition) === conditionKey(read.condition) &&
    (!read.pidField || read.pidField === (field.pidField ?? src.tree?.pidField)) &&
    (!read.hasChildField || read.hasChildField === (field.hasChildField ?? src.tree?.hasChildField))
  );
}

/**
 * Who may read a table dictionary, and which rows (issue 13). Identifiers come only from the
 * documents: the table must be a declared source and every column one it allows. Then, from the
 * least restricted ground to the most:
 * - columns that are all public (names and codes of system sources) are read by every signed-in user;
 * - a reader who may list a document with a field naming exactly this dictionary reads it as that
 *   form and list show it (all rows: the form offers them);
 * - a reader holding the permission of every column it names (a document's list permission; for a
 *   system source the declared code, e.g. phone needs system:user:list) reads the rows the data
 *   rules of the document over that table leave it.
 * Rows of a sub-table are, on each ground, only those of masters the reader may read (crud/scope.ts).
 * Anyone else gets the answer of an unknown dictionary. Returns the predicates to AND into the read.
 */
export async function dictScope(
  ctx: AppContext,
  user: CurrentUser,
  read: TableDict,
): Promise<Expression<SqlBool>[]> {
  const src = sourceOf(ctx.catalog, read);
  const doc = src.document ? ctx.catalog.entities.get(src.document) : undefined;
  // a sub-table's rows are read only through masters the reader may read, on every ground below
  const masters = () => (doc ? masterScope(ctx, doc, user, 'read') : Promise.resolve([]));
  const needed = new Set(columnsOf(read).flatMap((c) => src.permissions.get(c) ?? []));
  if (!needed.size) return masters();
  const viaField = fieldUses(ctx.catalog, read.table).some(
    (u) => user.codes.has(`${u.doc.permission}list`) && isFieldDict(src, u.dict, read),
  );
  if (viaField) return masters();
  if (![...needed].every((code) => user.codes.has(code))) refuse();
  return doc && needed.has(`${doc.permission}list`) ? rowScope(ctx, doc, user) : masters();
}
