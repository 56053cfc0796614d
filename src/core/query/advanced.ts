/**
 * The advanced query (高级查询构造器) as the browser edits it and as the wire carries it:
 * condition rows in the modal, `superQueryParams` (a JSON list of {field, rule, val, type}) plus
 * `superQueryMatchType` in a list request, and `sq` / `sqm` in the page's URL. The server parses the
 * same JSON with params.ts superQuery, so rules and rows have one definition on both sides.
 */

import { dbTypeOf } from '../document/model';
import type { EntityDocument, FieldDoc } from '../document/types';
import { dbType } from '../fields/db-types';
import { t } from './messages';

export type MatchType = 'and' | 'or';

/** the rules the modal offers, in its order */
export const ADVANCED_RULES = [
  'eq',
  'like',
  'right_like',
  'left_like',
  'in',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
] as const;

export type AdvancedRule = (typeof ADVANCED_RULES)[number];

/** a rule's label in the language shown (messages.ts) */
export const ruleLabel = (rule: AdvancedRule) => t(rule);

const RULE_VALUES: readonly string[] = ADVANCED_RULES;

export const isAdvancedRule = (rule: unknown): rule is AdvancedRule =>
  typeof rule === 'string' && RULE_VALUES.includes(rule);

/** only 'in' takes several values */
export const isMultiValued = (rule: string | undefined) => rule === 'in';

/**
 * The fields a condition may name: the document's searched and listed fields that the server may
 * filter on (a column, readable; long text only where the document searches it, as crud/compile.ts).
 */
export function advancedFields(doc: EntityDocument): FieldDoc[] {
  return doc.fields.filter((f) => {
    if (f.virtual || f.writeOnly || !(f.query || f.list !== false)) return false;
    const t = dbType(dbTypeOf(f));
    return Boolean(f.query) || !(t.textual && !t.sized);
  });
}

/** a sub-table's field as a condition names it (a child's value is 'groupvalue,childvalue') */
export const childFieldKey = (childCode: string, fieldKey: string) => `${childCode},${fieldKey}`;

/** one row of the modal while it is edited: any part may still be missing */
export interface ConditionRow {
  field?: string;
  rule?: string;
  val?: unknown;
  /** the chosen field's type (copied when the field is chosen "Advanced-query condition row") */
  type?: string;
}

/** one condition as the wire and the saved queries carry it */
export interface WireCondition {
  field: string;
  rule: AdvancedRule;
  /** text; for 'in' the items comma-joined */
  val: string;
  type?: string;
}

/** the active query of a list */
export interface AdvancedQuery {
  matchType: MatchType;
  params: WireCondition[];
}

export const matchTypeOf = (v: unknown): MatchType => (v === 'or' ? 'or' : 'and');

function valueText(val: unknown): string {
  if (val === undefined || val === null) return '';
  if (Array.isArray(val)) return val.map(valueText).filter(Boolean).join(',');
  return String(val).trim();
}

/** the usable conditions of the rows: a row missing its field, rule or value is dropped, lists comma-joined */
export function usableConditions(rows: readonly ConditionRow[]): WireCondition[] {
  const out: WireCondition[] = [];
  for (const row of rows) {
    const val = valueText(row.val);
    if (!row.field || !isAdvancedRule(row.rule) || !val) continue;
    out.push({ field: row.field, rule: row.rule, val, ...(row.type ? { type: row.type } : {}) });
  }
  return out;
}

/** conditions back as rows the modal edits ('in' values as lists) */
export function conditionRows(conditions: readonly WireCondition[]): ConditionRow[] {
  return conditions.map((c) => ({
    field: c.field,
    rule: c.rule,
    type: c.type,
    val: isMultiValued(c.rule) ? c.val.split(',').filter(Boolean) : c.val,
  }));
}

/** conditions read from untrusted JSON (a URL, local storage, the server); malformed items are dropped */
export function parseConditions(value: unknown): WireCondition[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return usableConditions(
    list.filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object') as ConditionRow[],
  );
}

/** what a list request adds for an active query (nothing without one) */
export function superQueryParams(query: AdvancedQuery | undefined): Record<string, string> {
  if (!query?.params.length) return {};
  return { superQueryParams: JSON.stringify(query.params), superQueryMatchType: query.matchType };
}

/** the page URL's parameters of an active query: `sq` the conditions, `sqm` the match type */
export const ADVANCED_URL = { conditions: 'sq', matchType: 'sqm' } as const;

export function advancedFromUrl(params: URLSearchParams): AdvancedQuery | undefined {
  const conditions = parseConditions(params.get(ADVANCED_URL.conditions) ?? '');
  if (!conditions.length) return undefined;
  return { matchType: matchTypeOf(params.get(ADVANCED_URL.matchType)), params: conditions };
}

export function advancedToUrl(params: URLSearchParams, query: AdvancedQuery | undefined): void {
  params.delete(ADVANCED_URL.conditions);
  params.delete(ADVANCED_URL.matchType);
  if (!query?.params.length) return;
  params.set(ADVANCED_URL.conditions, JSON.stringify(query.params));
  if (query.matchType === 'or') params.set(ADVANCED_URL.matchType, 'or');
}
