import { sql } from 'kysely';
import type { AppContext } from '../context';
import { entityColumns } from '../../core/document/model';
import { BizError, fail, ok } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { ident } from '../db/sync';

/**
 * A document table and one of its fields (by SQL column or field key); nothing else may be checked,
 * and only by a user who may list, add or edit that document (else the check would enumerate, e.g.,
 * user accounts).
 */
function target(ctx: AppContext, table: string, field: string, codes: Set<string>) {
  const doc = [...ctx.catalog.entities.values()].find((d) => d.table === table);
  if (!doc || !['list', 'add', 'edit'].some((a) => codes.has(doc.permission + a)))
    throw new BizError('校验的表不存在或不允许校验');
  const col = entityColumns(doc).find(
    (c) => (c.column === field || c.key === field) && c.field && c.field.type !== 'password',
  );
  if (!col) throw new BizError('校验的字段不存在或不允许校验');
  return { table: doc.table, column: col.column };
}

async function check(
  ctx: AppContext,
  codes: Set<string>,
  table: string,
  field: string,
  value: string,
  dataId: string,
) {
  if (!value) return ok(null, '该值可用！');
  const t = target(ctx, table, field, codes);
  const found =
    await sql`select 1 from ${sql.raw(ident(t.table))} where ${sql.raw(ident(t.column))}::text = ${value}
    ${dataId ? sql`and "id" <> ${dataId}` : sql``} limit 1`.execute(ctx.db);
  return found.rows.length ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
}

export function registerDuplicateRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/duplicate/check',
    access: 'session',
    tag: '校验',
    summary: '重复值校验（仅限文档表及其字段）；编辑时传 dataId 排除自身',
    params: ['tableName', 'fieldName', 'fieldVal', 'dataId'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) =>
      check(
        ctx,
        req.user!.codes,
        text(req.query, 'tableName', { required: '参数 tableName 不能为空', max: 60 }),
        text(req.query, 'fieldName', { required: '参数 fieldName 不能为空', max: 60 }),
        text(req.query, 'fieldVal', { max: 500 }),
        text(req.query, 'dataId', { max: 64 }),
      ),
  });
  t.add({
    method: 'GET',
    url: '/sys/duplicate/checkWhere',
    access: 'session',
    tag: '校验',
    summary: '重复值校验（spec 的参数名 table, field, value, dataId；规则同 check）',
    params: ['table', 'field', 'value', 'dataId'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) =>
      check(
        ctx,
        req.user!.codes,
        text(req.query, 'table', { required: '参数 table 不能为空', max: 60 }),
        text(req.query, 'field', { required: '参数 field 不能为空', max: 60 }),
        text(req.query, 'value', { max: 500 }),
        text(req.query, 'dataId', { max: 64 }),
      ),
  });
}
