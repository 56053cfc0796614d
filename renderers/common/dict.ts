import { getAction } from '../../src/app/http/client';
import type { FieldDoc } from '../../src/core/document/types';

export interface DictOption {
  value: string;
  text: string;
}

/** the getDictItems code of a field: a system dictionary code, or "table,text,code[,condition]" */
export function dictCodeOf(field: FieldDoc): string | null {
  if (field.dictCode) return field.dictCode;
  if (field.dict) {
    const { table, text, code, condition } = field.dict;
    const base = `${table},${text},${code}`;
    return condition && Object.keys(condition).length ? `${base},${JSON.stringify(condition)}` : base;
  }
  return null;
}

/** whether the field's value is chosen from a list of options (so lists show its _dictText) */
export function hasOptions(field: FieldDoc): boolean {
  return Boolean(field.dictCode || field.dict || field.options?.length);
}

/** one request per dictionary per session: every form and search box shares the promise */
const cache = new Map<string, Promise<DictOption[]>>();

function fetchDict(code: string): Promise<DictOption[]> {
  return getAction<{ value: string; text: string }[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)
    .then((res) => {
      if (!res.success || !Array.isArray(res.result)) throw new Error(res.message);
      return res.result.map((o) => ({ value: String(o.value), text: o.text }));
    })
    .catch((e: unknown) => {
      // spec 8: a dictionary failure is only logged; forget it so the next use retries
      console.warn(`字典 ${code} 加载失败`, e);
      cache.delete(code);
      return [];
    });
}

/** the options of a field: inline options first, else its dictionary (cached) */
export function loadOptions(field: FieldDoc): Promise<DictOption[]> {
  if (field.options?.length) return Promise.resolve(field.options);
  const code = dictCodeOf(field);
  if (!code) return Promise.resolve([]);
  if (!cache.has(code)) cache.set(code, fetchDict(code));
  return cache.get(code)!;
}

/** the options of several fields by key (fields without options are left out) */
export async function loadOptionsFor(fields: FieldDoc[]): Promise<Record<string, DictOption[]>> {
  const withOptions = fields.filter(hasOptions);
  const lists = await Promise.all(withOptions.map(loadOptions));
  return Object.fromEntries(withOptions.map((f, i) => [f.key, lists[i]]));
}
