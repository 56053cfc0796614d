import { describe, expect, it } from 'vitest';
import { parseListParams, plainCondition, type QueryField } from '../../src/core/query/params';
import { QueryError } from '../../src/core/query/ast';

const fields: QueryField[] = [
  { key: 'name', kind: 'string' },
  { key: 'price', kind: 'number' },
  { key: 'produceDate', kind: 'date' },
  { key: 'createTime', kind: 'datetime' },
];
const opts = { fields, maxPageSize: 10000, defaultSort: { field: 'createTime', order: 'desc' as const } };
const name = fields[0];
const price = fields[1];

describe('plain values (reference 2.14, in its order of detection)', () => {
  it.each([
    ['>= 10', price, 'ge', '10'],
    ['>=10', price, 'ge', '10'],
    ['<= 3', price, 'le', '3'],
    ['!= 5', price, 'ne', '5'],
    ['> 1', price, 'gt', '1'],
    ['< 1', price, 'lt', '1'],
    ['*铜*', name, 'like', '铜'],
    ['*器', name, 'left_like', '器'],
    ['青*', name, 'right_like', '青'],
    ['a,b,', name, 'in', ['a', 'b']],
    [',a,b,', name, 'multi_like', ['a', 'b']],
    ['!x', name, 'ne', 'x'],
    ['a++b', name, 'eq', 'a,b'],
    ['plain', name, 'eq', 'plain'],
  ])('%s → %s', (raw, field, rule, value) => {
    expect(plainCondition(field, raw)).toEqual({ type: 'cond', field: field.key, rule, value });
  });

  it('ignores empty values and refuses a non-number on a numeric field', () => {
    expect(plainCondition(name, '   ')).toBeNull();
    expect(() => plainCondition(price, 'abc')).toThrow(QueryError);
    expect(() => plainCondition(price, '>= 1 or 1=1')).toThrow('查询条件 price 需要数字');
  });
});

describe('parseListParams', () => {
  it('turns params into one AST with default sort and page', () => {
    const q = parseListParams(
      {
        name: '*瓷*',
        price_begin: '10',
        produceDate_end: '2026-01-31',
        createTime_begin: '2026-01-01',
        _t: '1',
        pageNo: '2',
      },
      opts,
    );
    expect(q.pageNo).toBe(2);
    expect(q.pageSize).toBe(10);
    expect(q.sort).toEqual([{ field: 'createTime', order: 'desc' }]);
    expect(q.filter.items).toEqual([
      { type: 'cond', field: 'name', rule: 'like', value: '瓷' },
      { type: 'cond', field: 'price', rule: 'ge', value: '10' },
      { type: 'cond', field: 'produceDate', rule: 'le', value: '2026-01-31' },
      { type: 'cond', field: 'createTime', rule: 'ge', value: '2026-01-01 00:00:00' },
    ]);
  });

  it('maps sort columns through the field list and strips _dictText', () => {
    expect(parseListParams({ column: 'name_dictText,price', order: 'ASC' }, opts).sort).toEqual([
      { field: 'name', order: 'asc' },
      { field: 'price', order: 'asc' },
    ]);
    expect(() => parseListParams({ column: 'name; drop table x' }, opts)).toThrow(
      '排序字段 name; drop table x 不存在',
    );
    expect(() => parseListParams({ column: 'password' }, opts)).toThrow(QueryError);
  });

  it('parses superQueryParams (encoded once or twice) with and/or', () => {
    const conds = [
      { field: 'name', rule: 'like', val: '瓶' },
      { field: 'price', rule: '>=', val: '5' },
      { field: 'price', rule: 'in', val: '1,2' },
      { field: '', rule: 'eq', val: 'dropped' },
    ];
    const once = encodeURIComponent(JSON.stringify(conds));
    for (const raw of [once, encodeURIComponent(once)]) {
      const q = parseListParams({ superQueryParams: raw, superQueryMatchType: 'or' }, opts);
      expect(q.filter.items).toEqual([
        {
          type: 'group',
          op: 'or',
          items: [
            { type: 'cond', field: 'name', rule: 'like', value: '瓶' },
            { type: 'cond', field: 'price', rule: 'ge', value: '5' },
            { type: 'cond', field: 'price', rule: 'in', value: ['1', '2'] },
          ],
        },
      ]);
    }
  });

  it('refuses unknown superQuery fields, rules, match types and malformed JSON', () => {
    const sq = (v: unknown, m?: string) =>
      parseListParams({ superQueryParams: JSON.stringify(v), superQueryMatchType: m }, opts);
    expect(() => sq([{ field: 'password', rule: 'eq', val: '1' }])).toThrow('高级查询字段 password 不存在');
    expect(() => sq([{ field: 'name', rule: 'regex', val: '1' }])).toThrow('高级查询规则 regex 不支持');
    expect(() => sq([], 'xor')).toThrow('superQueryMatchType 只能是 and 或 or');
    expect(() => sq({ field: 'name' })).toThrow('高级查询条件格式不正确（需要 JSON 数组）');
    expect(() => parseListParams({ superQueryParams: '[{' }, opts)).toThrow(
      '高级查询条件格式不正确（需要 JSON 数组）',
    );
  });

  it('caps the page size at the ceiling and reports it', () => {
    const capped: number[] = [];
    const q = parseListParams({ pageSize: '99999' }, { ...opts, onPageSizeCapped: (n) => capped.push(n) });
    expect(q.pageSize).toBe(10000);
    expect(capped).toEqual([99999]);
    expect(() => parseListParams({ pageSize: 'ten' }, opts)).toThrow('参数 pageSize 必须是整数');
  });

  it('reads paging below 1 as upstream lists do, or refuses it when strict (reports)', () => {
    const loose = parseListParams({ pageNo: '-1', pageSize: '-5' }, opts);
    expect(loose).toMatchObject({ pageNo: 1, pageSize: 10000, pageSizeAsked: -5 });
    expect(parseListParams({ pageSize: '0' }, opts).pageSize).toBe(10);
    const strict = { ...opts, strictPaging: true };
    expect(() => parseListParams({ pageNo: '-1', pageSize: '-5' }, strict)).toThrow(
      '参数 pageNo 必须是正整数',
    );
    expect(() => parseListParams({ pageSize: '-5' }, strict)).toThrow('参数 pageSize 必须是正整数');
    expect(() => parseListParams({ pageSize: '0' }, strict)).toThrow('参数 pageSize 必须是正整数');
    expect(parseListParams({ pageNo: '2', pageSize: '99999' }, strict)).toMatchObject({
      pageNo: 2,
      pageSize: 10000,
    });
  });

  it('refuses over-long and object-shaped values', () => {
    expect(() => parseListParams({ name: 'x'.repeat(501) }, opts)).toThrow('参数 name 过长（最多500个字符）');
    expect(() => parseListParams({ name: { a: 1 } }, opts)).toThrow('参数 name 格式不正确');
  });

  it('keeps only known fields in the projection', () => {
    expect(parseListParams({ field: 'id,name,password' }, opts).fields).toEqual(['name']);
  });
});
