import { describe, expect, it } from 'vitest';
import { searchSpan } from '../../renderers/list/search-span';

describe('search fields a row, by the list’s own width', () => {
  it('a page-wide list has four a row, a list in an 800 px drawer two, a narrow one one', () => {
    expect(searchSpan(1160)).toBe(6);
    expect(searchSpan(900)).toBe(8);
    expect(searchSpan(728)).toBe(12);
    expect(searchSpan(300)).toBe(24);
  });

  it('never more than four, never less than one, whatever the width', () => {
    expect(searchSpan(4000)).toBe(6);
    expect(searchSpan(0)).toBe(24);
  });
});
