import { loadModule, parseSync, scanSync } from 'libpg-query';
import type { Catalog, Problem } from './load';
import { SECRET_COLUMNS } from './catalog';
import type { ReportDocument } from './types';

/**
 * A report's SQL is checked by PostgreSQL's own parser (libpg-query), never by word lists: what
 * passes is one SELECT built only from the constructs, functions, casts and tables allowed here.
 * Everything not listed is refused, so a construct PostgreSQL adds later is refused until looked at.
 */

/** tables no report may read, whatever its document lists: sessions, tokens, codes, secrets */
export const SECRET_TABLES = new Set([
  'sys_session',
  'sys_setting',
  'sys_sms_code',
  'sys_login_ticket',
  'sys_login_attempt',
  'sys_login_throttle',
  'museum_visitor_session',
  'museum_visitor_identity',
]);

/** functions a report may call: aggregates, windows, text, number and date formatting */
const FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'bool_and',
  'bool_or',
  'row_number',
  'rank',
  'dense_rank',
  'to_char',
  'to_date',
  'to_number',
  'to_timestamp',
  'date_trunc',
  'date_part',
  'extract',
  'now',
  'lower',
  'upper',
  'length',
  'char_length',
  'concat',
  'concat_ws',
  'substr',
  'substring',
  'btrim',
  'ltrim',
  'rtrim',
  'replace',
  'left',
  'right',
  'lpad',
  'rpad',
  'position',
  'round',
  'trunc',
  'floor',
  'ceil',
  'ceiling',
  'abs',
]);

/** the types a value may be cast to */
const CAST_TYPES = new Set([
  'int2',
  'int4',
  'int8',
  'smallint',
  'integer',
  'int',
  'bigint',
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'text',
  'varchar',
  'bpchar',
  'char',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
  'bool',
  'boolean',
]);

/**
 * The parse-tree nodes a report may contain. Statements other than SELECT (INSERT, UPDATE, DELETE,
 * MERGE inside a WITH), table functions, XML/JSON tables and the like are simply absent.
 */
const NODES = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'String',
  'A_Const',
  'A_Expr',
  'BoolExpr',
  'FuncCall',
  'RangeVar',
  'JoinExpr',
  'RangeSubselect',
  'CommonTableExpr',
  'SortBy',
  'TypeCast',
  'CaseExpr',
  'CaseWhen',
  'NullTest',
  'BooleanTest',
  'SubLink',
  'ParamRef',
  'CoalesceExpr',
  'MinMaxExpr',
  'SQLValueFunction',
  'A_ArrayExpr',
  'RowExpr',
  'GroupingSet',
  'List',
  'Integer',
  'Float',
  'Boolean',
  'A_Star',
  'A_Indirection',
]);

let loading: Promise<void> | null = null;

/** the parser is WebAssembly: load it once before checking or splitting report SQL */
export function loadSqlParser(): Promise<void> {
  loading ??= loadModule();
  return loading;
}

/**
 * The report's SQL cut at its :name parameters: text[0] param[0] text[1] … text[n]. Found with the
 * PostgreSQL scanner, so ':x' in a string, a comment or a '::' cast is never a parameter.
 */
export interface SqlParts {
  text: string[];
  params: string[];
}

export function sqlParts(source: string): SqlParts {
  // the scanner counts bytes: cut the UTF-8 bytes, not the JavaScript string
  const bytes = new TextEncoder().encode(source);
  const decode = (from: number, to?: number) => new TextDecoder().decode(bytes.subarray(from, to));
  const tokens = scanSync(source).tokens;
  const text: string[] = [];
  const params: string[] = [];
  let from = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const colon = tokens[i];
    const name = tokens[i + 1];
    if (colon.text !== ':' || name.start !== colon.end || !/^[a-z][a-zA-Z0-9_]*$/.test(name.text)) continue;
    text.push(decode(from, colon.start));
    params.push(name.text);
    from = name.end;
    i++;
  }
  text.push(decode(from));
  return { text, params };
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** every node of the tree as [type, body], found wherever it sits (wrapped nodes have one capitalised key) */
function* nodes(v: unknown): Generator<[string, Json]> {
  if (Array.isArray(v)) {
    for (const x of v) yield* nodes(x);
    return;
  }
  if (!isObject(v)) return;
  const keys = Object.keys(v);
  if (keys.length === 1 && /^[A-Z]/.test(keys[0]) && (isObject(v[keys[0]]) || v[keys[0]] === null)) {
    const body = (v[keys[0]] ?? {}) as Json;
    yield [keys[0], body];
    yield* nodes(body);
    return;
  }
  for (const k of keys) yield* nodes(v[k]);
}

const names = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((n) => (isObject(n) && isObject(n.String) ? String(n.String.sval) : '*'))
    : [];

/** the column names the statement answers with (of a UNION, its first part's) */
function outputNames(select: Json): string[] {
  if (isObject(select.larg) && isObject(select.larg.SelectStmt)) return outputNames(select.larg.SelectStmt);
  return ((select.targetList as Json[] | undefined) ?? []).map((t) => {
    const target = t.ResTarget as Json;
    if (typeof target.name === 'string') return target.name;
    const val = target.val as Json;
    if (isObject(val.ColumnRef)) return names(val.ColumnRef.fields).at(-1)!;
    if (isObject(val.FuncCall)) return names(val.FuncCall.funcname).at(-1)!;
    return '?column?';
  });
}

/** What is wrong with a report's SQL (English, for schemas:check and the server log); empty when it may run. */
export function checkReportSql(r: ReportDocument): string[] {
  const problems: string[] = [];
  let tokens;
  try {
    tokens = scanSync(r.sql).tokens;
  } catch (e) {
    return [`report SQL does not parse: ${(e as Error).message}`];
  }
  // the wrapper puts the SQL inside parentheses: even a lone trailing ; would break it
  if (tokens.some((t) => t.text === ';')) return ['report SQL must be a single statement, without ;'];
  if (tokens.some((t) => t.tokenName === 'PARAM'))
    problems.push('report SQL uses $n placeholders; write :name parameters instead');
  if (/\$\{|#\{/.test(r.sql))
    problems.push('report SQL uses text substitution; write :name parameters instead');

  const parts = sqlParts(r.sql);
  const declared = new Set((r.params ?? []).map((p) => p.name));
  for (const p of new Set(parts.params))
    if (!declared.has(p)) problems.push(`parameter ':${p}' is not declared in params`);
  // the parser sees $1…$n where the server will bind the parameters
  const numbered = parts.text.reduce((sql, t, i) => sql + `$${i}` + t);

  let tree: Json;
  try {
    tree = parseSync(numbered) as unknown as Json;
  } catch (e) {
    return [...problems, `report SQL does not parse: ${(e as Error).message}`];
  }
  const stmts = tree.stmts as Json[];
  if (stmts.length !== 1) return [...problems, 'report SQL must be a single statement'];
  const top = (stmts[0].stmt ?? {}) as Json;
  if (!isObject(top.SelectStmt))
    return [...problems, 'report SQL must be one SELECT (a WITH of selects is fine)'];

  const tables = new Set(r.tables);
  for (const t of r.tables) {
    if (SECRET_TABLES.has(t)) problems.push(`table '${t}' holds secrets and can never be read by a report`);
    if (/^pg_|^information_schema$/.test(t))
      problems.push(`system table '${t}' can never be read by a report`);
  }
  const all = [...nodes(tree.stmts)];
  const ctes = new Set(all.filter(([t]) => t === 'CommonTableExpr').map(([, n]) => String(n.ctename)));
  // names a FROM item goes by: a column reference naming one alone is the whole row (u::text)
  const relations = new Set<string>();
  for (const [type, n] of all) {
    if ((type === 'RangeVar' || type === 'RangeSubselect') && isObject(n.alias))
      relations.add(String(n.alias.aliasname));
    if (type === 'RangeVar') relations.add(String(n.relname));
  }

  const refuse = new Set<string>();
  for (const [type, n] of all) {
    if (!NODES.has(type)) {
      refuse.add(`${type} is not allowed in a report (one read-only SELECT)`);
      continue;
    }
    switch (type) {
      case 'SelectStmt':
        if (n.intoClause) refuse.add('SELECT INTO writes a table: not allowed in a report');
        if (n.lockingClause) refuse.add('FOR UPDATE/SHARE locks rows: not allowed in a report');
        break;
      case 'RangeVar':
        if (n.schemaname || n.catalogname)
          refuse.add(
            `table '${String(n.schemaname)}.${String(n.relname)}': a report names tables without a schema`,
          );
        else if (!ctes.has(String(n.relname)) && !tables.has(String(n.relname)))
          refuse.add(`table '${String(n.relname)}' is not listed in the report's tables`);
        break;
      case 'FuncCall': {
        // EXTRACT, SUBSTRING … FROM and TRIM parse as pg_catalog.<name>; no other schema is allowed
        const name = names(n.funcname);
        const allowed = name.length === 1 || (name.length === 2 && name[0] === 'pg_catalog');
        if (!allowed || !FUNCTIONS.has(name.at(-1)!))
          refuse.add(`function '${name.join('.')}' is not on the report allow-list`);
        break;
      }
      case 'TypeCast': {
        const type = names((n.typeName as Json | undefined)?.names).at(-1) ?? '';
        if (!CAST_TYPES.has(type)) refuse.add(`cast to '${type}' is not allowed in a report`);
        break;
      }
      case 'A_Star':
        refuse.add('a report names its columns: * is not allowed');
        break;
      case 'String':
        if (SECRET_COLUMNS.has(String(n.sval)))
          refuse.add(`secret column '${String(n.sval)}' can never be read`);
        break;
      case 'ColumnRef': {
        const f = names(n.fields);
        if (f.length === 1 && relations.has(f[0]))
          refuse.add(`'${f[0]}' is a whole row: a report names the columns it reads`);
        break;
      }
    }
  }
  problems.push(...refuse);
  const out = new Set(outputNames(top.SelectStmt));
  r.columns.forEach((c) => {
    if (!out.has(c.key)) problems.push(`column '${c.key}' is not an output column of the report SQL`);
  });
  return problems;
}

/**
 * Checks every report of a loaded catalog with the parser and leaves out those with problems, as
 * the loader does with any other invalid document (the server never serves a report it refused).
 */
export async function checkReports(catalog: Catalog): Promise<Problem[]> {
  await loadSqlParser();
  const problems: Problem[] = [];
  for (const [code, r] of catalog.reports) {
    const found = checkReportSql(r);
    if (!found.length) continue;
    for (const message of found) problems.push({ file: catalog.origin.get(code)!, path: '/sql', message });
    catalog.reports.delete(code);
  }
  return problems;
}
