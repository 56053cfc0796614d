/**
 * A list's own state in its page's query string, so a reload (or a link) shows the same rows:
 * the search form's values as `q.<field>` (a range or multi-choice as repeated params), the sort as
 * `sort=<column>,<order>`, the page as `page` and `size`, an advanced query as `sq` and `sqm`. Every other parameter belongs to the route.
 * Tabs are keyed by the address without this state, so searching never opens a second tab.
 */

import { ADVANCED_URL, advancedFromUrl, advancedToUrl, type AdvancedQuery } from './advanced';

export interface ListUrlState {
  /** search-form values by field key, as text (several for a range or a multi-choice) */
  values: Record<string, string[]>;
  sort?: { column: string; order: 'asc' | 'desc' };
  pageNo?: number;
  pageSize?: number;
  /** the active advanced query (高级查询) */
  advanced?: AdvancedQuery;
}

const VALUE_PREFIX = 'q.';
const SORT = 'sort';
const PAGE = 'page';
const SIZE = 'size';

export function isListStateParam(name: string): boolean {
  return (
    name.startsWith(VALUE_PREFIX) ||
    name === SORT ||
    name === PAGE ||
    name === SIZE ||
    name === ADVANCED_URL.conditions ||
    name === ADVANCED_URL.matchType
  );
}

function positive(text: string | null): number | undefined {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function readListState(search: string): ListUrlState {
  const params = new URLSearchParams(search);
  const values: Record<string, string[]> = {};
  for (const [name, value] of params)
    if (name.startsWith(VALUE_PREFIX)) (values[name.slice(VALUE_PREFIX.length)] ??= []).push(value);
  const [column, order] = (params.get(SORT) ?? '').split(',');
  return {
    values,
    sort: column && (order === 'asc' || order === 'desc') ? { column, order } : undefined,
    pageNo: positive(params.get(PAGE)),
    pageSize: positive(params.get(SIZE)),
    advanced: advancedFromUrl(params),
  };
}

/** the query string with the list's state replaced (other parameters kept); '' or '?…' */
export function writeListState(search: string, state: ListUrlState): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (isListStateParam(name)) params.delete(name);
  for (const [key, list] of Object.entries(state.values))
    // a range keeps its empty side, so its other side stays in place
    if (list.some(Boolean)) for (const v of list) params.append(`${VALUE_PREFIX}${key}`, v);
  if (state.sort) params.set(SORT, `${state.sort.column},${state.sort.order}`);
  if (state.pageNo && state.pageNo > 1) params.set(PAGE, String(state.pageNo));
  if (state.pageSize) params.set(SIZE, String(state.pageSize));
  advancedToUrl(params, state.advanced);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** a path plus query without the list's state: the identity of its tab */
export function withoutListState(fullPath: string): string {
  const at = fullPath.indexOf('?');
  if (at < 0) return fullPath;
  return fullPath.slice(0, at) + writeListState(fullPath.slice(at), { values: {} });
}
