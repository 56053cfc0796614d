/** a tree or category select's condition that is not a JSON object string */
export const CONDITION_MESSAGE = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/**
 * A select's `condition` setting as column/value equalities: a JSON object of texts or numbers
 * ({} when absent), or null when it is anything else. Whether the columns may be read is the
 * dictionary's access rule to say; the values are bound when used, never pasted into SQL.
 */
export function jsonCondition(raw: string | undefined): Record<string, string> | null {
  if (!raw?.trim()) return {};
  let obj: unknown;
  try {
    obj = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v !== 'string' && typeof v !== 'number') return null;
    out[k] = String(v);
  }
  return out;
}
