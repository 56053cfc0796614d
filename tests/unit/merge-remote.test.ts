import { describe, expect, it } from 'vitest';
import { mergeRemote } from '../../renderers/form/merge-remote';

describe('another session’s save brought into an open form', () => {
  const keys = ['name', 'hall', 'opening', 'note'];
  const base = { name: '青铜展', hall: '三号展厅', opening: '2026-12-01' };

  it('takes their value where the user typed nothing, keeps the user’s where only the user typed', () => {
    const mine = { ...base, note: '加开夜场' };
    const theirs = { ...base, hall: '四号展厅' };
    expect(mergeRemote(keys, base, mine, theirs)).toEqual({
      merged: { ...base, hall: '四号展厅', note: '加开夜场' },
      collisions: [],
    });
  });

  it('keeps the user’s typing where both changed a field differently, and names it', () => {
    const mine = { ...base, hall: '五号展厅' };
    const theirs = { ...base, hall: '四号展厅', opening: '2026-12-05' };
    expect(mergeRemote(keys, base, mine, theirs)).toEqual({
      merged: { ...base, hall: '五号展厅', opening: '2026-12-05' },
      collisions: [{ key: 'hall', mine: '五号展厅', theirs: '四号展厅' }],
    });
  });

  it('sees no collision where both wrote the same, and treats empty, null and absent alike', () => {
    const mine = { ...base, hall: '四号展厅', note: '' };
    const theirs = { ...base, hall: '四号展厅', note: null };
    expect(mergeRemote(keys, base, mine, theirs).collisions).toEqual([]);
  });

  it('clears a field they cleared and the user left', () => {
    const theirs = { name: '青铜展', hall: '三号展厅' };
    expect(mergeRemote(keys, base, { ...base }, theirs).merged.opening).toBeUndefined();
  });
});
