import { STORAGE_KEYS } from '../../src/core/constants';
import type { FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';
import { providers } from '../providers';
import { dictionaries } from '../server/system';
import { t } from './messages';

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

/** one request per dictionary until a fresh system copy arrives: every form and search box shares the promise */
const cache = new Map<string, Promise<DictOption[]>>();

type SystemDicts = Record<string, DictOption[]>;
let systemDicts: Promise<SystemDicts> | null = null;
/** a stored copy of the system dictionaries is fetched again once per page load */
let revalidated = false;

/**
 * Every system dictionary at once (queryAllDictItems), stored 7 days under
 * UI_CACHE_DB_DICT_DATA. A fresh copy also drops what this page has derived from the old one.
 */
function fetchSystemDicts(): Promise<SystemDicts> {
  revalidated = true;
  systemDicts ??= dictionaries
    .all<SystemDicts>()
    .then((res) => {
      if (!res.success || !res.result) throw new Error(res.message);
      providers().storage.set(STORAGE_KEYS.dictCache, res.result);
      cache.clear();
      return res.result;
    })
    .finally(() => {
      systemDicts = null;
    });
  return systemDicts;
}

function warnFailed(e: unknown): SystemDicts {
  console.warn(t('systemDictsFailed'), e);
  return {};
}

/**
 * The system dictionaries, read from local storage first (logout clears it). The stored copy is
 * used at once and fetched again behind it once per page load, so an administrator's edit reaches
 * every console at its next load rather than after 7 days (lists never wait: their *_dictText
 * comes from the server). A failure leaves the per-code requests to do the work.
 */
function loadSystemDicts(): Promise<SystemDicts> {
  const stored = providers().storage.get<SystemDicts>(STORAGE_KEYS.dictCache);
  if (!stored) return fetchSystemDicts().catch(warnFailed);
  if (!revalidated) void fetchSystemDicts().catch(warnFailed);
  return Promise.resolve(stored);
}

/**
 * After 刷新缓存 or a dictionary edit in this browser: a fresh copy of the system dictionaries is
 * stored (7 days) and every dictionary this page has loaded is forgotten, so forms and search boxes
 * opened from now on show the new items. Rejects when the copy cannot be fetched.
 */
export async function reloadDictionaries(): Promise<void> {
  cache.clear();
  await fetchSystemDicts();
}

async function fetchDict(code: string): Promise<DictOption[]> {
  // a table dictionary ("table,text,code") is never among the system ones
  if (!code.includes(',')) {
    const items = (await loadSystemDicts())[code];
    if (items) return items.map((o) => ({ value: String(o.value), text: o.text }));
  }
  return dictionaries
    .items<DictOption[]>(code)
    .then((res) => {
      if (!res.success || !Array.isArray(res.result)) throw new Error(res.message);
      return res.result.map((o) => ({ value: String(o.value), text: o.text }));
    })
    .catch((e: unknown) => {
      // a dictionary failure is only logged; forget it so the next use retries
      console.warn(t('dictFailed', { code }), e);
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

/**
 * the options of several fields by key (fields without options are left out, and so are those whose
 * type asks for them a level or a search at a time: an area, a category, a search box)
 */
export async function loadOptionsFor(fields: FieldDoc[]): Promise<Record<string, DictOption[]>> {
  const withOptions = fields.filter((f) => hasOptions(f) && !fieldType(f).optionsOnDemand);
  const lists = await Promise.all(withOptions.map(loadOptions));
  return Object.fromEntries(withOptions.map((f, i) => [f.key, lists[i]]));
}
