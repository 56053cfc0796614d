import type { FieldDoc } from '../document/types';

/** a popup field without its code, source fields or target fields */
export const POPUP_UNSET_MESSAGE = 'popup参数未正确配置!';
/** a popup field whose source and target field lists differ in length */
export const POPUP_COUNT_MESSAGE = 'popup参数未正确配置,原始值和目标值数量不一致!';

/** one comma list of names, trimmed, empties dropped ('name, price' → ['name', 'price']) */
export function nameList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What a popup field copies once a row is chosen: the popup's column `from` into this form's field
 * `to`, pair by pair (orgFields and destFields, in the same order).
 */
export interface PopupPair {
  from: string;
  to: string;
}

/** the field's source → target pairs, or the spec's message when its settings are wrong */
export function popupPairs(
  field: Pick<FieldDoc, 'popupCode' | 'orgFields' | 'destFields'>,
): { pairs: PopupPair[] } | { problem: string } {
  const org = nameList(field.orgFields);
  const dest = nameList(field.destFields);
  if (!field.popupCode || !org.length || !dest.length) return { problem: POPUP_UNSET_MESSAGE };
  if (org.length !== dest.length) return { problem: POPUP_COUNT_MESSAGE };
  return { pairs: org.map((from, i) => ({ from, to: dest[i] })) };
}

/** the popup column a target field is filled from (a search box of the field takes that column) */
export function sourceOf(pairs: PopupPair[], to: string): string | undefined {
  return pairs.find((p) => p.to === to)?.from;
}

/**
 * The values the chosen rows give this form's fields: one row's value, or several rows' values
 * comma-joined (a multi popup), for every pair at once.
 */
export function filledValues(pairs: PopupPair[], rows: Record<string, unknown>[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((p) => [
      p.to,
      rows
        .map((r) => r[p.from])
        .map((v) => (v === null || v === undefined ? '' : String(v)))
        .join(','),
    ]),
  );
}
