// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/core/document/load';
import type { FieldDoc } from '../../src/core/document/types';
import { switchValues } from '../../src/core/fields/switch';
import { cellError, newRow, type GridRow, type HandlerAnswer } from '../../renderers/grid/grid-model';
import { partsOf } from '../../renderers/fields/parts';
import { tagsText } from '../../renderers/grid/tags-text';
import { useGrid } from '../../renderers/grid/use-grid';
import type { DataProvider } from '../../renderers/providers';
import { testProviders } from './support/providers';

const row = (id: string, values: Record<string, unknown> = {}): GridRow => ({ id, ...values });

describe('tags cell', () => {
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

describe('switch cell values (customValue, defaultChecked)', () => {
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

describe('handler rule order (required, unique, handler, pattern)', () => {
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

describe('handler rule in the grid (rule 3)', () => {
  const crate: FieldDoc = {
    key: 'crateNo',
    title: '箱号',
    type: 'input',
    validateRules: [{ unique: true, message: '箱号已被占用' }, { handler: 'duplicate' }],
  };

  it('asks the server once typing pauses; the save is refused while it has not answered and while it fails', async () => {
    const asked: Record<string, unknown>[] = [];
    const get = async (url: string, params?: Record<string, unknown>) => {
      asked.push({ url, ...params });
      const taken = params?.fieldVal === 'XY001';
      return {
        success: !taken,
        message: taken ? '箱号已被占用' : '该值可用！',
        code: 200,
        timestamp: 0,
        result: null,
      };
    };
    testProviders({ get: get as DataProvider['get'] });
    const initial = [row('s1', { crateNo: 'XY009' })];
    const { result } = renderHook(() =>
      useGrid([crate], initial, { title: '借展明细', table: 'museum_loan_item' }),
    );
    // a saved row's value passed when it was saved: nothing is asked
    let ok = false;
    act(() => void (ok = result.current.validate()));
    expect(ok).toBe(true);
    expect(asked).toEqual([]);

    act(() => result.current.setCell('s1', 'crateNo', 'XY001'));
    expect(result.current.errors['s1:crateNo']).toBe('正在校验，请稍候');
    act(() => void (ok = result.current.validate()));
    expect(ok).toBe(false);
    // the server's answer, which its save would give too
    await waitFor(() => expect(result.current.errors['s1:crateNo']).toBe('箱号已被占用'));
    expect(asked).toEqual([
      {
        url: '/sys/duplicate/check',
        tableName: 'museum_loan_item',
        fieldName: 'crateNo',
        fieldVal: 'XY001',
        dataId: 's1',
      },
    ]);
    act(() => void (ok = result.current.validate()));
    expect(ok).toBe(false);

    act(() => result.current.setCell('s1', 'crateNo', 'XY002'));
    await waitFor(() => expect(result.current.errors['s1:crateNo']).toBeUndefined());
    act(() => void (ok = result.current.validate()));
    expect(ok).toBe(true);
  });
});

describe('handler rules in documents', () => {
  const crates = (rules: unknown[], extra: Record<string, unknown> = {}) =>
    loadCatalog([
      { path: 'system/menus.json', json: { kind: 'menus', groups: [{ key: 'g', title: '组', order: 1 }] } },
      {
        path: 'g/crate.json',
        json: {
          kind: 'entity',
          code: 'g_crate',
          title: '箱',
          table: 'g_crate',
          permission: 'g:crate:',
          fields: [{ key: 'crateNo', title: '箱号', type: 'input', validateRules: rules, ...extra }],
        },
      },
    ]).problems.map((p) => `${p.path}: ${p.message}`);

  it('names only a registered handler, and one the server can answer for the field', () => {
    expect(crates([{ unique: true }, { handler: 'duplicate' }])).toEqual([]);
    expect(crates([{ handler: 'checkRule' }], { checkRule: 'crate_no' })).toEqual([]);
    expect(crates([{ handler: 'duplicate' }])).toEqual([
      "/fields/0/validateRules/0/handler: handler 'duplicate' needs a unique rule on the field",
    ]);
    expect(crates([{ handler: 'checkRule' }])).toEqual([
      "/fields/0/validateRules/0/handler: handler 'checkRule' needs the field's checkRule",
    ]);
    expect(crates([{ handler: 'eval' }]).join()).toMatch(/handler/);
  });

  it('gives a handler no message of its own: the grid says what the save says', () => {
    expect(
      crates([
        { unique: true, message: '箱号已被占用' },
        { handler: 'duplicate', message: '另一句' },
      ]),
    ).toEqual([
      "/fields/0/validateRules/1/message: a handler rule says the server check's message; declare it on the unique rule or the check rule",
    ]);
  });
});

describe('grid column widths', () => {
  it('a date 135, a date-time 200, a user select 220, a department select 160; others the grid default', () => {
    const width = (type: FieldDoc['type']) => partsOf({ type }).gridWidth;
    expect([width('date'), width('datetime'), width('sel_user'), width('sel_depart')]).toEqual([
      135, 200, 220, 160,
    ]);
    expect(width('input')).toBeUndefined();
  });
});
