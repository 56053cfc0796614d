import { describe, expect, it } from 'vitest';
import { loadCatalog, type SourceFile } from '../../src/core/document/load';
import type { FieldDoc } from '../../src/core/document/types';

/**
 * Spec 4 column type slot: a slot cell names a drawing the browser registers
 * (src/core/fields/slot.ts, renderers/slots/registry.ts); a document is data, so schemas:check
 * refuses a name that is not registered, a slot field naming none, and `slot` on another type.
 */
const file = (fields: Partial<FieldDoc>[]): SourceFile => ({
  path: 'x/checks.json',
  json: {
    kind: 'entity',
    code: 'checks',
    title: '检查',
    table: 'checks',
    permission: 'checks:',
    list: { kind: 'plain', pageSize: 10, sort: { column: 'name', order: 'asc' }, count: 'exact' },
    fields: [{ key: 'name', title: '名称', type: 'input' }, ...fields],
  },
});
const problemsOf = (fields: Partial<FieldDoc>[]) => loadCatalog([file(fields)]).problems;

describe('the slot type in documents', () => {
  it('takes a registered slot', () => {
    expect(
      problemsOf([{ key: 'status', title: '状态', type: 'slot', slot: 'rowStatus', virtual: true }]),
    ).toEqual([]);
  });

  it('refuses a slot name that is not registered', () => {
    const problems = problemsOf([{ key: 'status', title: '状态', type: 'slot', slot: 'alert(1)' }]);
    expect(problems.map((p) => p.path)).toContain('/fields/1/slot');
    expect(problems.length).toBeGreaterThan(0);
  });

  it('refuses a slot field that names no slot, and slot on another type', () => {
    expect(problemsOf([{ key: 'status', title: '状态', type: 'slot' }])).toContainEqual({
      file: 'x/checks.json',
      path: '/fields/1',
      message: 'a slot field names the drawing it is shown with: give slot',
    });
    expect(problemsOf([{ key: 'status', title: '状态', type: 'input', slot: 'rowStatus' }])).not.toEqual([]);
  });
});
