import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument, FieldDoc } from '../../core/document/types';
import type { ListQuery } from '../../core/query/ast';
import { parseListParams } from '../../core/query/params';
import { entityColumns, type ColumnModel } from '../../core/document/model';
import { hasDictionary } from '../dict/service';
import { ident } from '../db/sync';
import type { Page } from '../../core/wire';
import { page } from '../http/envelope';
import { hasChildFields, orderSql, queryFieldMap, selectSql, whereSql, type ChildScopes } from './compile';
import { hooksOf } from './hooks';
import { currentScope } from '../db/scope';
import { slicedPage } from './slices';

type Row = Record<string, unknown>;

/**
 * A list request's query. Conditions on a sub-table's fields ("<child code>,<field key>") are
 * taken only from a user who may list that sub-table: its rows are not to be probed otherwise.
 */
export function parseQuery(
  ctx: AppContext,
  doc: EntityDocument,
  params: Record<string, unknown>,
  user?: CurrentUser,
): ListQuery {
  let fields = queryFieldMap(doc);
  // a sub-table's fields ("<child code>,<field key>") only for a user who may list that sub-table
  if (hasChildFields(doc)) {
    const mayFilter = (key: string) => {
      const at = key.indexOf(',');
      if (at < 0) return true;
      const child = ctx.catalog.entities.get(key.slice(0, at));
      return Boolean(child && user?.codes.has(`${child.permission}list`));
    };
    fields = new Map([...fields].filter(([key]) => mayFilter(key)));
  }
  const q = parseListParams(params, {
    fields,
    defaultSort: { field: doc.list.sort.column, order: doc.list.sort.order },
    defaultPageSize: doc.list.pageSize,
    maxPageSize: ctx.config.maxPageSize,
  });
  // pageSizeAsked is set exactly when the page size was capped
  if (q.pageSizeAsked !== undefined)
    ctx.log.warn(
      { doc: doc.code, asked: q.pageSizeAsked, ceiling: ctx.config.maxPageSize },
      'page size above the ceiling; capped',
    );
  return q;
}

/** the pid of a top-level tree node: it names no parent, so it has no text */
const TREE_ROOT_PID = '0';

/**
 * The answer's message when the page was served at the ceiling: a lookup asking 99999, or a client
 * asking for no paging (a negative pageSize, upstream's "no limit"), learns it got fewer.
 */
export function pageSizeNote(ctx: AppContext, q: ListQuery): string {
  const asked = q.pageSizeAsked;
  if (asked === undefined) return '';
  const max = ctx.config.maxPageSize;
  return `每页最多返回${max}条：请求的${asked < 0 ? `不分页（pageSize=${asked}）` : `每页${asked}条`}已按${max}条返回`;
}

/** a document's dictionary columns, and the pid value that names no parent: derived from the document once */
const dictColumns = new WeakMap<EntityDocument, { c: ColumnModel; field: FieldDoc; root?: string }[]>();

function dictColumnsOf(doc: EntityDocument) {
  let cols = dictColumns.get(doc);
  if (!cols) {
    cols = entityColumns(doc).flatMap((c) =>
      c.field && hasDictionary(c.field)
        ? [{ c, field: c.field, root: c.key === doc.tree?.pidField ? TREE_ROOT_PID : undefined }]
        : [],
    );
    dictColumns.set(doc, cols);
  }
  return cols;
}

/** adds <key>_dictText beside every dictionary field (multi-values translated item by item) */
export async function addDictText(ctx: AppContext, doc: EntityDocument, rows: Row[]): Promise<Row[]> {
  for (const { c, field, root } of dictColumnsOf(doc)) {
    const values = new Set<string>();
    for (const r of rows) {
      const raw = r[c.key];
      if (raw === null || raw === undefined || raw === '') continue;
      for (const v of String(raw).split(',')) if (v) values.add(v);
    }
    const texts = await ctx.dicts.texts(field, [...values]);
    const text = `${c.key}_dictText`;
    for (const r of rows) {
      const raw = r[c.key];
      if (raw === null || raw === undefined || raw === '' || String(raw) === root) continue;
      r[text] = String(raw)
        .split(',')
        .map((v) => texts.get(v) ?? v)
        .join(',');
    }
  }
  return rows;
}

/** one page of rows in list order: the SQL of a list and of each export batch */
export function pageSql(
  doc: EntityDocument,
  where: RawBuilder<SqlBool>,
  q: Pick<ListQuery, 'sort' | 'fields'>,
  limit: number,
  offset: number,
): RawBuilder<Row> {
  return sql<Row>`select ${selectSql(doc, q.fields)} from ${sql.raw(ident(doc.table))} where ${where}
    order by ${orderSql(doc, q.sort)} limit ${limit} offset ${offset}`;
}

export async function listPage(
  ctx: AppContext,
  doc: EntityDocument,
  q: ListQuery,
  extra: Expression<SqlBool>[] = [],
  children?: ChildScopes,
): Promise<Page<Row>> {
  const where = whereSql(doc, q.filter, extra, children);
  const offset = (q.pageNo - 1) * q.pageSize;
  const filtered = q.filter.items.length > 0 || extra.length > 0;
  const read = async () => {
    const [rows, total] = await Promise.all([
      pageSql(doc, where, q, q.pageSize, offset).execute(ctx.db),
      ctx.counts.count(ctx.db, doc, where, filtered),
    ]);
    return { rows: rows.rows, total };
  };
  // on the embedded database a heavy list is read in slices, so that it does not hold the one
  // connection for the length of its scan (crud/slices.ts); the count comes from the same slices
  const readInSlices = async () => {
    let slices: ReturnType<typeof slicedPage> | undefined;
    const scan = () => (slices ??= slicedPage(ctx.db, doc, where, q, q.pageSize, offset));
    const total = await ctx.counts.count(ctx.db, doc, where, filtered, async () => (await scan()).total);
    return { rows: (await scan()).rows, total };
  };
  const heavy = await ctx.queries.assess(ctx.db, doc, q.filter);
  const { rows, total } = !heavy
    ? await read()
    : await ctx.queries.run(currentScope()?.owner, ctx.dbKind === 'pglite' ? readInSlices : read);
  const records = await addDictText(ctx, doc, rows);
  await hooksOf(doc).read?.(ctx, records);
  return page(records, total, q.pageSize, q.pageNo);
}

export async function findById(
  ctx: AppContext,
  doc: EntityDocument,
  id: string,
  extra: Expression<SqlBool>[] = [],
): Promise<Row | undefined> {
  return (await findRows(ctx, doc, [sql<SqlBool>`"id" = ${id}`, ...extra]))[0];
}

/** the document's rows (field keys, not columns) matching every predicate */
export async function findRows(
  ctx: AppContext,
  doc: EntityDocument,
  where: Expression<SqlBool>[],
): Promise<Row[]> {
  const rows =
    await sql<Row>`select ${selectSql(doc)} from ${sql.raw(ident(doc.table))} where ${sql.join(where, sql` and `)}`.execute(
      ctx.db,
    );
  return rows.rows;
}

/** an export's rows: how many (at most its max), whether more matched, and the rows themselves */
export interface ExportRows {
  count: number;
  more: boolean;
  rows: AsyncGenerator<Row>;
}

const EXPORT_BATCH = 1000;

/**
 * Rows in list order for an export, never all held: first the ids of at most `max` rows in list
 * order (one query, so the order is fixed once and the count known before the first byte), then
 * the rows a batch of ids at a time, the filters and data rules applied again (a row deleted or
 * moved out of reach meanwhile is left out). A batch by offset sorted every row before it again:
 * quadratic, seconds of sorting for 200,000 rows. Each read is heavy work of its user, run through
 * the query gate's lanes (crud/cost.ts).
 */
export async function exportRows(
  ctx: AppContext,
  doc: EntityDocument,
  q: ListQuery,
  extra: Expression<SqlBool>[],
  max: number,
  children?: ChildScopes,
): Promise<ExportRows> {
  const owner = currentScope()?.owner;
  const where = whereSql(doc, q.filter, extra, children);
  const table = sql.raw(ident(doc.table));
  const found = await ctx.queries.run(
    owner,
    () =>
      sql<{ id: unknown }>`select "id" from ${table} where ${where}
        order by ${orderSql(doc, q.sort)} limit ${max + 1}`.execute(ctx.db),
    'export',
  );
  const ids = found.rows.map((r) => String(r.id));
  const more = ids.length > max;
  if (more) ids.pop();
  const read = async (at: number): Promise<Row[]> => {
    const batch = ids.slice(at, at + EXPORT_BATCH);
    const got = await ctx.queries.run(
      owner,
      () =>
        sql<Row>`select ${selectSql(doc)} from ${table}
          where "id" = any(${batch}) and ${where}`.execute(ctx.db),
      'export',
    );
    const byId = new Map<string, Row>(got.rows.map((r) => [String(r.id), r]));
    const inOrder = batch.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
    return addDictText(ctx, doc, inOrder);
  };
  async function* rows() {
    for (let at = 0; at < ids.length; at += EXPORT_BATCH) yield* await read(at);
  }
  return { count: ids.length, more, rows: rows() };
}
