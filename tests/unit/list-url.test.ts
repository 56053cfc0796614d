import { describe, expect, it } from 'vitest';
import { readListState, withoutListState, writeListState } from '../../src/core/query/list-url';

describe('a list state in the URL', () => {
  it('round-trips search values, sort and page, keeping the route’s own parameters', () => {
    const search = writeListState('?tab=2', {
      values: { name: ['单位'], createTime: ['', '2026-01-31'] },
      sort: { column: 'name', order: 'asc' },
      pageNo: 3,
      pageSize: 20,
    });
    expect(new URLSearchParams(search).get('tab')).toBe('2');
    expect(readListState(search)).toEqual({
      values: { name: ['单位'], createTime: ['', '2026-01-31'] },
      sort: { column: 'name', order: 'asc' },
      pageNo: 3,
      pageSize: 20,
    });
  });

  it('leaves out empty values and page 1, and ignores a malformed sort or page', () => {
    expect(writeListState('', { values: { name: [''] }, pageNo: 1 })).toBe('');
    expect(readListState('?sort=name;drop,sideways&page=-2&size=x')).toEqual({
      values: {},
      sort: undefined,
      pageNo: undefined,
      pageSize: undefined,
    });
  });

  it('keys a tab by its address without the list state', () => {
    expect(withoutListState('/base/unit?q.name=a&sort=name,asc&page=2&size=20')).toBe('/base/unit');
    expect(withoutListState('/report?id=7&page=2')).toBe('/report?id=7');
    expect(withoutListState('/base/unit')).toBe('/base/unit');
  });
});
