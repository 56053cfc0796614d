import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Condition, Group, Node, SortItem } from '../../core/query/ast';
import { QueryError } from '../../core/query/ast';
import { readableColumns, type ColumnModel } from '../../core/document/model';
import { dbType } from '../../core/fields/db-types';
import type { EntityDocument } from '../../core/document/types';
import type { QueryField } from '../../core/query/params';
import { ident } from '../db/sync';

/** a column a condition may name: the document's own, or one of a sub-table's */
type Target = ColumnModel & {
  /** a sub-table's column: the condition holds when some row of the master's holds it */
  child?: { code: string; table: string; foreignKey: string; master: string };
};

/**
 * The rows of each sub-table (by code) the user may see: its data rules and soft delete, as
 * crud/scope.ts childScopes gives them. A condition on a sub-table's field holds only through those
 * rows, so a filter never probes detail rows the user could not list.
 */
export type ChildScopes = ReadonlyMap<string, Expression<SqlBool>[]>;
const NO_CHILDREN: ChildScopes = new Map();

/** the columns a document filters on (long text only where the document searches it: it has no index) */
const filterable = (doc: EntityDocument) =>
  readableColumns(doc).filter(
    (c) => !(dbType(c.dbType).textual && !dbType(c.dbType).sized) || c.field?.query,
  );

/** the sub-tables' columns a master's conditions may name, as "<child code>,<field key>" (group-child) */
const childColumns = new WeakMap<EntityDocument, Map<string, Target>>();

/** lets a master's conditions (the advanced query's groups) name its sub-tables' fields */
export function registerChildFields(
  doc: EntityDocument,
  children: { doc: EntityDocument; foreignKey: string }[],
): void {
  const targets = new Map<string, Target>();
  for (const c of children) {
    const foreignKey = readableColumns(c.doc).find((m) => m.key === c.foreignKey)!.column;
    for (const m of filterable(c.doc))
      targets.set(`${c.doc.code},${m.key}`, {
        ...m,
        child: { code: c.doc.code, table: c.doc.table, foreignKey, master: doc.table },
      });
  }
  childColumns.set(doc, targets);
  columnMaps.delete(doc);
  queryFieldMaps.delete(doc);
}

/** what the query parser may filter and sort on: the document's columns, never a request's text */
export function queryFields(doc: EntityDocument): QueryField[] {
  return [...queryFieldMap(doc).values()];
}

/** may the document's conditions name a sub-table's fields (registerChildFields)? */
export const hasChildFields = (doc: EntityDocument) => (childColumns.get(doc)?.size ?? 0) > 0;

const queryFieldMaps = new WeakMap<EntityDocument, ReadonlyMap<string, QueryField>>();

/** queryFields by key, made once per document (every list request parses against it) */
export function queryFieldMap(doc: EntityDocument): ReadonlyMap<string, QueryField> {
  let map = queryFieldMaps.get(doc);
  if (!map) {
    map = new Map(
      [
        ...filterable(doc).map((c): [string, ColumnModel] => [c.key, c]),
        ...(childColumns.get(doc) ?? []),
      ].map(([key, c]) => [key, { key, kind: dbType(c.dbType).query }]),
    );
    queryFieldMaps.set(doc, map);
  }
  return map;
}

function likeValue(v: string, before: boolean, after: boolean): string {
  const escaped = v.replace(/[\\%_]/g, (c) => '\\' + c);
  return `${before ? '%' : ''}${escaped}${after ? '%' : ''}`;
}

function target(columns: Map<string, Target>, key: string): Target {
  const model = columns.get(key);
  if (!model) throw new QueryError(`查询字段 ${key.slice(0, 50)} 不存在`);
  return model;
}

function condition(columns: Map<string, Target>, c: Condition, scopes: ChildScopes): Expression<SqlBool> {
  const model = target(columns, c.field);
  const child = model.child;
  if (!child) return predicate(sql.raw(ident(model.column)), model, c);
  // a caller that forgot the sub-table's rules must fail loudly, not read past them
  const scope = scopes.get(child.code);
  if (!scope) throw new Error(`no row scope for sub-table ${child.code}`);
  // some detail row of this master the user may see holds the condition (the scope's unqualified
  // columns are the sub-table's own, so they name d's)
  return sql<SqlBool>`exists (select 1 from ${sql.raw(ident(child.table))} d
    where d.${sql.raw(ident(child.foreignKey))} = ${sql.raw(ident(child.master))}."id"
      and ${sql.join([predicate(sql.raw(`d.${ident(model.column)}`), model, c), ...scope], sql` and `)})`;
}

function predicate(col: RawBuilder<unknown>, model: ColumnModel, c: Condition): Expression<SqlBool> {
  const one = Array.isArray(c.value) ? c.value[0] : (c.value ?? '');
  const many = Array.isArray(c.value) ? c.value : c.value ? [c.value] : [];
  const textual = dbType(model.dbType).textual;
  switch (c.rule) {
    case 'eq':
      return sql<SqlBool>`${col} = ${one}`;
    case 'ne':
      return sql<SqlBool>`(${col} <> ${one} or ${col} is null)`;
    case 'gt':
      return sql<SqlBool>`${col} > ${one}`;
    case 'ge':
      return sql<SqlBool>`${col} >= ${one}`;
    case 'lt':
      return sql<SqlBool>`${col} < ${one}`;
    case 'le':
      return sql<SqlBool>`${col} <= ${one}`;
    case 'in':
      return many.length ? sql<SqlBool>`${col} in (${sql.join(many)})` : sql<SqlBool>`false`;
    case 'not_in':
      return many.length
        ? sql<SqlBool>`(${col} not in (${sql.join(many)}) or ${col} is null)`
        : sql<SqlBool>`true`;
    case 'like':
      return sql<SqlBool>`${col}::text ilike ${likeValue(one, true, true)}`;
    case 'not_like':
      return sql<SqlBool>`(${col}::text not ilike ${likeValue(one, true, true)} or ${col} is null)`;
    case 'left_like':
      return sql<SqlBool>`${col}::text ilike ${likeValue(one, true, false)}`;
    case 'right_like':
      return sql<SqlBool>`${col}::text ilike ${likeValue(one, false, true)}`;
    case 'multi_like':
      return sql<SqlBool>`(${sql.join(
        many.map((v) => sql`${col}::text ilike ${likeValue(v, true, true)}`),
        sql` or `,
      )})`;
    case 'empty':
      return textual ? sql<SqlBool>`(${col} is null or ${col} = '')` : sql<SqlBool>`${col} is null`;
    case 'not_empty':
      return textual ? sql<SqlBool>`(${col} is not null and ${col} <> '')` : sql<SqlBool>`${col} is not null`;
  }
}

function node(columns: Map<string, Target>, n: Node, scopes: ChildScopes): Expression<SqlBool> | null {
  if (n.type === 'cond') return condition(columns, n, scopes);
  return group(columns, n, scopes);
}

export function group(
  columns: Map<string, Target>,
  g: Group,
  scopes: ChildScopes = NO_CHILDREN,
): Expression<SqlBool> | null {
  const parts = g.items
    .map((i) => node(columns, i, scopes))
    .filter((x): x is Expression<SqlBool> => x !== null);
  if (!parts.length) return null;
  return sql<SqlBool>`(${sql.join(parts, g.op === 'and' ? sql` and ` : sql` or `)})`;
}

const columnMaps = new WeakMap<EntityDocument, Map<string, Target>>();

/** the columns a document's conditions may name: its own by field key, its sub-tables' after them */
export function columnMap(doc: EntityDocument): Map<string, Target> {
  let map = columnMaps.get(doc);
  if (!map) {
    map = new Map<string, Target>([
      ...readableColumns(doc).map((c): [string, Target] => [c.key, c]),
      ...(childColumns.get(doc) ?? []),
    ]);
    columnMaps.set(doc, map);
  }
  return map;
}

/** the filter as one SQL predicate (true when empty); values are always bound parameters */
export function whereSql(
  doc: EntityDocument,
  filter: Group,
  extra: Expression<SqlBool>[] = [],
  scopes: ChildScopes = NO_CHILDREN,
): RawBuilder<SqlBool> {
  const parts = [group(columnMap(doc), filter, scopes), ...extra].filter(
    (x): x is Expression<SqlBool> => x !== null,
  );
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`true`;
}

/**
 * Nulls sort as the smallest value (first ascending, last descending), as upstream's MySQL does; that
 * is also the order a backward scan of a "nulls first" index yields, so one index serves both directions.
 */
export function orderSql(doc: EntityDocument, sort: SortItem[]): RawBuilder<unknown> {
  const columns = columnMap(doc);
  // identifiers only, from the document: one raw fragment is as safe and much cheaper per request
  const items = sort.map((s) => {
    const model = columns.get(s.field);
    if (!model) throw new QueryError(`查询字段 ${s.field.slice(0, 50)} 不存在`);
    return `${ident(model.column)} ${s.order === 'asc' ? 'asc nulls first' : 'desc nulls last'}`;
  });
  // id breaks ties so paging is stable
  items.push(`"id" ${sort[0]?.order === 'asc' ? 'asc' : 'desc'}`);
  return sql.raw(items.join(', '));
}

const fullSelects = new WeakMap<EntityDocument, RawBuilder<unknown>>();

/** select list: each column aliased to its field key (the full list is built once per document) */
export function selectSql(doc: EntityDocument, keys?: string[]): RawBuilder<unknown> {
  const build = () =>
    sql.raw(
      readableColumns(doc)
        .filter((c) => !keys || keys.includes(c.key) || c.key === 'id')
        .map((c) => `${ident(c.column)} as "${c.key}"`)
        .join(', '),
    );
  if (keys) return build();
  let full = fullSelects.get(doc);
  if (!full) {
    full = build();
    fullSelects.set(doc, full);
  }
  return full;
}
