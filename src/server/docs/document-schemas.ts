import { searchModeOf } from '../../core/document/kinds/entity-check';
import { dbTypeOf, fieldColumn, SYSTEM_COLUMNS } from '../../core/document/model';
import type { EntityDocument, FieldDoc } from '../../core/document/types';
import { dbType } from '../../core/fields/db-types';
import { fieldType } from '../../core/fields/registry';
import { isRequired } from '../../core/validation/validate';
import type { JsonSchema, RouteSpec } from '../http/routes';

type Param = NonNullable<RouteSpec['params']>[number];

/** where a field's values come from, for the reader of the API reference */
function source(f: FieldDoc): string {
  if (f.dictCode) return `；字典 ${f.dictCode}`;
  if (f.dict) return `；取自 ${f.dict.table}.${f.dict.code}`;
  return '';
}

/**
 * A field's value on the wire, from its type (src/core/fields): its JSON type, a comma list (or an
 * array) for a multi type, the options or a switch's two values as an enum, the stored format of a
 * date or time, the column's length. null clears the field on an edit.
 */
export function fieldSchema(f: FieldDoc): JsonSchema {
  const type = fieldType(f);
  const col = fieldColumn(f);
  const base: JsonSchema = { type: type.jsonType(f, dbTypeOf(f)) };
  const choices = type.choices?.(f) ?? f.options?.map((o) => o.value);
  if (choices?.length && !type.multi(f)) base.enum = choices;
  if (base.type === 'string' && dbType(col.dbType).sized && col.length) base.maxLength = col.length;
  const notes = [type.format, type.multi(f) ? '多个值以逗号分隔，也可为数组' : ''].filter(Boolean).join('；');
  const description = `${f.title}${notes ? `（${notes}）` : ''}${source(f)}`;
  const alternatives = [
    ...(type.multi(f) ? [{ type: 'array', items: { type: 'string' } }] : []),
    // a type that reads other JSON (a switch's true and false)
    ...(type.fromJson ? [{ type: 'boolean' }] : []),
  ];
  return alternatives.length
    ? { description, nullable: true, anyOf: [base, ...alternatives] }
    : { ...base, description, nullable: true };
}

const SYSTEM_KEYS = new Set(SYSTEM_COLUMNS.map((c) => c.key));

/**
 * The body of add (`id` absent) or edit (`id` required, other fields optional: only those sent
 * change): every field the server writes, virtual ones (a user's roles) included.
 */
export function recordSchema(doc: EntityDocument, mode: 'add' | 'edit'): JsonSchema {
  const fields = doc.fields.filter((f) => !f.readonly && !SYSTEM_KEYS.has(f.key));
  const properties: Record<string, JsonSchema> = Object.fromEntries(
    fields.map((f) => [f.key, fieldSchema(f)]),
  );
  const required =
    mode === 'edit'
      ? ['id']
      : fields.filter((f) => isRequired(f) && f.defaultValue === undefined).map((f) => f.key);
  if (mode === 'edit') properties.id = { type: 'string', description: '主键' };
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    description: '失败时 success 为 false，result.errors 为 [{field, message}]',
  };
}

const query = (name: string, description: string, schema: JsonSchema = { type: 'string' }): Param => ({
  name,
  in: 'query',
  description,
  schema,
});

/**
 * The query parameters of a document's list: paging, sorting, the advanced query, and one filter
 * per searchable field in its mode (a range as <key>_begin and <key>_end). Filters are text: the
 * value may carry the operators of reference 2.14 (>=5, *铜*, a,b for IN, !x).
 */
export function listParams(doc: EntityDocument, maxPageSize: number): Param[] {
  const filters = doc.fields.flatMap((f): Param[] => {
    const mode = searchModeOf(f);
    if (!mode) return [];
    if (mode === 'range')
      return [query(`${f.key}_begin`, `${f.title}起（含）`), query(`${f.key}_end`, `${f.title}止（含）`)];
    const how = {
      like: '包含（*值*）',
      single: '等于；可用 >=、<=、!、逗号 IN 等前缀',
      in: '其一（逗号分隔）',
    }[mode];
    return [query(f.key, `${f.title}：${how}`)];
  });
  return [
    query('pageNo', '页码，从 1 开始（小于 1 按第 1 页）', { type: 'integer', minimum: 1, default: 1 }),
    query(
      'pageSize',
      `每页条数，上限 ${maxPageSize}（超出时按上限返回，message 说明）；负数表示不分页，同样按上限返回`,
      { type: 'integer', default: doc.list.pageSize },
    ),
    query('column', '排序字段（字段名，逗号分隔多个）'),
    query('order', '排序方向', { type: 'string', enum: ['asc', 'desc'] }),
    query('superQueryParams', '高级查询：JSON 数组 [{field, rule, val}]（可 URL 编码）'),
    query('superQueryMatchType', '高级查询条件的组合方式', { type: 'string', enum: ['and', 'or'] }),
    ...filters,
  ];
}
