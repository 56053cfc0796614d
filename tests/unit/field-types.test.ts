import { describe, expect, it } from 'vitest';
import entitySchema from '../../schemas/_meta/entity.schema.json';
import { fieldColumn, isMultiValue } from '../../src/core/document/model';
import { metaSchemaDrift, withRegisteredEnums } from '../../src/core/document/meta-enums';
import type { FieldDoc } from '../../src/core/document/types';
import { DB_TYPES, dbType } from '../../src/core/fields/db-types';
import { FIELD_TYPE_NAMES, fieldType, type FieldType } from '../../src/core/fields/registry';
import type { FieldServices } from '../../src/core/fields/types';
import { validateField } from '../../src/core/validation/validate';

const field = (type: FieldType, more: Partial<FieldDoc> = {}): FieldDoc => ({
  key: 'v',
  title: '值',
  type,
  ...more,
});
/** what validation says of a value of a field (with its column, as the form and the server run it) */
const check = (f: FieldDoc, value: unknown) => validateField(f, value, fieldColumn(f));

/**
 * Each registered type's core behaviour, one row per type: the column it gets (type, default
 * length), whether it holds several values, the search modes it supports (natural one first), and
 * the JSON type the form edits it as. A new type must add its row here.
 */
type Row = [
  db: string,
  length: number | undefined,
  multi: boolean,
  search: string[],
  json: string,
  picked: boolean,
];
// prettier-ignore
const EXPECTED: Record<FieldType, Row> = {
  //             column      length  multi  search modes           form JSON  picked (请选择)
  input:        ['string',   100,    false, ['like', 'single'],    'string',  false],
  inputNumber:  ['decimal',  18,     false, ['range', 'single'],   'number',  false],
  textarea:     ['text',     undefined, false, ['like', 'single'], 'string',  false],
  input_pop:    ['text',     undefined, false, ['like', 'single'], 'string',  false],
  password:     ['string',   100,    false, [],                    'string',  false],
  checkbox:     ['string',   500,    true,  ['in', 'single'],      'string',  true],
  select:       ['string',   100,    false, ['single', 'in'],      'string',  true],
  radio:        ['string',   100,    false, ['single', 'in'],      'string',  true],
  list_multi:   ['string',   500,    true,  ['in', 'single'],      'string',  true],
  sel_search:   ['string',   100,    false, ['single', 'in'],      'string',  true],
  sel_tree:     ['string',   100,    false, ['single', 'in'],      'string',  true],
  sel_depart:   ['string',   500,    true,  ['in', 'single'],      'string',  true],
  sel_user:     ['string',   500,    true,  ['in', 'single'],      'string',  true],
  cat_tree:     ['string',   36,     false, ['single', 'in'],      'string',  true],
  pca:          ['string',   12,     false, ['single'],            'string',  true],
  switch:       ['string',   10,     false, ['single'],            'string',  true],
  date:         ['date',     undefined, false, ['range', 'single'], 'string', true],
  datetime:     ['datetime', undefined, false, ['range', 'single'], 'string', true],
  time:         ['time',     undefined, false, ['range', 'single'], 'string', true],
  upload:       ['string',   1000,   true,  [],                    'string',  false],
  file:         ['string',   1000,   true,  [],                    'string',  false],
  image:        ['string',   1000,   false, [],                    'string',  false],
  markdown:     ['text',     undefined, false, ['like', 'single'], 'string',  false],
  umeditor:     ['text',     undefined, false, ['like', 'single'], 'string',  false],
  cron:         ['string',   64,     false, ['like', 'single'],    'string',  false],
  code:         ['text',     undefined, false, [],                 'string',  false],
  popup:        ['string',   500,    false, ['like', 'single'],    'string',  true],
  slot:         ['string',   100,    false, [],                    'string',  false],
  icon:         ['string',   100,    false, ['like', 'single'],    'string',  true],
  rule_column:  ['string',   50,     false, ['like', 'single'],    'string',  false],
  hidden:       ['string',   100,    false, ['single'],            'string',  false],
};

describe('the field-type registry', () => {
  it('registers every type once, each with its column, multiplicity, search and form type', () => {
    expect(FIELD_TYPE_NAMES).toEqual(Object.keys(EXPECTED));
    for (const name of FIELD_TYPE_NAMES) {
      const f = field(name);
      const col = fieldColumn(f);
      const def = fieldType(f);
      expect(
        [col.dbType, col.length, isMultiValue(f), [...def.search], def.jsonType(f, col.dbType), def.picked],
        name,
      ).toEqual(EXPECTED[name]);
    }
  });

  it('a document overrides the column type and length; an integer column makes inputNumber an integer', () => {
    const qty = field('inputNumber', { dbType: 'int' });
    expect(fieldColumn(qty)).toMatchObject({ dbType: 'int' });
    expect(fieldType(qty).jsonType(qty, 'int')).toBe('integer');
    expect(fieldColumn(field('input', { length: 20 })).length).toBe(20);
    expect(fieldColumn(field('inputNumber', { length: 12, scale: 3 }))).toMatchObject({
      length: 12,
      scale: 3,
    });
  });

  it('multi: pickers and list_multi keep one value with multi: false, sel_search several with multi: true', () => {
    expect(isMultiValue(field('sel_depart', { multi: false }))).toBe(false);
    expect(isMultiValue(field('list_multi', { multi: false }))).toBe(false);
    expect(isMultiValue(field('sel_search', { multi: true }))).toBe(true);
    expect(isMultiValue(field('checkbox', { multi: false }))).toBe(true);
  });

  it('column types: DDL, catalogue name, query kind and spreadsheet kind', () => {
    const ddl = Object.fromEntries(
      Object.entries(DB_TYPES).map(([name, d]) => [
        name,
        [d.sql(undefined, undefined), d.info, d.query, d.excel],
      ]),
    );
    expect(ddl).toEqual({
      string: ['varchar(100)', 'character varying', 'string', 'string'],
      text: ['text', 'text', 'string', 'string'],
      int: ['integer', 'integer', 'number', 'number'],
      bigint: ['bigint', 'bigint', 'number', 'number'],
      decimal: ['numeric(18,2)', 'numeric', 'number', 'number'],
      date: ['date', 'date', 'date', 'date'],
      datetime: ['timestamp', 'timestamp without time zone', 'datetime', 'datetime'],
      time: ['time', 'time without time zone', 'time', 'string'],
      boolean: ['boolean', 'boolean', 'boolean', 'string'],
    });
    expect(dbType('string').sql(36, undefined)).toBe('varchar(36)');
    expect(dbType('decimal').sql(12, 3)).toBe('numeric(12,3)');
  });
});

describe('export and import: stored value ↔ cell text', () => {
  const roundTrip = (f: FieldDoc, value: string) => {
    const def = fieldType(f);
    return def.fromText(String(def.toText(value, f)), f);
  };

  it('every type reads back what it exports', () => {
    const samples: Partial<Record<FieldType, string>> = {
      switch: 'N',
      date: '2026-01-05',
      datetime: '2026-01-05 08:05:00',
      time: '08:05:00',
      inputNumber: '1234.5',
      image: 'avatar/photo_1.png',
      checkbox: 'a,b',
      cron: '0 5/15 9 ? * 2,3,4,5,6 *',
    };
    for (const name of FIELD_TYPE_NAMES) {
      const value = samples[name] ?? 'text';
      expect(roundTrip(field(name), value), name).toBe(value);
    }
  });

  it('a switch exports 是/否 and imports them (its own values too); other text stays for the check', () => {
    const sw = fieldType(field('switch'));
    expect(sw.toText('Y', field('switch'))).toBe('是');
    expect(sw.toText('N', field('switch'))).toBe('否');
    expect(sw.fromText('是', field('switch'))).toBe('Y');
    expect(sw.fromText('N', field('switch'))).toBe('N');
    const custom = field('switch', {
      options: [
        { value: '1', text: '开' },
        { value: '0', text: '关' },
      ],
    });
    expect(sw.fromText('否', custom)).toBe('0');
    expect(sw.fromText('也许', custom)).toBe('也许');
  });

  it('dates, times and numbers as spreadsheets write them are read in the stored format', () => {
    expect(fieldType(field('date')).fromText('2026/1/5', field('date'))).toBe('2026-01-05');
    expect(fieldType(field('datetime')).fromText('2026/1/5 8:05', field('datetime'))).toBe(
      '2026-01-05 08:05:00',
    );
    expect(fieldType(field('time')).fromText('8:05', field('time'))).toBe('08:05:00');
    expect(fieldType(field('inputNumber')).fromText('1,234.50', field('inputNumber'))).toBe('1234.50');
    expect(fieldType(field('date')).fromText('明天', field('date'))).toBe('明天');
  });
});

describe("each type's validation", () => {
  it('numbers: a number, an integer for integer columns, within the column', () => {
    const price = field('inputNumber', { length: 6, scale: 2 });
    expect(check(price, '1234.56')).toBeNull();
    expect(check(price, 12.5)).toBeNull();
    expect(check(price, 'abc')).toBe('值必须是数字');
    expect(check(price, 1e308)).toBe('值必须是数字');
    expect(check(price, '12345.6')).toBe('值的整数部分最多4位');
    const qty = field('inputNumber', { dbType: 'int' });
    expect(check(qty, '1.5')).toBe('值必须是整数');
    expect(check(qty, '2147483648')).toBe('值超出可保存的范围');
    expect(check(qty, '-2147483648')).toBeNull();
  });

  it("'1.5' under preset z says 请输入整数, on a text and on an integer field: the document's rule speaks first", () => {
    expect(check(field('input', { validateRules: [{ pattern: 'z' }] }), '1.5')).toBe('请输入整数');
    expect(check(field('inputNumber', { dbType: 'int', validateRules: [{ pattern: 'z' }] }), '1.5')).toBe(
      '请输入整数',
    );
  });

  it('dates and times must be real ones in the spec formats', () => {
    expect(check(field('time'), '25:99:00')).toBe('值格式不正确（HH:mm:ss）');
    expect(check(field('time'), '23:59:59')).toBeNull();
    expect(check(field('date'), '2026-02-30')).toBe('值格式不正确（YYYY-MM-DD）');
    expect(check(field('date'), '2024-02-29')).toBeNull();
    expect(check(field('datetime'), '2026-01-05 24:00:00')).toBe('值格式不正确（YYYY-MM-DD HH:mm:ss）');
    expect(check(field('datetime'), '2026-01-05T08:05')).toBeNull();
  });

  it('a switch holds one of its two values; true and false arrive as them', () => {
    const sw = field('switch');
    expect(check(sw, 'maybe')).toBe('值只能是是或否');
    expect(check(sw, 'Y')).toBeNull();
    expect(fieldType(sw).fromJson!(true, sw)).toBe('Y');
    expect(fieldType(sw).fromJson!(false, sw)).toBe('N');
    const custom = field('switch', {
      options: [
        { value: '1', text: '开' },
        { value: '0', text: '关' },
      ],
    });
    expect(check(custom, 'Y')).toBe('值只能是是或否');
    expect(check(custom, '0')).toBeNull();
  });

  it('uploadnum caps how many files a field keeps: a file list none by default, an image one', () => {
    const paths = (n: number) => Array.from({ length: n }, (_, i) => `temp/p_${i}.png`).join(',');
    expect(isMultiValue(field('image'))).toBe(false);
    expect(check(field('image'), paths(2))).toBe('值须为本系统上传的图片或 http(s) 网址');
    const gallery = field('image', { fieldExtendJson: { uploadnum: 3 } });
    expect(isMultiValue(gallery)).toBe(true);
    expect(check(gallery, paths(3))).toBeNull();
    expect(check(gallery, paths(4))).toBe('值最多3个文件');
    expect(check(field('image', { fieldExtendJson: { uploadnum: 0 } }), paths(20))).toBeNull();
    expect(check(field('file'), paths(20))).toBeNull();
    expect(check(field('upload', { fieldExtendJson: { uploadnum: 2 } }), paths(3))).toBe('值最多2个文件');
  });

  it('a cron expression is one the builder can show again, else its message', () => {
    expect(check(field('cron'), '0 5/15 9 ? * 2,3,4,5,6 *')).toBeNull();
    expect(check(field('cron'), '0 0 9 1 * 2 *')).toBe('值：日和周不能同时指定，其中一个须为?');
    expect(check(field('cron'), '0 0/61 * * * ? *')).toBe('值：分的间隔须为1-60的整数');
    expect(check(field('cron'), '')).toBeNull();
  });

  it('upload paths are what the upload route answers; an image may also be an http(s) address', () => {
    const img = field('image');
    expect(check(img, 'avatar/头像photo_1766400000000a1b2c3.png')).toBeNull();
    expect(check(img, 'https://example.org/a.png')).toBeNull();
    for (const bad of [
      '../../etc/passwd',
      'javascript:alert(1)',
      'avatar/../x.png',
      '/etc/x.png',
      'avatar/a.pdf',
    ])
      expect(check(img, bad), bad).toBe('值须为本系统上传的图片或 http(s) 网址');
    const f = field('file');
    expect(check(f, 'temp/report_1.pdf,temp/sheet_2.xlsx')).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      'https://example.org/a.pdf',
      'temp/a.exe',
      'temp/x.pdf,../y.pdf',
    ])
      expect(check(f, bad), bad).toBe('值须为本系统上传的文件');
  });

  it('picker values are ids (with a dictionary of its own, the dictionary decides)', () => {
    expect(check(field('sel_user'), 'u_1,u_2')).toBeNull();
    expect(check(field('sel_user'), "x' or '1'='1")).toBe('值的值不在可选范围内');
    expect(
      check(
        field('sel_depart', { dict: { table: 'sys_depart', text: 'depart_name', code: 'org_code' } }),
        'A01 A02',
      ),
    ).toBeNull();
  });

  it('the server asks whether ids and paths name what exists, through the services it provides', async () => {
    const asked: string[] = [];
    const services: FieldServices = {
      users: async (ids) => (asked.push(`users:${ids}`), new Set(ids.filter((i) => i !== 'nobody'))),
      departs: async (ids) => (asked.push(`departs:${ids}`), new Set(ids.filter((i) => i !== 'nodept'))),
      files: async (paths) => (
        asked.push(`files:${paths}`),
        new Set(paths.filter((p) => !p.includes('gone')))
      ),
    };
    const verify = (f: FieldDoc, items: string[]) => fieldType(f).verify!(items, f, services);
    expect(await verify(field('sel_user'), ['admin_id', 'nobody'])).toBe('值的值不在可选范围内');
    expect(await verify(field('sel_user'), ['admin_id'])).toBeNull();
    expect(await verify(field('sel_depart'), ['nodept'])).toBe('值的值不在可选范围内');
    expect(await verify(field('image'), ['avatar/gone_1.png'])).toBe('值须为本系统上传的图片或 http(s) 网址');
    expect(await verify(field('image'), ['https://example.org/a.png'])).toBeNull();
    expect(await verify(field('file'), ['temp/a_1.pdf'])).toBeNull();
    // a picker with its own dictionary leaves the check to the dictionary (crud/verify-values.ts)
    expect(
      await verify(field('sel_user', { dict: { table: 'sys_user', text: 'realname', code: 'username' } }), [
        'x',
      ]),
    ).toBeNull();
    expect(asked).toEqual([
      'users:admin_id,nobody',
      'users:admin_id',
      'departs:nodept',
      'files:avatar/gone_1.png',
      'files:temp/a_1.pdf',
    ]);
  });

  it('required fields say 请选择 for picked types and 请输入 for typed ones', () => {
    expect(check(field('date', { validateRules: [{ required: true }] }), '')).toBe('请选择值!');
    expect(check(field('input', { validateRules: [{ required: true }] }), '')).toBe('请输入值!');
  });
});

describe('one source for the document language', () => {
  it('the meta-schema enums are the registries (npm run schemas:meta writes them)', () => {
    expect(metaSchemaDrift(entitySchema)).toEqual([]);
  });

  it('a meta-schema that drifts from the registry is caught, and the generator puts it right', () => {
    const drifted = structuredClone(entitySchema) as Record<string, any>;
    drifted.$defs.field.properties.type.enum.push('slot');
    drifted.properties.list.properties.kind.enum.push('erp');
    expect(metaSchemaDrift(drifted)).toEqual([
      expect.stringContaining('/$defs/field/properties/type/enum'),
      expect.stringContaining('/properties/list/properties/kind/enum'),
    ]);
    expect(metaSchemaDrift(withRegisteredEnums(drifted))).toEqual([]);
  });
});
