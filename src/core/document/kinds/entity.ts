import entitySchema from '../../../../schemas/_meta/entity.schema.json';
import { SECRET_COLUMNS } from '../catalog';
import { apiBase, entityColumns, orderField } from '../model';
import { fieldType } from '../../fields/registry';
import type { Catalog } from '../catalog';
import type { EntityDocument } from '../types';
import type { DocumentKind } from './kind';
import { checkEntity } from './entity-check';

/** an entity document: a table with its list, form and routes (kind "entity", e.g. schemas/system/user.json) */
export const entity: DocumentKind = {
  schema: entitySchema,
  // whether the document names its list's sort, before the meta-schema's default fills one in
  asWritten: (doc) => Boolean((doc.list as { sort?: unknown } | undefined)?.sort),
  register(doc, file, { catalog, add, unsorted }, sortNamed) {
    const e = doc as unknown as EntityDocument;
    giveImpliedDictionaries(e);
    if (!sortNamed) unsorted.add(e.code);
    if (catalog.entities.has(e.code) || catalog.reports.has(e.code))
      add(file, '/code', `duplicate document code '${e.code}' (also in ${catalog.origin.get(e.code)})`);
    else {
      catalog.entities.set(e.code, e);
      catalog.origin.set(e.code, file);
    }
  },
  // entities are in age order here: the first to claim a table, prefix or API path keeps it
  claim({ catalog, add, claim, tables, prefixes, apis }) {
    for (const [code, e] of catalog.entities) {
      const file = catalog.origin.get(code)!;
      claim(tables, e.table, code, file, '/table', `table '${e.table}'`);
      claim(prefixes, e.permission, code, file, '/permission', `permission prefix '${e.permission}'`);
      // two documents on one API path would declare every route twice, and the server would not start
      claim(apis, apiBase(e), code, file, '/api', `API path '${apiBase(e)}'`);
      if (e.dictSource) {
        const cols = new Set(entityColumns(e).map((c) => c.column));
        e.dictSource.columns.forEach((c, i) => {
          if (!cols.has(c))
            add(file, `/dictSource/columns/${i}`, `column '${c}' is not a column of table '${e.table}'`);
          if (SECRET_COLUMNS.has(c))
            add(file, `/dictSource/columns/${i}`, `secret column '${c}' can never be a dictionary source`);
        });
        const columns = e.dictSource.columns.filter((c) => !SECRET_COLUMNS.has(c));
        catalog.dictSources.set(e.table, {
          columns: new Set(columns),
          // a document's rows are read by those who may list it (or use a form naming the dictionary)
          permissions: new Map(columns.map((c) => [c, `${e.permission}list`])),
          tree: e.tree
            ? {
                pidField: entityColumn(e, e.tree.pidField),
                hasChildField: entityColumn(e, e.tree.hasChildField),
              }
            : undefined,
        });
      }
    }
  },
  check({ catalog, add, unsorted }) {
    sortSubTablesByOrder(catalog, unsorted);
    for (const [code, e] of catalog.entities) checkEntity(catalog, catalog.origin.get(code)!, e, add);
    // a sub-table's rows answer to their masters, and those to theirs (server/crud/scope.ts): the chain ends
    for (const code of catalog.entities.keys())
      if (amongOwnChildren(catalog, code))
        add(
          catalog.origin.get(code)!,
          '/children',
          `document '${code}' is a sub-table of itself (through children)`,
        );
  },
};

function entityColumn(e: EntityDocument, key: string): string {
  return entityColumns(e).find((c) => c.key === key)?.column ?? key;
}

/** a field of a type that reads a dictionary of its own (areas, categories) gets it, unless it names one */
function giveImpliedDictionaries(e: EntityDocument): void {
  for (const f of e.fields) {
    const implied = fieldType(f).dictionary?.(f);
    if (implied && !f.dict) f.dict = implied;
  }
}

/**
 * A sub-table whose document names no list sort lists its rows by its order field (序号, 排序:
 * model.ts orderField) ascending, as Jeecg's detail tabs do, not newest first: a work order's steps
 * read 1, 2, 3. A sort the document names stays.
 */
function sortSubTablesByOrder(catalog: Catalog, unsorted: ReadonlySet<string>): void {
  for (const master of catalog.entities.values())
    for (const c of master.children ?? []) {
      const child = catalog.entities.get(c.code);
      if (!child || !unsorted.has(c.code)) continue;
      const order = orderField(child.fields);
      if (order) child.list.sort = { column: order.key, order: 'asc' };
    }
}

/** is the document a sub-table of itself, through its children's children? */
function amongOwnChildren(catalog: Catalog, code: string): boolean {
  const childrenOf = (c: string) => (catalog.entities.get(c)?.children ?? []).map((x) => x.code);
  const seen = new Set<string>();
  const pending = childrenOf(code);
  while (pending.length) {
    const c = pending.pop()!;
    if (c === code) return true;
    if (!seen.has(c)) {
      seen.add(c);
      pending.push(...childrenOf(c));
    }
  }
  return false;
}
