import type { FieldDoc } from '../../src/core/document/types';
import { dictCodeOf, loadOptions, type DictOption } from '../common/dict';
import { dictionaries } from '../server/system';

/** how many options one search offers (page size 10 in search-selects) */
export const SEARCH_PAGE_SIZE = 10;

/**
 * The options of a field's dictionary that match the words typed: a table dictionary is searched
 * on the server (loadDict), a system dictionary or inline options, already at hand, here.
 */
export async function searchOptions(field: FieldDoc, keyword: string): Promise<DictOption[]> {
  if (!field.dict) {
    const words = keyword.trim();
    return (await loadOptions(field)).filter((o) => o.text.includes(words)).slice(0, SEARCH_PAGE_SIZE);
  }
  const res = await dictionaries.search<DictOption[]>(dictCodeOf(field)!, keyword.trim(), SEARCH_PAGE_SIZE);
  if (!res.success) throw new Error(res.message);
  return res.result.map((o) => ({ value: String(o.value), text: o.text }));
}

/** value → text of stored values (a search box opened from a link knows only the values) */
export async function optionTexts(field: FieldDoc, values: string[]): Promise<Map<string, string>> {
  if (!values.length) return new Map();
  if (!field.dict) return new Map((await loadOptions(field)).map((o) => [o.value, o.text]));
  const res = await dictionaries.texts<string[]>(dictCodeOf(field)!, values);
  return new Map(res.success ? values.map((v, i) => [v, res.result[i] ?? v]) : []);
}
