import type { EntityDocument, FieldDoc } from '../../src/core/document/types';

/**
 * What the search form holds, by field key: a string (or a list for multi-choice) for single
 * fields, a [begin, end] pair for range fields. Dates arrive already formatted as text.
 */
export type SearchValue = string | number | null | undefined | (string | number | null | undefined)[];
export type SearchValues = Record<string, SearchValue>;

export function queryFields(doc: EntityDocument): FieldDoc[] {
  return doc.fields.filter((f) => f.query);
}

function text(v: unknown): string {
  return v === undefined || v === null ? '' : String(v).trim();
}

/**
 * The Jeecg list filters for the search form: `like` wraps text as *value*, a
 * multi-choice becomes a comma list (IN), a range becomes `<key>_begin` / `<key>_end`.
 * Empty inputs send nothing.
 */
export function searchToParams(doc: EntityDocument, values: SearchValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const f of queryFields(doc)) {
    const v = values[f.key];
    if (f.query!.mode === 'range') {
      const [begin, end] = Array.isArray(v) ? v : [];
      if (text(begin)) params[`${f.key}_begin`] = text(begin);
      if (text(end)) params[`${f.key}_end`] = text(end);
    } else if (Array.isArray(v)) {
      const items = v.map(text).filter(Boolean);
      if (items.length) params[f.key] = items.join(',');
    } else if (text(v)) {
      params[f.key] = f.query!.like ? `*${text(v)}*` : text(v);
    }
  }
  return params;
}

/** the search values as the page's URL keeps them: text, a range as its two sides, empty ones left out */
export function valuesToUrl(doc: EntityDocument, values: SearchValues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of queryFields(doc)) {
    const v = values[f.key];
    const list = Array.isArray(v) ? v.map(text) : [text(v)];
    if (list.some(Boolean)) out[f.key] = list;
  }
  return out;
}

/** the search values of a URL (readListState), for the fields the document searches by */
export function valuesFromUrl(doc: EntityDocument, url: Record<string, string[]>): SearchValues {
  const out: SearchValues = {};
  for (const f of queryFields(doc)) {
    const list = url[f.key];
    if (!list?.length) continue;
    out[f.key] = f.query!.mode === 'range' ? [list[0] || undefined, list[1] || undefined] : list[0];
  }
  return out;
}
