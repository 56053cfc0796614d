import { describe, expect, it } from 'vitest';
import { PRESETS, resolvePattern } from '../../src/core/validation/presets';
import { validateField, validateRecord } from '../../src/core/validation/validate';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';

describe('validation presets', () => {
  it.each([
    ['n6-16', '123456', 'a23456'],
    ['*6-16', 'abc def', 'abc'],
    ['s6-18', 'abcdef', 'abc123'],
    ['url', 'https://museum.example/x', 'museum'],
    ['e', 'a.b@c.cn', 'a@b'],
    ['m', '13912345678', '12912345678'],
    ['p', '100000', '010000'],
    ['s', 'abc', 'ab1'],
    ['n', '-12.5', '1e5'],
    ['z', '-12', '1.5'],
    ['money', '12.34', '12.345'],
    ['mobile', '13812345678', '16912345678'],
    ['natural', '0', '-1'],
    ['bankcard', '6222020200112233', '0222020200112233'],
    ['idcard', '11010519491231002X', '1234'],
    ['qq', '12345', '0123'],
    ['httpurl', 'http://a', 'ftp://a'],
    ['alnum20', 'abc123', 'abc-123'],
    ['cnen100', '青铜 Bronze', '青'],
    ['digitlines', '1\n2', '1,2'],
  ])('%s accepts %j and refuses %j', (name, good, bad) => {
    const p = PRESETS[name];
    expect(p.test.test(good)).toBe(true);
    expect(p.test.test(bad)).toBe(false);
  });

  it('compiles custom patterns once and reports invalid ones as null', () => {
    expect(resolvePattern('^[A-Z]{2}$')!.test.test('AB')).toBe(true);
    expect(resolvePattern('([')).toBeNull();
  });
});

const field = (f: Partial<FieldDoc>): FieldDoc => ({ key: 'name', title: '名称', type: 'input', ...f });

describe('validateField', () => {
  it('checks required first, then pattern, with the rule message or the preset message', () => {
    const f = field({ validateRules: [{ required: true, message: '请输入名称' }, { pattern: 'm' }] });
    expect(validateField(f, '')).toBe('请输入名称');
    expect(validateField(f, '123')).toBe('请输入正确的手机号码');
    expect(validateField(f, '13912345678')).toBeNull();
    expect(validateField(field({ validateRules: [{ pattern: '*' }] }), null)).toBe('请输入名称!');
    expect(validateField(field({ type: 'select', validateRules: [{ required: true }] }), '')).toBe(
      '请选择名称!',
    );
  });

  it('skips patterns on empty optional values', () => {
    expect(validateField(field({ validateRules: [{ pattern: 'e' }] }), '')).toBeNull();
  });

  it('uses the length and item-count builders', () => {
    expect(validateField(field({ validateRules: [{ min: 3 }] }), 'ab')).toBe('最小长度3位字符');
    expect(validateField(field({ validateRules: [{ max: 3 }] }), 'abcd')).toBe('最大长度3位字符');
    const cb = field({ type: 'checkbox', validateRules: [{ min: 2, max: 3 }] });
    expect(validateField(cb, 'a')).toBe('最少选择2项');
    expect(validateField(cb, 'a,b,c,d')).toBe('最多选择3项');
  });

  it('holds a sameAs field to the other field of the same values (a password typed twice)', () => {
    const again = field({ title: '确认密码', validateRules: [{ sameAs: 'password' }] });
    expect(validateField(again, 'Abc12345', undefined, { password: 'Abc12346' })).toBe(
      '确认密码与前一项不一致',
    );
    expect(validateField(again, 'Abc12345', undefined, { password: 'Abc12345' })).toBeNull();
    const told = field({
      validateRules: [{ sameAs: 'password', message: 'the two passwords entered differ!' }],
    });
    expect(validateField(told, 'x', undefined, {})).toBe('the two passwords entered differ!');
  });
});

describe('validateRecord', () => {
  const doc: EntityDocument = {
    kind: 'entity',
    schemaVersion: 1,
    code: 't',
    title: 'T',
    table: 't',
    permission: 't:',
    list: { kind: 'plain', pageSize: 10, sort: { column: 'createTime', order: 'desc' }, count: 'exact' },
    fields: [
      field({ validateRules: [{ required: true }], length: 4 }),
      { key: 'qty', title: '数量', type: 'inputNumber', dbType: 'int' },
      { key: 'day', title: '日期', type: 'date' },
    ],
  };

  it('reports every failing field as a path into the record', () => {
    expect(validateRecord(doc, { name: '', qty: '1.5', day: '2026/01/01' })).toEqual([
      { field: 'name', message: '请输入名称!' },
      { field: 'qty', message: '数量必须是整数' },
      { field: 'day', message: '日期格式不正确（YYYY-MM-DD）' },
    ]);
    expect(validateRecord(doc, { name: '长长长长长' })[0]).toEqual({
      field: 'name',
      message: '名称长度不能超过4个字符',
    });
  });

  it('checks only the given keys on a partial edit', () => {
    expect(validateRecord(doc, { qty: 3 }, true)).toEqual([]);
  });
});
