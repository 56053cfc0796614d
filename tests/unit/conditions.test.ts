import { describe, expect, it } from 'vitest';
import { fieldState, type Condition } from '../../src/core/document/conditions';
import { loadCatalog, type SourceFile } from '../../src/core/document/load';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { isRequired, validateRecord } from '../../src/core/validation/validate';
import { toJsonSchema, toUiSchema } from '../../renderers/form/schema';

const isUser: Condition = { '==': [{ var: 'kind' }, 'USER'] };
const recipients: FieldDoc = {
  key: 'recipients',
  title: '接收人',
  type: 'input',
  validateRules: [{ pattern: 'n', message: '只能是数字' }],
  when: { visible: isUser, required: isUser, disabled: { '==': [{ var: 'locked' }, '1'] } },
};
const doc = {
  kind: 'entity',
  code: 'notice',
  title: '通知',
  table: 'notice',
  permission: 'notice:',
  fields: [
    { key: 'kind', title: '对象', type: 'input' },
    recipients,
    { key: 'locked', title: '锁定', type: 'input' },
  ],
} as unknown as EntityDocument;

describe('a field’s when rules', () => {
  it('show, disable and require the field by the values', () => {
    expect(fieldState(recipients, { kind: 'ALL' })).toEqual({
      hidden: true,
      disabled: false,
      required: false,
    });
    expect(fieldState(recipients, { kind: 'USER', locked: '1' })).toEqual({
      hidden: false,
      disabled: true,
      required: true,
    });
    expect(isRequired(recipients, { kind: 'USER' })).toBe(true);
    expect(isRequired(recipients, { kind: 'ALL' })).toBe(false);
  });

  it('the server’s validation requires by the rule and skips a hidden field’s rules', () => {
    expect(validateRecord(doc, { kind: 'USER', recipients: '' })).toEqual([
      { field: 'recipients', message: '请输入接收人!' },
    ]);
    expect(validateRecord(doc, { kind: 'USER', recipients: 'x' })).toEqual([
      { field: 'recipients', message: '只能是数字' },
    ]);
    expect(validateRecord(doc, { kind: 'ALL', recipients: 'x' })).toEqual([]);
  });

  it('the form hides, disables and requires by the values being typed', () => {
    expect(toUiSchema(doc, 'add', {}, { kind: 'ALL' }).recipients['ui:widget']).toBe('hidden');
    const shown = toUiSchema(doc, 'add', {}, { kind: 'USER', locked: '1' }).recipients;
    expect(shown['ui:widget']).toBeUndefined();
    expect(shown['ui:disabled']).toBe(true);
    expect(toJsonSchema(doc, 'add', {}, { kind: 'USER' }).required).toEqual(['recipients']);
    expect(toJsonSchema(doc, 'add', {}, { kind: 'ALL' }).required).toEqual([]);
  });

  it('schemas:check refuses a rule that reads no field of the document', () => {
    const file: SourceFile = {
      path: 'x/notice.json',
      json: { ...doc, fields: [{ ...recipients, when: { visible: { '==': [{ var: 'kidn' }, 'USER'] } } }] },
    };
    const { problems } = loadCatalog([file]);
    expect(problems).toContainEqual({
      file: 'x/notice.json',
      path: '/fields/0/when',
      message: "a when rule reads 'kidn', which is not a field of this document",
    });
  });
});

describe('a field’s altTitle and a conditional required rule', () => {
  const isButton: Condition = { '==': [{ var: 'kind' }, '2'] };
  const name: FieldDoc = {
    key: 'name',
    title: '菜单名称',
    type: 'input',
    altTitle: { when: isButton, title: '按钮/权限名称', placeholder: '如 添加' },
    validateRules: [{ required: true, message: '请输入{title}' }],
  };
  const component: FieldDoc = {
    key: 'component',
    title: '前端组件',
    type: 'input',
    when: { required: { '==': [{ var: 'kind' }, '1'] } },
    validateRules: [{ required: true, message: '请输入前端组件' }],
  };
  const menu = {
    ...doc,
    fields: [{ key: 'kind', title: '类型', type: 'input' }, name, component],
  } as EntityDocument;

  it('names the field by the values: its title, placeholder and required message', () => {
    expect(toJsonSchema(menu, 'add', {}, { kind: '2' }).properties!.name).toMatchObject({
      title: '按钮/权限名称',
    });
    expect(toJsonSchema(menu, 'add', {}, { kind: '0' }).properties!.name).toMatchObject({
      title: '菜单名称',
    });
    expect(toUiSchema(menu, 'add', {}, { kind: '2' }).name['ui:placeholder']).toBe('如 添加');
    expect(validateRecord(menu, { kind: '2', name: '', component: 'x' })).toEqual([
      { field: 'name', message: '请输入按钮/权限名称' },
    ]);
    expect(validateRecord(menu, { kind: '0', name: '', component: 'x' })).toEqual([
      { field: 'name', message: '请输入菜单名称' },
    ]);
  });

  it('a required rule beside when.required gives the message while the rule holds, and nothing else', () => {
    expect(validateRecord(menu, { kind: '1', name: 'a', component: '' })).toEqual([
      { field: 'component', message: '请输入前端组件' },
    ]);
    expect(validateRecord(menu, { kind: '0', name: 'a', component: '' })).toEqual([]);
    expect(toJsonSchema(menu, 'add', {}, { kind: '0' }).required).toEqual(['name']);
  });
});
