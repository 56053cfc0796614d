import { describe, expect, it } from 'vitest';
import type { FieldDoc } from '../../src/core/document/types';
import { switchValues } from '../../src/core/fields/switch';
import { cellError, newRow, type GridRow, type HandlerAnswer } from '../../renderers/grid/grid-model';
import { tagsText } from '../../renderers/grid/tags-text';

const row = (id: string, values: Record<string, unknown> = {}): GridRow => ({ id, ...values });

describe('tags cell (spec 5.1)', () => {
  it('puts a ; between every 2 characters after dropping the ; already there', () => {
    expect(tagsText('abcde')).toBe('ab;cd;e');
    expect(tagsText('ab;cd')).toBe('ab;cd');
    expect(tagsText('a;b;c;d')).toBe('ab;cd');
    expect(tagsText('ab;c')).toBe('ab;c');
    expect(tagsText('易碎防潮')).toBe('易碎;防潮');
    expect(tagsText(';;')).toBe('');
    // characters, not UTF-16 units
    expect(tagsText('𠀀𠀁𠀂')).toBe('𠀀𠀁;𠀂');
  });

  it('lets a typed ; or a deleted character settle without fighting the user', () => {
    // backspace over the last character of 'ab;cd' leaves 'ab;c', which stays as it is
    expect(tagsText('ab;c')).toBe('ab;c');
    // typing after a full pair starts the next one
    expect(tagsText('ab;cde')).toBe('ab;cd;e');
  });
});

describe('switch cell values (spec 3 customValue, defaultChecked)', () => {
  const insured: FieldDoc = {
    key: 'insured',
    title: '已投保',
    type: 'switch',
    customValue: ['1', '0'],
    defaultChecked: true,
  };

  it('a customValue pair comes before the options and the Y/N default', () => {
    expect(switchValues(insured)).toEqual(['1', '0']);
    const withOptions: FieldDoc = {
      ...insured,
      customValue: undefined,
      options: [
        { value: 'on', text: '开' },
        { value: 'off', text: '关' },
      ],
    };
    expect(switchValues(withOptions)).toEqual(['on', 'off']);
    expect(switchValues({ key: 's', title: 's', type: 'switch' })).toEqual(['Y', 'N']);
  });

  it('a new row starts a defaultChecked switch on, and leaves other switches empty', () => {
    const plain: FieldDoc = { key: 'plain', title: '其他', type: 'switch' };
    const onByDefault: FieldDoc = { key: 'yn', title: '是否', type: 'switch', defaultChecked: true };
    const added = newRow([insured, plain, onByDefault], []);
    expect(added.insured).toBe('1');
    expect(added.yn).toBe('Y');
    expect(added).not.toHaveProperty('plain');
  });
});

describe('handler rule order (spec 5.1: required, unique, handler, pattern)', () => {
  const crate: FieldDoc = {
    key: 'crateNo',
    title: '箱号',
    type: 'input',
    validateRules: [
      { required: true, message: '请输入箱号' },
      { unique: true, message: '箱号重复' },
      { handler: 'duplicate' },
      { pattern: '^[A-Z]{2}\\d{3}$', message: '箱号格式不对' },
    ],
  };
  const taken: HandlerAnswer = (_f, r) => (r.crateNo === 'XY001' ? '箱号已存在' : null);

  it('required first: an empty cell is not sent to the handler', () => {
    const asked: string[] = [];
    const spy: HandlerAnswer = (_f, r) => (asked.push(String(r.crateNo)), '不该出现');
    expect(cellError(crate, [row('a')], 0, spy)).toBe('请输入箱号');
    expect(asked).toEqual([]);
  });

  it('unique among the rows before the handler', () => {
    const rows = [row('a', { crateNo: 'XY001' }), row('b', { crateNo: 'XY001' })];
    expect(cellError(crate, rows, 1, taken)).toBe('箱号重复');
  });

  it('the handler before the pattern, with its own message', () => {
    expect(cellError(crate, [row('a', { crateNo: 'XY001' })], 0, taken)).toBe('箱号已存在');
    // the handler's verdict wins even over a value the pattern would refuse
    const refuses: HandlerAnswer = () => '正在校验，请稍候';
    expect(cellError(crate, [row('a', { crateNo: 'bad' })], 0, refuses)).toBe('正在校验，请稍候');
  });

  it('the pattern when the handler passes; none when everything passes', () => {
    expect(cellError(crate, [row('a', { crateNo: 'bad' })], 0, taken)).toBe('箱号格式不对');
    expect(cellError(crate, [row('a', { crateNo: 'XY002' })], 0, taken)).toBeNull();
  });
});
