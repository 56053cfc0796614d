import {
  and,
  QueryError,
  RULES,
  type Condition,
  type ListQuery,
  type Node,
  type Rule,
  type SortItem,
} from './ast';

/** what the parser needs to know about a queryable field */
export interface QueryField {
  key: string;
  kind: 'string' | 'number' | 'date' | 'datetime' | 'time' | 'boolean';
}

export interface ParseOptions {
  /** the fields, or a map of them by key made once (a list's: crud/compile.ts queryFieldMap) */
  fields: QueryField[] | ReadonlyMap<string, QueryField>;
  defaultSort?: SortItem;
  defaultPageSize?: number;
  /** explicit ceiling for pageSize (lookups ask for 99999) */
  maxPageSize: number;
  onPageSizeCapped?: (asked: number) => void;
  /**
   * pageNo or pageSize below 1 is refused (reports), instead of read as upstream lists read it:
   * pageNo below 1 the first page, pageSize 0 the default, a negative one "no limit" (the ceiling)
   */
  strictPaging?: boolean;
}

/** parameters that are never filters */
const RESERVED = new Set([
  'pageNo',
  'pageSize',
  '_t',
  'field',
  'column',
  'order',
  'superQueryParams',
  'superQueryMatchType',
  'selections',
  'class',
  'ids',
  'page',
  'rows',
  'sort',
  'exportType',
  'fileName',
  'paramsStr',
  'keyword',
]);

const MAX_VALUE_LENGTH = 500;
const MAX_IN_ITEMS = 1000;
const MAX_SUPER_CONDITIONS = 50;
const MAX_SUPER_QUERY_LENGTH = 20_000;
const MAX_LIST_LENGTH = 50_000;

type Params = Record<string, unknown>;

function single(params: Params, name: string, max = MAX_VALUE_LENGTH): string | undefined {
  let v = params[name];
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) v = v[v.length - 1];
  if (typeof v === 'object' || v === undefined) throw new QueryError(`参数 ${name} 格式不正确`);
  const s = String(v);
  if (s.length > max) throw new QueryError(`参数 ${name} 过长（最多${max}个字符）`);
  return s;
}

function positiveInt(params: Params, name: string, fallback: number): number {
  const s = single(params, name);
  if (s === undefined || s === '') return fallback;
  if (!/^-?\d{1,9}$/.test(s.trim())) throw new QueryError(`参数 ${name} 必须是整数`);
  const n = Number(s);
  return n;
}

const OPS: [string, Rule][] = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
  ['=', 'eq'],
];

/** a value checked against the field kind; throws QueryError with a Chinese message */
export function checkValue(field: QueryField, value: string): string {
  switch (field.kind) {
    case 'number':
      if (!/^[-+]?\d+(\.\d+)?$/.test(value)) throw new QueryError(`查询条件 ${field.key} 需要数字`);
      return value;
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
        throw new QueryError(`查询条件 ${field.key} 需要日期（YYYY-MM-DD）`);
      return value;
    case 'datetime':
      if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(value))
        throw new QueryError(`查询条件 ${field.key} 需要日期时间（YYYY-MM-DD HH:mm:ss）`);
      return value;
    case 'time':
      if (!/^\d{2}:\d{2}(:\d{2})?$/.test(value))
        throw new QueryError(`查询条件 ${field.key} 需要时间（HH:mm:ss）`);
      return value;
    default:
      return value;
  }
}

function list(field: QueryField, raw: string): string[] {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > MAX_IN_ITEMS)
    throw new QueryError(`查询条件 ${field.key} 的值过多（最多${MAX_IN_ITEMS}个）`);
  return items.map((v) => checkValue(field, v));
}

/** The plain-value rules of reference 2.14, in its order of detection. */
export function plainCondition(field: QueryField, raw: string): Condition | null {
  const value = raw.trim();
  if (value === '') return null;
  for (const [op, rule] of OPS) {
    // upstream needs "op value"; the JInput helper sends ">=value" without the space: accept both
    if (value.startsWith(op) && !(op === '=' && value.startsWith('=='))) {
      const rest = value.slice(op.length).trim();
      if (rest === '') continue;
      return { type: 'cond', field: field.key, rule, value: checkValue(field, rest) };
    }
  }
  if (field.kind === 'string') {
    if (value.length > 1 && value.startsWith(',') && value.endsWith(',')) {
      return { type: 'cond', field: field.key, rule: 'multi_like', value: list(field, value) };
    }
    if (value.startsWith('*') && value.endsWith('*') && value.length > 2)
      return { type: 'cond', field: field.key, rule: 'like', value: value.slice(1, -1) };
    if (value.startsWith('*') && value.length > 1)
      return { type: 'cond', field: field.key, rule: 'left_like', value: value.slice(1) };
    if (value.endsWith('*') && value.length > 1)
      return { type: 'cond', field: field.key, rule: 'right_like', value: value.slice(0, -1) };
  }
  if (value.includes(',')) {
    const items = list(field, value);
    return items.length ? { type: 'cond', field: field.key, rule: 'in', value: items } : null;
  }
  if (value.startsWith('!') && value.length > 1)
    return { type: 'cond', field: field.key, rule: 'ne', value: checkValue(field, value.slice(1)) };
  if (value.includes('++'))
    return { type: 'cond', field: field.key, rule: 'eq', value: value.replace(/\+\+/g, ',') };
  return { type: 'cond', field: field.key, rule: 'eq', value: checkValue(field, value) };
}

const SYMBOL_RULES: Record<string, Rule> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

function decodeSuperQuery(raw: string): unknown {
  // the front end encodeURIs the JSON and the server decodes once more (reference 2.14)
  let text = raw;
  for (let i = 0; i < 2 && /%[0-9a-fA-F]{2}/.test(text); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new QueryError('高级查询条件格式不正确（需要 JSON 数组）');
  }
}

/** superQueryParams (JSON list of {field, rule, val}) + superQueryMatchType → a group */
export function superQuery(
  fields: ReadonlyMap<string, QueryField>,
  raw: string,
  matchType: string | undefined,
): Node | null {
  const parsed = decodeSuperQuery(raw);
  if (!Array.isArray(parsed)) throw new QueryError('高级查询条件格式不正确（需要 JSON 数组）');
  if (parsed.length > MAX_SUPER_CONDITIONS)
    throw new QueryError(`高级查询条件过多（最多${MAX_SUPER_CONDITIONS}个）`);
  const op =
    matchType === undefined || matchType === '' || matchType === 'and'
      ? 'and'
      : matchType === 'or'
        ? 'or'
        : null;
  if (!op) throw new QueryError('superQueryMatchType 只能是 and 或 or');
  const items: Node[] = [];
  for (const item of parsed) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw new QueryError('高级查询条件格式不正确');
    const { field: key, rule: rawRule, val } = item as Record<string, unknown>;
    if (key === undefined || key === null || key === '' || rawRule === undefined || rawRule === '') continue;
    if (typeof key !== 'string') throw new QueryError('高级查询字段格式不正确');
    const field = fields.get(key);
    if (!field) throw new QueryError(`高级查询字段 ${key.slice(0, 50)} 不存在`);
    const ruleText = String(rawRule);
    const rule = (SYMBOL_RULES[ruleText] ?? ruleText) as Rule;
    if (!RULES.includes(rule) || rule === 'multi_like')
      throw new QueryError(`高级查询规则 ${ruleText.slice(0, 20)} 不支持`);
    if (rule === 'empty' || rule === 'not_empty') {
      items.push({ type: 'cond', field: key, rule });
      continue;
    }
    if (val === undefined || val === null || val === '') continue;
    if (typeof val === 'object') throw new QueryError(`高级查询条件 ${key} 的值格式不正确`);
    const text = String(val);
    if (text.length > MAX_VALUE_LENGTH) throw new QueryError(`高级查询条件 ${key} 的值过长`);
    if (rule === 'in' || rule === 'not_in')
      items.push({ type: 'cond', field: key, rule, value: list(field, text) });
    else {
      const v = ['like', 'not_like', 'left_like', 'right_like'].includes(rule)
        ? text
        : checkValue(field, text.trim());
      items.push({ type: 'cond', field: key, rule, value: v });
    }
  }
  return items.length ? { type: 'group', op, items } : null;
}

/** column (a comma list) and order → sort items over the given fields; an unknown field is refused */
export function sortItems(
  fields: ReadonlyMap<string, QueryField>,
  params: Params,
  fallback?: SortItem,
): SortItem[] {
  const column = single(params, 'column', 2000);
  if (!column) return fallback ? [fallback] : [];
  const orderText = single(params, 'order') ?? 'desc';
  const order = /asc/i.test(orderText) ? 'asc' : 'desc';
  return column.split(',').map((c) => {
    const key = c.trim().replace(/_dictText$/, '');
    if (!fields.has(key)) throw new QueryError(`排序字段 ${key.slice(0, 50)} 不存在`);
    return { field: key, order };
  });
}

/** The Jeecg list wire format → one ListQuery. Throws QueryError with a Chinese message on bad input. */
export function parseListParams(params: Params, opts: ParseOptions): ListQuery {
  const fields: ReadonlyMap<string, QueryField> = Array.isArray(opts.fields)
    ? new Map(opts.fields.map((f) => [f.key, f]))
    : (opts.fields as ReadonlyMap<string, QueryField>);
  const items: Node[] = [];
  for (const name of Object.keys(params)) {
    if (RESERVED.has(name)) continue;
    const range = /^(.+)_(begin|end)$/.exec(name);
    const multi = /^(.+)_MultiString$/.exec(name);
    const key = range?.[1] ?? multi?.[1] ?? name;
    const field = fields.get(key);
    if (!field) continue; // like upstream: only parameters that are fields participate
    // IN lists from pickers and selections may be long; a single value may not
    const raw = single(params, name, MAX_LIST_LENGTH);
    if (raw === undefined || raw.trim() === '') continue;
    if (raw.length > MAX_VALUE_LENGTH && !raw.includes(','))
      throw new QueryError(`参数 ${name} 过长（最多${MAX_VALUE_LENGTH}个字符）`);
    if (range) {
      let v = checkValue(field, raw.trim());
      if (field.kind === 'datetime' && v.length === 10) v += range[2] === 'begin' ? ' 00:00:00' : ' 23:59:59';
      items.push({ type: 'cond', field: key, rule: range[2] === 'begin' ? 'ge' : 'le', value: v });
    } else if (multi) {
      items.push({ type: 'cond', field: key, rule: 'in', value: list(field, raw) });
    } else {
      const c = plainCondition(field, raw);
      if (c) items.push(c);
    }
  }
  const sq = single(params, 'superQueryParams', MAX_SUPER_QUERY_LENGTH);
  if (sq) {
    const g = superQuery(fields, sq, single(params, 'superQueryMatchType'));
    if (g) items.push(g);
  }
  const pageNoAsked = positiveInt(params, 'pageNo', 1);
  let pageSize = positiveInt(params, 'pageSize', opts.defaultPageSize ?? 10);
  if (opts.strictPaging)
    for (const [name, n] of [
      ['pageNo', pageNoAsked],
      ['pageSize', pageSize],
    ] as const)
      if (n < 1) throw new QueryError(`参数 ${name} 必须是正整数`);
  const pageNo = Math.max(1, pageNoAsked);
  let pageSizeAsked: number | undefined;
  if (pageSize <= 0 || pageSize > opts.maxPageSize) {
    if (pageSize > opts.maxPageSize || pageSize < 0) {
      opts.onPageSizeCapped?.(pageSize);
      pageSizeAsked = pageSize;
    }
    pageSize = pageSize === 0 ? (opts.defaultPageSize ?? 10) : opts.maxPageSize;
  }
  const fieldParam = single(params, 'field', 5000);
  const projection = fieldParam
    ? fieldParam
        .split(',')
        .map((s) => s.trim())
        .filter((s) => fields.has(s))
    : undefined;
  return {
    filter: and(items),
    sort: sortItems(fields, params, opts.defaultSort),
    pageNo,
    pageSize,
    fields: projection && projection.length ? projection : undefined,
    ...(pageSizeAsked !== undefined ? { pageSizeAsked } : {}),
  };
}
