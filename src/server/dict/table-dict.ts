import { BizError } from '../http/envelope';
import { SECRET_COLUMNS, type Catalog, type DictSource } from '../../core/document/load';
import type { TableDict } from '../../core/document/types';
import { CONDITION_MESSAGE } from '../../core/fields/json-condition';

const CONDITION_PAIR = /^\s*([a-z][a-z0-9_]*)\s*=\s*(?:'([^']*)'|(-?\d+(?:\.\d+)?))\s*$/i;

/**
 * The optional 4th part of a table dictionary code, or a loadTreeData condition, as column/value
 * equalities. Accepts a JSON object ({"status":"1"}) or "col='v' and col2=3". Syntax only: whether
 * the columns may be read is the access rule's to say (access.ts), and the values are bound later,
 * never pasted into SQL.
 */
export function parseCondition(raw: string | undefined): Record<string, string> {
  if (!raw || !raw.trim()) return {};
  const out: Record<string, string> = {};
  const text = raw.trim();
  if (text.startsWith('{')) {
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch {
      throw new BizError(CONDITION_MESSAGE);
    }
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new BizError(CONDITION_MESSAGE);
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v !== 'string' && typeof v !== 'number') throw new BizError('字典条件的值只能是文本或数字');
      out[k] = String(v);
    }
    return out;
  }
  for (const part of text.split(/\s+and\s+/i)) {
    const m = CONDITION_PAIR.exec(part);
    if (!m) throw new BizError('字典条件格式不正确，只支持 字段=值 的组合');
    out[m[1].toLowerCase()] = m[2] ?? m[3];
  }
  return out;
}

/** "table,text,code[,condition]" from a request, as the dictionary it names (not yet allowed) */
export function parseTableDictCode(code: string): TableDict {
  const parts = code.split(',');
  if (parts.length < 3) throw new BizError('字典Code格式不正确！');
  const [table, text, value] = parts.slice(0, 3).map((s) => s.trim());
  return { table, text, code: value, condition: parseCondition(parts.slice(3).join(',')) };
}

const IDENT = /^[a-z][a-z0-9_]{0,59}$/;

/**
 * The one answer to a table dictionary that does not exist, names a column it does not allow, or
 * that this reader may not read: a refused read cannot tell what exists.
 */
export const DICT_REFUSED = '字典不存在或不允许访问';

export function refuse(): never {
  throw new BizError(DICT_REFUSED);
}

/** every column a dictionary read names: shown, stored, tree and condition columns */
export function columnsOf(d: TableDict): string[] {
  return [d.text, d.code, d.pidField, d.hasChildField, ...Object.keys(d.condition ?? {})].filter(
    (c): c is string => Boolean(c),
  );
}

/** the declared source of a dictionary all of whose columns it allows; else the refusal */
export function sourceOf(catalog: Catalog, d: TableDict): DictSource {
  const src = IDENT.test(d.table) ? catalog.dictSources.get(d.table) : undefined;
  if (!src || columnsOf(d).some((c) => !IDENT.test(c) || SECRET_COLUMNS.has(c) || !src.columns.has(c)))
    refuse();
  return src;
}
