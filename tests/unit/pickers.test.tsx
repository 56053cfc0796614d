// @vitest-environment jsdom
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { toUiSchema } from '../../renderers/form/schema';
import { PickerWidget } from '../../renderers/form/widgets/PickerWidget';
import { FORM_PARTS, loadFieldParts } from '../../renderers/fields/parts';
import { formWidgets } from '../../renderers/form/widgets';
import { dictTextNames, isMultiple, toggle, unnamed, withNames } from '../../renderers/pickers/picked';
import { popupView, searchParams } from '../../renderers/pickers/popup-api';
import { pickerOf } from '../../renderers/pickers/registry';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { stubAntdDom } from './support/antd-dom';

const userNames = vi.hoisted(() => vi.fn(async (ids: string[]) => new Map(ids.map((i) => [i, `名字${i}`]))));
vi.mock('../../renderers/pickers/user-api', () => ({ userNames, pageUsers: vi.fn() }));

const doc = (path: string) => JSON.parse(fs.readFileSync(path, 'utf8')) as EntityDocument;
const user = doc('schemas/system/user.json');
const announcement = doc('schemas/system/announcement.json');
const field = (d: EntityDocument, key: string) => d.fields.find((f) => f.key === key)!;

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  userNames.mockClear();
});

describe('picker values ↔ names', () => {
  const a = new Map([['d1', '藏品部']]);
  const b = new Map([
    ['d1', '旧名'],
    ['d2', '数字化部'],
  ]);

  it('names each stored value from the first source that knows it, else shows the value', () => {
    expect(withNames(['d1', 'd2', 'd3'], a, b)).toEqual([
      { value: 'd1', label: '藏品部' },
      { value: 'd2', label: '数字化部' },
      { value: 'd3', label: 'd3' },
    ]);
    expect(unnamed(['d1', 'd2', 'd3'], a, b)).toEqual(['d3']);
  });

  it('reads a record’s _dictText item by item, and nothing when the two lists do not match', () => {
    expect([...dictTextNames('u1,u2', '张伟,李娜')]).toEqual([
      ['u1', '张伟'],
      ['u2', '李娜'],
    ]);
    expect(dictTextNames('u1,u2', '张伟').size).toBe(0);
    expect(dictTextNames(undefined, '张伟').size).toBe(0);
  });

  it('single-select keeps only the most recently checked item; multi-select keeps all', () => {
    const one = { value: '1', label: '一' };
    const two = { value: '2', label: '二' };
    expect(toggle([one], two, true, true)).toEqual([one, two]);
    expect(toggle([one], two, true, false)).toEqual([two]);
    expect(toggle([one, two], one, false, true)).toEqual([two]);
    // checking again does not duplicate
    expect(toggle([one, two], one, true, true)).toEqual([two, one]);
  });

  it('pickers are multi-select unless the field says multi: false (sel_search: single by default)', () => {
    expect(isMultiple({ key: 'u', title: '用户', type: 'sel_user' })).toBe(true);
    expect(isMultiple({ key: 'd', title: '部门', type: 'sel_depart', multi: false })).toBe(false);
    expect(isMultiple({ key: 'r', title: '角色', type: 'sel_search', popupCode: 'sys_role' })).toBe(false);
    expect(isMultiple(field(doc('schemas/system/depart-role.json'), 'departId'))).toBe(false);
  });
});

describe('which fields get a picker', () => {
  it('sel_depart, sel_user and popupCode fields are drawn with the picker widget, other types keep their editor', async () => {
    const ui = toUiSchema(user, 'add');
    const fields = [...user.fields, ...announcement.fields];
    await loadFieldParts(fields, FORM_PARTS);
    const widgets = formWidgets(fields);
    const drawnWith = (key: string, uiSchema = ui) => widgets[uiSchema[key]['ui:widget'] as string];
    expect(drawnWith('selecteddeparts')).toBe(PickerWidget);
    expect(drawnWith('departIds')).toBe(PickerWidget);
    expect(drawnWith('selectedroles')).toBe(PickerWidget);
    expect(drawnWith('post')).toBe(PickerWidget);
    expect(ui.relTenantIds['ui:widget']).toBe('field:list_multi');
    expect(drawnWith('relTenantIds')).not.toBe(PickerWidget);
    expect(ui.selecteddeparts['ui:placeholder']).toBe('请选择所属部门');
    // 指定用户 shows (its when rule) while 通告对象 is USER
    expect(drawnWith('userIds', toUiSchema(announcement, 'add', {}, { msgType: 'USER' }))).toBe(PickerWidget);
  });

  it('chooses the picker by type, else by the field’s popupCode', () => {
    expect(pickerOf(field(user, 'selecteddeparts'))).toBe('depart');
    expect(pickerOf(field(announcement, 'userIds'))).toBe('user');
    expect(pickerOf(field(user, 'selectedroles'))).toBe('popup');
    expect(pickerOf(field(user, 'post'))).toBe('popup');
    expect(pickerOf(field(user, 'relTenantIds'))).toBeNull();
  });

  it('a popup picker is read off its document: title, listed columns, searched fields, stored and named keys', () => {
    const role = doc('schemas/system/role.json');
    const roles = popupView({ ...role, api: '/sys/role' }, field(user, 'selectedroles'));
    expect(roles).toMatchObject({
      title: '角色管理选择',
      api: '/sys/role',
      searchFields: ['roleName', 'roleCode'],
      searchPlaceholder: '请输入角色名称或角色编码',
      valueKey: 'id',
      labelKey: 'roleName',
    });
    expect(roles.columns.map((c) => c.title)).toEqual(['角色名称', '角色编码', '描述']);
    const posts = popupView(doc('schemas/system/position.json'), field(user, 'post'));
    expect(posts).toMatchObject({ title: '职务管理选择', valueKey: 'code', labelKey: 'name' });
    // a select (职级) is searched by its value, not by words: the box searches the text fields only
    expect(posts.searchFields).toEqual(['code', 'name']);
    expect(searchParams(roles, ' 审计 ')).toEqual({
      superQueryParams: JSON.stringify([
        { field: 'roleName', rule: 'like', val: '审计' },
        { field: 'roleCode', rule: 'like', val: '审计' },
      ]),
      superQueryMatchType: 'or',
    });
    expect(searchParams(roles, '  ')).toEqual({});
  });
});

function widget(f: FieldDoc, value: string, { options, ...extra }: Partial<WidgetProps> = {}) {
  const props = {
    id: `form_${f.key}`,
    name: f.key,
    value,
    registry: { formContext: {} },
    onChange: vi.fn(),
    ...extra,
    options: { fieldDoc: f, ...options },
  } as unknown as WidgetProps;
  render(<PickerWidget {...props} />);
  return props;
}

describe('the picker widget', () => {
  it('shows the names of stored ids: the record’s _dictText first, the server for the rest', async () => {
    const f = field(announcement, 'userIds');
    widget(f, 'u1,u2,u3', {
      registry: { formContext: { record: { userIds: 'u1,u2', userIds_dictText: '张伟,李娜' } } },
    } as Partial<WidgetProps>);
    expect(screen.getByText('张伟')).toBeTruthy();
    expect(screen.getByText('李娜')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('名字u3')).toBeTruthy());
    expect(userNames).toHaveBeenCalledWith(['u3']);
    expect(screen.getByRole('button', { name: '选择指定用户' })).toBeTruthy();
  });

  it('names role ids from the field’s options without asking the server', () => {
    const f = field(user, 'selectedroles');
    widget(f, 'role_auditor', {
      options: { dictOptions: [{ value: 'role_auditor', text: '审计员' }] },
    } as Partial<WidgetProps>);
    expect(screen.getByText('审计员')).toBeTruthy();
    expect(userNames).not.toHaveBeenCalled();
  });
});
