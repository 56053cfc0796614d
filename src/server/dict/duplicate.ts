import type { FastifyRequest } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import { columnByKey, entityColumns } from '../../core/document/model';
import { fieldType } from '../../core/fields/registry';
import { BizError, fail, ok } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { isTaken, uniqueMessage } from '../crud/write';

/** the one answer to a table or field that cannot be checked, or a user who may not check it */
export const CHECK_REFUSED = '校验的表或字段不存在或不允许校验';
export const VALUE_FREE = '该值可用！';

/**
 * A unique field of a document table (by SQL column or field key), for a user who may add or edit
 * that document: the form that runs the check. Nothing else may be checked, since the answer tells
 * whether a value exists (it would enumerate, say, user accounts). A unique field's value is told
 * taken on save anyway, so the check reveals nothing a save would not; it counts every row, as the
 * save does, whatever the user's data rules.
 */
function target(ctx: AppContext, user: CurrentUser, table: string, field: string) {
  const doc = [...ctx.catalog.entities.values()].find((d) => d.table === table);
  if (!doc || !['add', 'edit'].some((a) => user.codes.has(doc.permission + a)))
    throw new BizError(CHECK_REFUSED);
  const col = entityColumns(doc).find(
    (c) =>
      (c.column === field || c.key === field) &&
      c.field?.validateRules?.some((r) => r.unique) &&
      !c.field.writeOnly &&
      // a secret (a password) is never confirmed or denied to exist
      fieldType(c.field).shown,
  );
  if (!col) throw new BizError(CHECK_REFUSED);
  return { doc, col };
}

/**
 * Is the value free? Empty values are not checked. A field unique within a scope (an
 * item value within its dictionary) reads the scope fields' values from parameters named by their
 * keys. A taken value answers the message its save would give.
 */
async function check(
  ctx: AppContext,
  req: FastifyRequest,
  names: { table: string; field: string; value: string },
) {
  const q = req.query;
  const table = text(q, names.table, { required: `参数 ${names.table} 不能为空`, max: 60 });
  const field = text(q, names.field, { required: `参数 ${names.field} 不能为空`, max: 60 });
  const value = text(q, names.value, { max: 500 });
  const dataId = text(q, 'dataId', { max: 64 });
  if (!value) return ok(null, VALUE_FREE);
  const { doc, col } = target(ctx, req.user!, table, field);
  const scope: Record<string, unknown> = {};
  for (const key of col.field!.validateRules!.find((r) => r.unique)!.scope ?? [])
    if (columnByKey(doc, key)) scope[key] = text(q, key, { max: 500 }) || null;
  return (await isTaken(ctx.db, doc, col, value, scope, dataId || null))
    ? fail(uniqueMessage(col))
    : ok(null, VALUE_FREE);
}

const SCOPE_NOTE =
  '；字段限定范围唯一时（如字典项的数据值在其字典内），以字段名传入范围字段的值（如 dictId）';

export function registerDuplicateRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/duplicate/check',
    access: 'session',
    tag: '校验',
    summary: `重复值校验：文档中声明唯一的字段，须有该文档的新增或编辑权限；已存在时回答与保存相同的提示，编辑时传 dataId 排除自身${SCOPE_NOTE}`,
    params: ['tableName', 'fieldName', 'fieldVal', 'dataId'].map((name) => ({ name, in: 'query' as const })),
    handler: (req) => check(ctx, req, { table: 'tableName', field: 'fieldName', value: 'fieldVal' }),
  });
  t.add({
    method: 'GET',
    url: '/sys/duplicate/checkWhere',
    access: 'session',
    tag: '校验',
    summary: `重复值校验（spec 的参数名 table, field, value, dataId；规则同 check）${SCOPE_NOTE}`,
    params: ['table', 'field', 'value', 'dataId'].map((name) => ({ name, in: 'query' as const })),
    handler: (req) => check(ctx, req, { table: 'table', field: 'field', value: 'value' }),
  });
}
