import { BizError } from '../http/envelope';
import type { Catalog } from '../../core/document/load';
import { SECRET_COLUMNS } from '../../core/document/load';
import type { TableDict } from '../../core/document/types';

const IDENT = /^[a-z][a-z0-9_]{0,59}$/;
const CONDITION_PAIR = /^\s*([a-z][a-z0-9_]*)\s*=\s*(?:'([^']*)'|(-?\d+(?:\.\d+)?))\s*$/i;

function allowedColumns(catalog: Catalog, table: string): Set<string> {
  const src = IDENT.test(table) ? catalog.dictSources.get(table) : undefined;
  if (!src) throw new BizError('字典表不存在或不允许访问');
  return src.columns;
}

function checkColumn(allowed: Set<string>, column: string): string {
  if (!IDENT.test(column) || SECRET_COLUMNS.has(column) || !allowed.has(column))
    throw new BizError('字典字段不存在或不允许访问');
  return column;
}

/**
 * The optional 4th part of a table dictionary code, or a loadTreeData condition: equalities on
 * allowed columns only. Accepts a JSON object ({"status":"1"}) or "col='v' and col2=3".
 * Never pasted into SQL: the result is column/value pairs bound later.
 */
export function parseCondition(
  catalog: Catalog,
  table: string,
  raw: string | undefined,
): Record<string, string> {
  if (!raw || !raw.trim()) return {};
  const allowed = allowedColumns(catalog, table);
  const out: Record<string, string> = {};
  const text = raw.trim();
  if (text.startsWith('{')) {
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch {
      throw new BizError('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    }
    if (!obj || typeof obj !== 'object' || Array.isArray(obj))
      throw new BizError('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v !== 'string' && typeof v !== 'number') throw new BizError('字典条件的值只能是文本或数字');
      out[checkColumn(allowed, k)] = String(v);
    }
    return out;
  }
  for (const part of text.split(/\s+and\s+/i)) {
    const m = CONDITION_PAIR.exec(part);
    if (!m) throw new BizError('字典条件格式不正确，只支持 字段=值 的组合');
    out[checkColumn(allowed, m[1].toLowerCase())] = m[2] ?? m[3];
  }
  return out;
}

/** "table,text,code[,condition]" from a request, checked against the declared dictionary sources */
export function parseTableDictCode(catalog: Catalog, code: string): TableDict {
  const parts = code.split(',');
  if (parts.length < 3) throw new BizError('字典Code格式不正确！');
  const [table, text, value] = parts.slice(0, 3).map((s) => s.trim());
  const condition = parts.slice(3).join(',');
  const allowed = allowedColumns(catalog, table);
  return {
    table,
    text: checkColumn(allowed, text),
    code: checkColumn(allowed, value),
    condition: parseCondition(catalog, table, condition),
  };
}

/** the same checks for a dictionary declared by a document (already validated by schemas:check) */
export function checkTableDict(catalog: Catalog, d: TableDict): TableDict {
  const allowed = allowedColumns(catalog, d.table);
  checkColumn(allowed, d.text);
  checkColumn(allowed, d.code);
  for (const c of Object.keys(d.condition ?? {})) checkColumn(allowed, c);
  return d;
}

export function treeSettings(catalog: Catalog, table: string) {
  return catalog.dictSources.get(table)?.tree;
}

export { allowedColumns, checkColumn };
