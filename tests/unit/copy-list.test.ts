import { describe, expect, it } from 'vitest';
import type { EntityDocument } from '../../src/core/document/types';
import { copyOf } from '../../renderers/list/copy-row';

const doc = {
  code: 'museum_activity',
  fields: [
    { key: 'title', title: '活动名称', type: 'input' },
    { key: 'hostId', title: '负责人', type: 'sel_user' },
    { key: 'seatsTaken', title: '已报名', type: 'inputNumber', readonly: true },
    { key: 'place', title: '活动地点', type: 'input' },
  ],
} as unknown as EntityDocument;

describe('a copy of a row', () => {
  it('keeps the written values and their names, leaves the id and what only the server writes', () => {
    const copy = copyOf(doc, {
      id: 'a1',
      title: '拓印课',
      hostId: 'u1',
      hostId_dictText: '王馆员',
      seatsTaken: 12,
      place: null,
      createTime: '2026-11-01 10:00:00',
    });
    expect(copy).toEqual({ id: '', title: '拓印课', hostId: 'u1', hostId_dictText: '王馆员' });
  });
});
