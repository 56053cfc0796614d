import { describe, expect, it } from 'vitest';
import { loadCatalog, type SourceFile } from '../../src/core/document/load';
import type { FieldDoc } from '../../src/core/document/types';
import { CONDITION_MESSAGE, jsonCondition } from '../../src/core/fields/json-condition';
import { AREA_DICT, areaPath, areaTypeOf } from '../../src/core/fields/pca';
import { fieldType } from '../../src/core/fields/registry';
import { readSchemaFiles } from '../../src/server/docs/load-files';

/**
 * The area (pca) and category (cat_tree) types: each reads a dictionary of its own, which the
 * loader gives the field, so lists, exports, imports and write checks treat them as any dictionary.
 */
const area: FieldDoc = { key: 'region', title: '所在地区', type: 'pca' };
const category = (condition?: string): FieldDoc => ({
  key: 'cat',
  title: '藏品类别',
  type: 'cat_tree',
  ...(condition === undefined ? {} : { condition }),
});

describe('pca', () => {
  it('reads the area table: code stored, whole path shown (广东省/深圳市/南山区)', () => {
    expect(fieldType(area).dictionary?.(area)).toEqual({
      table: 'sys_area',
      text: 'full_name',
      code: 'code',
      pidField: 'pid',
      hasChildField: 'has_child',
    });
    // a form or search box asks for a level at a time, never the ~3,300 areas at once
    expect(fieldType(area).optionsOnDemand).toBe(true);
  });

  it('reads an area’s province and city off its positional code', () => {
    expect(areaPath('440305')).toEqual(['44', '4403', '440305']);
    expect(areaPath('4403')).toEqual(['44', '4403']);
    expect(areaPath('44')).toEqual(['44']);
  });

  it('is a cascader or three selects; anything else falls back to the cascader, marked bad', () => {
    expect(areaTypeOf({})).toEqual({ type: 'cascader', bad: false });
    expect(areaTypeOf({ areaType: 'select' })).toEqual({ type: 'select', bad: false });
    expect(areaTypeOf({ areaType: 'tree' })).toEqual({ type: 'cascader', bad: true });
  });

  it('stores area codes only', () => {
    const check = fieldType(area).check!;
    expect(check(['440305'], area)).toBeNull();
    expect(check(['广东省'], area)).toBe('所在地区的值不在可选范围内');
  });
});

describe('cat_tree', () => {
  it('reads the category tree, narrowed by its condition', () => {
    expect(fieldType(category()).dictionary?.(category())).toMatchObject({
      table: 'sys_category',
      text: 'name',
      code: 'id',
      condition: {},
    });
    const narrowed = category('{"code":"A01"}');
    expect(fieldType(narrowed).dictionary?.(narrowed)?.condition).toEqual({ code: 'A01' });
  });

  it('a condition must be a JSON object string', () => {
    expect(fieldType(category()).checkField?.(category())).toBeNull();
    for (const bad of ['code=A01', '["A01"]', '{"code":{"a":1}}', '{'])
      expect(fieldType(category(bad)).checkField?.(category(bad)), bad).toBe(
        '组件JTreeSelect-condition传值有误，需要一个json字符串!',
      );
    expect(jsonCondition('{"pid":"0","level":2}')).toEqual({ pid: '0', level: '2' });
    expect(jsonCondition('  ')).toEqual({});
    expect(jsonCondition('x')).toBeNull();
    expect(CONDITION_MESSAGE).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });
});

describe('the loader', () => {
  const { files } = readSchemaFiles('schemas');
  const withActivity = (fields: Record<string, unknown>[]): SourceFile[] =>
    files.map((f) =>
      f.path.endsWith('museum/activity.json')
        ? {
            ...f,
            json: { ...(f.json as object), fields: [...(f.json as { fields: object[] }).fields, ...fields] },
          }
        : f,
    );

  it('gives pca and cat_tree fields their dictionaries (the museum activity’s 所在地区 and 藏品类别)', () => {
    const { catalog, problems } = loadCatalog(files);
    expect(problems).toEqual([]);
    const activity = catalog.entities.get('museum_activity')!;
    expect(activity.fields.find((f) => f.key === 'region')?.dict).toEqual(AREA_DICT);
    expect(activity.fields.find((f) => f.key === 'collectionCategory')?.dict?.table).toBe('sys_category');
  });

  it('refuses a cat_tree whose condition is no JSON object string, and one naming a column it may not read', () => {
    const problems = (condition: string) =>
      loadCatalog(withActivity([{ key: 'odd', title: '类别', type: 'cat_tree', condition }])).problems.map(
        (p) => p.message,
      );
    expect(problems('code=A01')).toEqual([CONDITION_MESSAGE]);
    expect(problems('{"create_by":"admin"}')).toEqual([
      "column 'create_by' is not an allowed dictionary column of 'sys_category'",
    ]);
  });
});
