import { beforeAll, describe, expect, it } from 'vitest';
import { checkReportSql, loadSqlParser, sqlParts } from '../../src/core/document/report-sql';
import type { ReportDocument } from '../../src/core/document/types';

beforeAll(() => loadSqlParser());

const report = (sql: string, more: Partial<ReportDocument> = {}): ReportDocument => ({
  kind: 'report',
  schemaVersion: 1,
  code: 'r',
  title: 'R',
  permission: 'report:r:',
  tables: ['t', 'sys_user'],
  sql,
  columns: [{ key: 'a', title: 'A' }],
  ...more,
});

describe('report SQL parameters', () => {
  it('cuts the SQL at :name parameters found by the PostgreSQL scanner, not in strings, comments or casts', () => {
    expect(
      sqlParts(
        "select a::text, '中文:x' as b from t where b = :minPrice -- :y\n and c = :minPrice and d = ':no'",
      ),
    ).toEqual({
      text: ["select a::text, '中文:x' as b from t where b = ", ' -- :y\n and c = ', " and d = ':no'"],
      params: ['minPrice', 'minPrice'],
    });
  });
});

describe('report SQL guard', () => {
  it.each([
    ['select a from t where b >= :min', { params: [{ name: 'min', title: '最小' }] }],
    ['with x as (select a, b from t) select x.a, count(*) as n from x group by x.a', {}],
    ["select to_char(d, 'YYYY-MM') as a, extract(year from d) as y, coalesce(b, 0)::numeric as c from t", {}],
    ['select u.username as a, u.realname from sys_user u', {}],
    ['select a from t where b in (select b from t where c is not null) order by a', {}],
  ])('accepts %s', (sql, more) => {
    expect(checkReportSql(report(sql, more as Partial<ReportDocument>))).toEqual([]);
  });

  it.each([
    ['delete from t', 'report SQL must be one SELECT (a WITH of selects is fine)'],
    ['select a from t; drop table t', 'report SQL must be a single statement, without ;'],
    [
      'with x as (delete from t returning a) select a from x',
      'DeleteStmt is not allowed in a report (one read-only SELECT)',
    ],
    ['select a into z from t', 'SELECT INTO writes a table: not allowed in a report'],
    ['select a from t for update', 'FOR UPDATE/SHARE locks rows: not allowed in a report'],
    ['select pg_sleep(10) as a', "function 'pg_sleep' is not on the report allow-list"],
    [
      "select a from dblink('x', 'select 1') as d(a int)",
      'RangeFunction is not allowed in a report (one read-only SELECT)',
    ],
    ["select pg_read_file('/etc/passwd') as a", "function 'pg_read_file' is not on the report allow-list"],
    [
      "select set_config('statement_timeout', '0', false) as a",
      "function 'set_config' is not on the report allow-list",
    ],
    ["select lo_import('/etc/passwd') as a", "function 'lo_import' is not on the report allow-list"],
    ['select pg_catalog.pg_sleep(1) as a', "function 'pg_catalog.pg_sleep' is not on the report allow-list"],
    ['select u.password as a from sys_user u', "secret column 'password' can never be read"],
    ['select salt as a from sys_user', "secret column 'salt' can never be read"],
    ['select u::text as a from sys_user u', "'u' is a whole row: a report names the columns it reads"],
    ['select * from t', 'a report names its columns: * is not allowed'],
    ['select a from other', "table 'other' is not listed in the report's tables"],
    ['select usename as a from pg_user', "table 'pg_user' is not listed in the report's tables"],
    ['select a from public.t', "table 'public.t': a report names tables without a schema"],
    ["select 'pg_authid'::regclass as a", "cast to 'regclass' is not allowed in a report"],
    ['select a from t where a = ${a}', 'report SQL uses text substitution; write :name parameters instead'],
    ['select a from t where a = $1', 'report SQL uses $n placeholders; write :name parameters instead'],
    ['select a from t where a = :undeclared', "parameter ':undeclared' is not declared in params"],
    ['select b from t', "column 'a' is not an output column of the report SQL"],
  ])('refuses %s', (sql, message) => {
    expect(checkReportSql(report(sql))).toContain(message);
  });

  it('refuses tables that hold sessions and secrets, and system catalogs, even when listed', () => {
    const problems = checkReportSql(
      report('select token as a from sys_session', {
        tables: ['sys_session', 'pg_authid', 'information_schema'],
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "table 'sys_session' holds secrets and can never be read by a report",
        "system table 'pg_authid' can never be read by a report",
        "system table 'information_schema' can never be read by a report",
      ]),
    );
  });
});
