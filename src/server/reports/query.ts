import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { Db } from '../db/connect';
import type { ReportColumn, ReportDocument } from '../../core/document/types';
import type { ColumnModel } from '../../core/document/model';
import type { DbType } from '../../core/fields/db-types';
import { QueryError, type ListQuery } from '../../core/query/ast';
import { checkValue, parseListParams, sortItems, type QueryField } from '../../core/query/params';
import { sqlParts, type SqlParts } from '../../core/document/report-sql';
import { group } from '../crud/compile';
import { ruleScope, type RuleTarget } from '../crud/data-rules';
import { docMenuId } from '../menu/sync';
import { ident } from '../db/sync';

type Row = Record<string, unknown>;

const DB_TYPE: Record<NonNullable<ReportColumn['type']>, DbType> = {
  string: 'string',
  number: 'decimal',
  date: 'date',
  datetime: 'datetime',
};

/** a report column as the list compiler sees one: the column of the wrapped SQL named by its key */
function columnModels(r: ReportDocument): Map<string, ColumnModel> {
  return new Map(
    r.columns.map((c) => [
      c.key,
      { key: c.key, column: c.key, dbType: DB_TYPE[c.type ?? 'string'], title: c.title },
    ]),
  );
}

const queryKind = (type: ReportColumn['type']): QueryField['kind'] => type ?? 'string';

const ruleTargets = new WeakMap<ReportDocument, RuleTarget>();

/** data rules on a report's menu name its columns by key and filter the wrapped rows */
export function reportRuleTarget(r: ReportDocument): RuleTarget {
  let t = ruleTargets.get(r);
  if (!t) {
    const fields = new Map(r.columns.map((c) => [c.key, { key: c.key, kind: queryKind(c.type) }]));
    t = { menuId: docMenuId(r.code), field: (column) => fields.get(column), columns: columnModels(r) };
    ruleTargets.set(r, t);
  }
  return t;
}

/** the data rules granted to the user on the report's menu (none for a report without a menu) */
export function reportScope(ctx: AppContext, r: ReportDocument, user: CurrentUser) {
  return r.menu ? ruleScope(ctx, reportRuleTarget(r), user) : Promise.resolve([]);
}

export interface ReportQuery extends ListQuery {
  /** the value bound at each :name of the SQL, by name */
  values: Map<string, string | null>;
  /** the user's data rules on the report, ANDed with the filters */
  scope: Expression<SqlBool>[];
}

/**
 * The request's parameters → what the report runs with: self_<name> for the SQL's parameters
 * (typed by the document, else its default), the report's query items by the list rules of
 * reference 2.14, a sort column among the report's own columns, pageNo/pageSize.
 */
export async function parseReportQuery(
  ctx: AppContext,
  r: ReportDocument,
  params: Record<string, unknown>,
  user: CurrentUser,
): Promise<ReportQuery> {
  const values = new Map<string, string | null>();
  for (const p of r.params ?? []) {
    const raw = params[`self_${p.name}`];
    if (Array.isArray(raw) || (raw !== undefined && typeof raw === 'object'))
      throw new QueryError(`参数 self_${p.name} 格式不正确`);
    const text = raw === undefined || raw === '' ? p.default : String(raw);
    if (text !== undefined && text.length > 500) throw new QueryError(`参数 self_${p.name} 过长`);
    values.set(
      p.name,
      text === undefined ? null : checkValue({ key: p.name, kind: p.type ?? 'string' }, text),
    );
  }
  const columns = new Map(r.columns.map((c) => [c.key, c]));
  // filters over the query items; the sort is read below, over all of the report's columns
  const filters = parseListParams(
    { ...params, column: undefined },
    {
      fields: (r.query ?? []).map((q) => ({
        key: q.field,
        kind: queryKind(q.type ?? columns.get(q.field)?.type),
      })),
      maxPageSize: ctx.config.maxPageSize,
      // a report is always paged: pageSize=-5 answered every row (issue 21)
      strictPaging: true,
    },
  );
  const sortable = new Map(r.columns.map((c) => [c.key, { key: c.key, kind: queryKind(c.type) }]));
  return { ...filters, sort: sortItems(sortable, params), values, scope: await reportScope(ctx, r, user) };
}

/** the document's SQL with each :name bound as a parameter (the text between them is the document's own) */
const split = new WeakMap<ReportDocument, SqlParts>();

function reportSql(r: ReportDocument, values: Map<string, string | null>): RawBuilder<Row> {
  let parts = split.get(r);
  if (!parts) split.set(r, (parts = sqlParts(r.sql)));
  const pieces: RawBuilder<unknown>[] = [sql.raw(parts.text[0])];
  parts.params.forEach((name, i) =>
    pieces.push(sql`${values.get(name) ?? null}`, sql.raw(parts.text[i + 1])),
  );
  return sql<Row>`${sql.join(pieces, sql``)}`;
}

/** the wrapper's identifiers are the document's column keys; request text is only ever bound */
function wrapped(r: ReportDocument, q: Pick<ReportQuery, 'values' | 'filter' | 'scope'>) {
  const filter = group(columnModels(r), q.filter);
  const where = [...q.scope, ...(filter ? [filter] : [])];
  // a line break each side: a trailing comment in the document's SQL cannot swallow the wrapper
  const from = sql`(\n${reportSql(r, q.values)}\n) as report_rows`;
  const select = sql.raw(r.columns.map((c) => ident(c.key)).join(', '));
  return {
    from,
    select,
    where: where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`,
  };
}

/**
 * The totals row over every row the filters and data rules keep, or null when no column asks for
 * one: sums as they are, averages rounded to the column's decimals (2 unless given).
 */
async function totalsOf(trx: Db, r: ReportDocument, from: RawBuilder<unknown>, where: Expression<SqlBool>) {
  const totalled = r.columns.filter((c) => c.total);
  if (!totalled.length) return null;
  const select = sql.raw(
    totalled
      .map((c) =>
        c.total === 'sum'
          ? `sum(${ident(c.key)}) as ${ident(c.key)}`
          : `round(avg(${ident(c.key)})::numeric, ${c.decimals ?? 2}) as ${ident(c.key)}`,
      )
      .join(', '),
  );
  const row = await sql<Row>`select ${select} from ${from} where ${where}`.execute(trx);
  return typed(r, row.rows)[0] ?? null;
}

function orderBy(q: Pick<ReportQuery, 'sort'>): RawBuilder<unknown> {
  if (!q.sort.length) return sql``;
  return sql.raw(
    ` order by ${q.sort.map((s) => `${ident(s.field)} ${s.order === 'asc' ? 'asc nulls first' : 'desc nulls last'}`).join(', ')}`,
  );
}

/** numbers as JSON numbers (count() answers bigint text), within what a double holds exactly */
function typed(r: ReportDocument, rows: Row[]): Row[] {
  const numeric = r.columns.filter((c) => c.type === 'number').map((c) => c.key);
  for (const row of rows)
    for (const k of numeric) {
      const n = Number(row[k]);
      if (
        row[k] !== null &&
        typeof row[k] === 'string' &&
        Number.isFinite(n) &&
        Math.abs(n) <= Number.MAX_SAFE_INTEGER
      )
        row[k] = n;
    }
  return rows;
}

/**
 * Runs report statements in a READ ONLY transaction with a statement timeout of its own: whatever
 * the parser let through, the database refuses writes, and a runaway statement is cancelled.
 */
export function readOnly<T>(ctx: AppContext, work: (trx: Db) => Promise<T>): Promise<T> {
  const ms = Math.max(1, ctx.config.queryTimeoutSeconds) * 1000;
  return ctx.db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
      return work(trx);
    });
}

/** one page of the report, the number of rows its filters keep and their totals row, in one snapshot */
export async function reportPage(
  ctx: AppContext,
  r: ReportDocument,
  q: ReportQuery,
): Promise<{ records: Row[]; total: number; totals: Row | null }> {
  const { from, select, where } = wrapped(r, q);
  const offset = (q.pageNo - 1) * q.pageSize;
  return readOnly(ctx, async (trx) => {
    const rows = await sql<Row>`select ${select} from ${from} where ${where}${orderBy(q)}
      limit ${q.pageSize} offset ${offset}`.execute(trx);
    const count = await sql<{ total: string }>`select count(*) as total from ${from} where ${where}`.execute(
      trx,
    );
    const totals = await totalsOf(trx, r, from, where);
    return { records: typed(r, rows.rows), total: Number(count.rows[0].total), totals };
  });
}

/** how many rows the filters and data rules keep, counted up to max + 1 (an export's count, and whether more matched) */
export function reportCount(
  ctx: AppContext,
  r: ReportDocument,
  q: ReportQuery,
  max: number,
): Promise<number> {
  const { from, where } = wrapped(r, q);
  return readOnly(ctx, async (trx) => {
    const count = await sql<{ n: string }>`select count(*) as n from (select 1 from ${from} where ${where}
      limit ${max + 1}) as counted`.execute(trx);
    return Number(count.rows[0].n);
  });
}

/** the totals row alone (the export's last row), in a read-only transaction of its own */
export function reportTotals(ctx: AppContext, r: ReportDocument, q: ReportQuery): Promise<Row | null> {
  const { from, where } = wrapped(r, q);
  return readOnly(ctx, (trx) => totalsOf(trx, r, from, where));
}

/** the rows a chart draws: the report's rows in report order, at most `max` of them */
export function reportChartRows(
  ctx: AppContext,
  r: ReportDocument,
  q: ReportQuery,
  max: number,
): Promise<Row[]> {
  const { from, select, where } = wrapped(r, q);
  return readOnly(ctx, async (trx) =>
    typed(
      r,
      (await sql<Row>`select ${select} from ${from} where ${where}${orderBy(q)} limit ${max}`.execute(trx))
        .rows,
    ),
  );
}

/**
 * Rows in report order, a batch at a time, each batch in a read-only transaction of its own run
 * through `gate` (the query gate's lanes): exports.
 */
export async function* reportRows(
  ctx: AppContext,
  r: ReportDocument,
  q: ReportQuery,
  max: number,
  gate: <T>(work: () => Promise<T>) => Promise<T>,
): AsyncGenerator<Row> {
  const { from, select, where } = wrapped(r, q);
  const batch = 1000;
  for (let offset = 0; offset < max; offset += batch) {
    const size = Math.min(batch, max - offset);
    const rows = await gate(() =>
      readOnly(ctx, (trx) =>
        sql<Row>`select ${select} from ${from} where ${where}${orderBy(q)} limit ${size} offset ${offset}`.execute(
          trx,
        ),
      ),
    );
    yield* typed(r, rows.rows);
    if (rows.rows.length < size) return;
  }
}
