import { BizError } from './envelope';

type Bag = unknown;

function bag(b: Bag): Record<string, unknown> {
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/**
 * Reads one text parameter from a body or query object. Wrong types and over-long values are
 * refused with a Chinese message; nothing else gets through to the database layer.
 */
export function text(b: Bag, name: string, opts: { required?: string; max?: number } = {}): string {
  const v = bag(b)[name];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new BizError(opts.required);
    return '';
  }
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
    throw new BizError(`参数 ${name} 格式不正确`);
  const s = String(v);
  const max = opts.max ?? 500;
  if (s.length > max) throw new BizError(`参数 ${name} 过长（最多${max}个字符）`);
  return s;
}

/** a comma list of ids (ids are digits, letters, - and _) */
export function idList(b: Bag, name: string, required = '请选择要操作的记录'): string[] {
  const ids = text(b, name, { required, max: 100_000 })
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length) throw new BizError(required);
  if (ids.length > 1000) throw new BizError('一次最多操作1000条记录');
  for (const id of ids) if (!/^[\w-]{1,64}$/.test(id)) throw new BizError(`参数 ${name} 格式不正确`);
  return ids;
}

export function id(b: Bag, name = 'id'): string {
  const v = text(b, name, { required: `参数 ${name} 不能为空`, max: 64 });
  if (!/^[\w-]{1,64}$/.test(v)) throw new BizError(`参数 ${name} 格式不正确`);
  return v;
}

export function record(b: Bag): Record<string, unknown> {
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new BizError('请求体必须是 JSON 对象');
  return b as Record<string, unknown>;
}

/**
 * control characters no text needs: PostgreSQL refuses NUL, and a spreadsheet (XML) cannot hold the
 * others, so an export would break on them; tab, line feed and carriage return stay allowed
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** a name (parameter or field) is an identifier: no control character at all */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f]/;

function unsafeIn(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  for (const [k, v] of Object.entries(value)) {
    if (CONTROL_IN_NAME.test(k)) return path ? `${path}.?` : '?';
    const found = unsafeIn(v, Array.isArray(value) ? path : path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The refusal for a request whose path, query or JSON body carries a NUL or another control
 * character (the database refuses NUL, and such a value was how writes escaped the operation log);
 * null when the request is clean. Checked before any handler reads its input.
 */
export function unsafeInput(req: { params?: unknown; query?: unknown; body?: unknown }): string | null {
  for (const bag of [req.params, req.query, req.body]) {
    const name = unsafeIn(bag, '');
    if (name === null) continue;
    if (name === '?' || name.endsWith('.?')) return '参数名包含非法字符';
    return name ? `参数 ${name.slice(0, 100)} 包含非法字符（控制字符）` : '请求内容包含非法字符（控制字符）';
  }
  return null;
}
