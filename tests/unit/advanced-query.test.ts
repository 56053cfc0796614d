import { describe, expect, it } from 'vitest';
import {
  ADVANCED_RULES,
  ruleLabel,
  conditionRows,
  parseConditions,
  superQueryParams,
  usableConditions,
} from '../../src/core/query/advanced';
import { readListState, withoutListState, writeListState } from '../../src/core/query/list-url';
import { superQuery, type QueryField } from '../../src/core/query/params';

const fields = new Map<string, QueryField>([
  ['status', { key: 'status', kind: 'string' }],
  ['price', { key: 'price', kind: 'number' }],
]);

describe('advanced query rows ↔ wire ↔ URL', () => {
  it('drops rows missing a field, rule or value and comma-joins the values of in', () => {
    const wire = usableConditions([
      {},
      { field: 'status', rule: 'eq' },
      { field: 'status', val: '1' },
      { rule: 'eq', val: '1' },
      { field: 'status', rule: 'eq', val: '   ' },
      { field: 'status', rule: 'in', val: [] },
      { field: 'status', rule: 'in', val: ['1', '', '2'], type: 'select' },
      { field: 'price', rule: 'ge', val: 30 },
      { field: 'price', rule: 'bogus', val: '1' },
    ]);
    expect(wire).toEqual([
      { field: 'status', rule: 'in', val: '1,2', type: 'select' },
      { field: 'price', rule: 'ge', val: '30' },
    ]);
    // back to rows: in as a list again
    expect(conditionRows(wire)[0].val).toEqual(['1', '2']);
    expect(conditionRows(wire)[1].val).toBe('30');
  });

  it('offers the ten rules of the spec with their labels', () => {
    expect(ADVANCED_RULES.map((r) => `${r} ${ruleLabel(r)}`)).toEqual([
      'eq 等于',
      'like 包含',
      'right_like 以..开始',
      'left_like 以..结尾',
      'in 在...中',
      'ne 不等于',
      'gt 大于',
      'ge 大于等于',
      'lt 小于',
      'le 小于等于',
    ]);
  });

  it('sends superQueryParams the server parses into the same conditions', () => {
    const wire = usableConditions([
      { field: 'status', rule: 'in', val: ['1', '2'] },
      { field: 'price', rule: 'ge', val: '30' },
    ]);
    const params = superQueryParams({ matchType: 'or', params: wire });
    expect(params.superQueryMatchType).toBe('or');
    expect(superQuery(fields, params.superQueryParams, params.superQueryMatchType)).toEqual({
      type: 'group',
      op: 'or',
      items: [
        { type: 'cond', field: 'status', rule: 'in', value: ['1', '2'] },
        { type: 'cond', field: 'price', rule: 'ge', value: '30' },
      ],
    });
    expect(superQueryParams({ matchType: 'and', params: [] })).toEqual({});
    expect(superQueryParams(undefined)).toEqual({});
  });

  it('keeps the active query in the page URL beside the rest of the list state', () => {
    const advanced = {
      matchType: 'or' as const,
      params: [{ field: 'price', rule: 'ge' as const, val: '30' }],
    };
    const search = writeListState('?tab=1', { values: { name: ['a'] }, pageNo: 2, advanced });
    const back = readListState(search);
    expect(back.advanced).toEqual(advanced);
    expect(back.values).toEqual({ name: ['a'] });
    // 'and' is the default and is left out; the route's own parameter stays
    const and = writeListState('', { values: {}, advanced: { ...advanced, matchType: 'and' } });
    expect(new URLSearchParams(and).has('sqm')).toBe(false);
    expect(readListState(and).advanced?.matchType).toBe('and');
    expect(withoutListState(`/pro/product${search}`)).toBe('/pro/product?tab=1');
    // cleared: gone from the URL
    expect(readListState(writeListState(search, { values: {} })).advanced).toBeUndefined();
  });

  it('reads nothing usable from a malformed URL or stored copy', () => {
    expect(readListState('?sq=%7Bnot-json').advanced).toBeUndefined();
    expect(readListState('?sq=%5B%5D').advanced).toBeUndefined();
    expect(parseConditions('[1, null, {"field":"price","rule":"gt","val":"5"}]')).toEqual([
      { field: 'price', rule: 'gt', val: '5' },
    ]);
    expect(parseConditions({ field: 'price' })).toEqual([]);
  });
});
