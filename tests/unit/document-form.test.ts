import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormValidation } from '@rjsf/utils';
import { toErrorList } from '@rjsf/utils';
import type { DictOption } from '../../renderers/common/dict';
import { toFormData, toPayload } from '../../renderers/form/form-data';
import { toJsonSchema, toUiSchema } from '../../renderers/form/schema';
import { customValidate, serverErrors, transformErrors } from '../../renderers/form/validation';
import { formValidator } from '../../renderers/form/validator';
import type { EntityDocument } from '../../src/core/document/types';

/** the real 计量单位 document, as the server sends it */
const unit = JSON.parse(fs.readFileSync('schemas/base/unit.json', 'utf8')) as EntityDocument;

const options: Record<string, DictOption[]> = {
  unitType: [
    { value: '1', text: '重量' },
    { value: '2', text: '长度' },
  ],
  status: [
    { value: '1', text: '启用' },
    { value: '0', text: '停用' },
  ],
};

/** every field type the form draws differently, in one document */
const kinds: EntityDocument = {
  ...unit,
  code: 'kinds',
  fields: [
    { key: 'flag', title: '是否公开', type: 'switch' },
    { key: 'onDate', title: '生效日期', type: 'date' },
    { key: 'at', title: '时间', type: 'datetime' },
    { key: 'qty', title: '数量', type: 'inputNumber', dbType: 'int' },
    { key: 'price', title: '单价', type: 'inputNumber' },
    { key: 'tags', title: '标签', type: 'list_multi', dictCode: 'tags' },
    { key: 'secret', title: '口令', type: 'input', form: false },
    { key: 'memo', title: '说明', type: 'textarea', readonly: true },
  ],
};

function runValidate(doc: EntityDocument, data: Record<string, unknown>): Record<string, string[]> {
  const handlers: Record<string, FormValidation> = {};
  customValidate(doc)(data, handlers as never, undefined as never, undefined as never);
  return Object.fromEntries(
    toErrorList(handlers as never).map((e) => [e.property?.replace(/^\./, '') ?? '', [e.message ?? '']]),
  );
}

describe('document → rjsf JSON Schema', () => {
  it('carries types, required fields, option enums and add-mode defaults', () => {
    const schema = toJsonSchema(unit, 'add', options);
    expect(schema.required).toEqual(['name', 'code', 'unitType', 'status']);
    expect(schema.properties).toMatchObject({
      name: { type: 'string', title: '单位名称' },
      unitType: { type: 'string', enum: ['1', '2'] },
      status: { type: 'string', enum: ['1', '0'], default: '1' },
      remark: { type: 'string', title: '备注' },
    });
    // an edit shows the record as it is: no defaults fill its gaps
    expect(toJsonSchema(unit, 'edit', options).properties!.status as object).not.toHaveProperty('default');
  });

  it('maps the other field types; a switch starts on its second option (N)', () => {
    const p = toJsonSchema(kinds, 'add').properties!;
    expect(p.flag).toMatchObject({ type: 'string', enum: ['Y', 'N'], default: 'N' });
    expect(p.onDate).toMatchObject({ type: 'string', format: 'date' });
    expect(p.qty).toMatchObject({ type: 'integer' });
    expect(p.price).toMatchObject({ type: 'number' });
    expect(p).not.toHaveProperty('secret');
    // no minimum/maximum: antd's InputNumber would clamp to them and hide the error
    expect(JSON.stringify(p)).not.toMatch(/minimum|maximum|maxLength/);
  });
});

describe('document → uiSchema', () => {
  it('picks a widget and a placeholder per type, and hides rjsf’s own submit button', () => {
    const ui = toUiSchema(unit, 'add', options);
    expect(ui['ui:submitButtonOptions']).toEqual({ norender: true });
    expect(ui.name).toMatchObject({ 'ui:placeholder': '请输入单位名称', 'ui:readonly': false });
    expect(ui.unitType).toMatchObject({ 'ui:widget': 'field:select', 'ui:placeholder': '请选择单位类型' });
    expect(ui.unitType['ui:options'].dictOptions).toEqual(options.unitType);
    expect(ui.status['ui:widget']).toBe('field:radio');
    expect(ui.remark['ui:widget']).toBe('textarea');
  });

  it('a fixedParent tree offers the parent only when adding, and says so when editing', () => {
    const category = JSON.parse(fs.readFileSync('schemas/system/category.json', 'utf8')) as EntityDocument;
    expect(toUiSchema(category, 'add').pid).toMatchObject({ 'ui:readonly': false });
    expect(toUiSchema(category, 'add').pid['ui:help']).toBeUndefined();
    expect(toUiSchema(category, 'edit').pid).toMatchObject({
      'ui:readonly': true,
      'ui:help': '上级分类只能在新增时选择',
    });
    expect(toUiSchema(category, 'edit').name['ui:readonly']).toBe(false);
    // other trees may move a node
    const area = JSON.parse(fs.readFileSync('schemas/base/area.json', 'utf8')) as EntityDocument;
    expect(toUiSchema(area, 'edit').pid['ui:readonly']).toBe(false);
  });

  it('detail is read-only throughout; read-only fields stay read-only in add', () => {
    expect(
      Object.entries(toUiSchema(unit, 'detail'))
        .filter(([k]) => !k.startsWith('ui:'))
        .every(([, v]) => v['ui:readonly']),
    ).toBe(true);
    const ui = toUiSchema(kinds, 'add');
    expect(ui.memo['ui:readonly']).toBe(true);
    expect(ui.flag['ui:widget']).toBe('field:switch');
    expect(ui.onDate['ui:options']).toMatchObject({ format: 'YYYY-MM-DD' });
    expect(ui.at['ui:options']).toMatchObject({ format: 'YYYY-MM-DD HH:mm:ss' });
    expect(ui.tags['ui:options']).toMatchObject({ multiple: true });
  });
});

describe('form validation messages come from the document', () => {
  it('required and pattern rules say what the document says', () => {
    expect(runValidate(unit, {})).toEqual({
      name: ['请输入单位名称'],
      code: ['请输入单位编码'],
      unitType: ['请选择单位类型'],
      status: ['请选择状态'],
    });
    expect(runValidate(unit, { name: '克', code: 'bad code', unitType: '1', status: '1' })).toEqual({
      code: ['单位编码只能包含字母、数字、下划线和中划线'],
    });
    expect(runValidate(unit, { name: '克', code: 'G2', unitType: '1', status: '1' })).toEqual({});
  });

  it('an option outside the dictionary gets the server’s wording; ajv’s other English is dropped', () => {
    const errors = transformErrors(unit)([
      {
        name: 'enum',
        property: '.unitType',
        message: 'must be equal to one of the allowed values',
        stack: '',
      },
      { name: 'required', property: '.name', message: "must have required property 'name'", stack: '' },
    ]);
    expect(errors.map((e) => e.message)).toEqual(['单位类型的值不在可选范围内']);
  });

  it('the form validator (no ajv: the CSP allows no eval) finds an option outside the dictionary beside the project’s checks', () => {
    const schema = toJsonSchema(unit, 'edit', options);
    const run = (data: Record<string, unknown>) =>
      formValidator
        .validateFormData(data, schema, customValidate(unit), transformErrors(unit))
        .errors.map((e) => `${e.property} ${e.message}`);
    expect(run({ name: '克', code: 'bad code', unitType: '9', status: '1' })).toEqual([
      '.unitType 单位类型的值不在可选范围内',
      '.code 单位编码只能包含字母、数字、下划线和中划线',
      '.unitType 请选择单位类型',
    ]);
    expect(run({ name: '克', code: 'G2', unitType: '1', status: '1' })).toEqual([]);
    expect(formValidator.isValid(schema, { unitType: '9' }, schema)).toBe(false);
    expect(formValidator.isValid(schema, { unitType: '2' }, schema)).toBe(true);
  });

  it('server errors land under their fields', () => {
    expect(serverErrors([{ field: 'code', message: '单位编码已存在' }])).toEqual({
      code: { __errors: ['单位编码已存在'] },
    });
  });
});

describe('records in and out of the form', () => {
  it('a record becomes form data of the form’s fields only, options as text', () => {
    const record = {
      id: '1',
      name: '千克',
      unitType: 1,
      status: '1',
      remark: null,
      unitType_dictText: '重量',
      createTime: 'x',
    };
    expect(toFormData(unit, record)).toEqual({ name: '千克', unitType: '1', status: '1' });
  });

  it('an edit sends every field (emptied ones as null), the id and the version read; an add sends what was filled', () => {
    const data = { name: '千克', code: 'KG', unitType: '1', status: '1', symbol: '' };
    expect(toPayload(unit, 'add', data)).toEqual({ name: '千克', code: 'KG', unitType: '1', status: '1' });
    expect(toPayload(unit, 'edit', data, { id: 'id-1', updateTime: '2026-11-26 08:00:00' })).toEqual({
      id: 'id-1',
      updateTime: '2026-11-26 08:00:00',
      name: '千克',
      code: 'KG',
      unitType: '1',
      status: '1',
      symbol: null,
      remark: null,
    });
    // read-only fields are the server's to fill
    expect(toPayload(kinds, 'add', { memo: 'x', flag: 'Y' })).toEqual({ flag: 'Y' });
  });
});
