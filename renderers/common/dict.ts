import { getAction } from '../../src/app/http/client';
import { storage } from '../../src/app/storage';
import { STORAGE_KEYS } from '../../src/core/constants';
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

type SystemDicts = Record<string, DictOption[]>;
let systemDicts: Promise<SystemDicts> | null = null;

/**
 * Every system dictionary at once (spec 7.2 queryAllDictItems), kept in local storage for 7 days
 * under UI_CACHE_DB_DICT_DATA and read from there first; logout clears it. A failure leaves the
 * per-code requests to do the work.
 */
function loadSystemDicts(): Promise<SystemDicts> {
  const stored = storage.get<SystemDicts>(STORAGE_KEYS.dictCache);
  if (stored) return Promise.resolve(stored);
  systemDicts ??= getAction<SystemDicts>('/sys/dict/queryAllDictItems')
    .then((res) => {
      if (!res.success || !res.result) throw new Error(res.message);
      storage.set(STORAGE_KEYS.dictCache, res.result);
      return res.result;
    })
    .catch((e: unknown) => {
      console.warn('系统字典加载失败', e);
      return {};
    })
    .finally(() => {
      systemDicts = null;
    });
  return systemDicts;
}

async function fetchDict(code: string): Promise<DictOption[]> {
  // a table dictionary ("table,text,code") is never among the system ones
  if (!code.includes(',')) {
    const items = (await loadSystemDicts())[code];
    if (items) return items.map((o) => ({ value: String(o.value), text: o.text }));
  }
  return getAction<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)
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
