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
