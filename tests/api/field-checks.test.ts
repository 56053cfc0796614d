import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, put, uniq } from './setup/client';
import { PASSWORD } from './setup/access';

/**
 * Issue 8 item 11: what a form checks as the user types (/sys/duplicate/check for unique fields,
 * /sys/checkRule/checkByCode for a field naming a check rule) says exactly what the save says.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const duplicate = (query: Record<string, string>) => get('/sys/duplicate/check', admin, query);

/** a save's refusal: its message, and the field it names */
async function refusal(res: Promise<{ json: any }>) {
  const { json } = await res;
  expect(json.success).toBe(false);
  return { message: json.message as string, fields: (json.result?.errors ?? []).map((e: any) => e.field) };
}

describe('a unique field is checked as typed with the message of its save', () => {
  const phone = `13${String(Date.now()).slice(-9)}`;
  const cases = [
    {
      label: '用户账号',
      check: { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' },
      save: () => post('/sys/user/add', { username: 'admin', realname: '重名', password: PASSWORD }, admin),
      field: 'username',
      message: '用户账号已存在',
    },
    {
      label: '手机号码',
      check: { tableName: 'sys_user', fieldName: 'phone', fieldVal: phone },
      save: () => post('/sys/user/add', { username: `p_${uniq()}`, realname: '同号', phone }, admin),
      field: 'phone',
      message: '手机号码已存在',
    },
    {
      label: '单位编码',
      check: { tableName: 'base_unit', fieldName: 'code', fieldVal: 'KG' },
      save: () =>
        post('/base/unit/add', { name: '又一个千克', code: 'KG', unitType: '3', status: '1' }, admin),
      field: 'code',
      message: '单位编码已存在',
    },
    {
      label: '字典编码',
      check: { tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'sex' },
      save: () => post('/sys/dict/add', { dictName: '性别二', dictCode: 'sex' }, admin),
      field: 'dictCode',
      message: '字典编码已存在',
    },
  ];

  beforeAll(async () => {
    const first = await post(
      '/sys/user/add',
      { username: `ph_${uniq()}`, realname: '有手机的人', phone, password: PASSWORD },
      admin,
    );
    expect(first.json.success, first.json.message).toBe(true);
  });

  for (const c of cases)
    it(`${c.label}: ${c.message}, as typed and on save`, async () => {
      const typed = await duplicate(c.check);
      expect(typed.json).toMatchObject({ success: false, message: c.message });
      const saved = await refusal(c.save());
      expect(saved).toEqual({ message: c.message, fields: [c.field] });
    });

  it('an empty value is not checked; a free one is 该值可用！', async () => {
    for (const fieldVal of ['', `free${uniq()}`])
      expect(
        (await duplicate({ tableName: 'sys_user', fieldName: 'username', fieldVal })).json,
      ).toMatchObject({
        success: true,
        message: '该值可用！',
      });
  });

  it('a dictionary item value is checked within its dictionary, like its save and the drawer check', async () => {
    const sex = (await get('/sys/dict/list', admin, { dictCode: 'sex' })).json.result.records[0];
    const message = '该值不可用，当前字典中已存在！';
    const asTyped = await duplicate({
      tableName: 'sys_dict_item',
      fieldName: 'itemValue',
      fieldVal: '1',
      dictId: sex.id,
    });
    expect(asTyped.json).toMatchObject({ success: false, message });
    const drawer = await get('/sys/dictItem/dictItemCheck', admin, { dictId: sex.id, itemValue: '1' });
    expect(drawer.json).toMatchObject({ success: false, message });
    const saved = await refusal(
      post('/sys/dictItem/add', { dictId: sex.id, itemValue: '1', itemText: '又一个男' }, admin),
    );
    expect(saved).toEqual({ message, fields: ['itemValue'] });
    // the same value in another dictionary is free
    const status = (await get('/sys/dict/list', admin, { dictCode: 'valid_status' })).json.result.records[0];
    const other = await duplicate({
      tableName: 'sys_dict_item',
      fieldName: 'itemValue',
      fieldVal: '9',
      dictId: status.id,
    });
    expect(other.json.success).toBe(true);
  });
});

describe("a field naming a check rule is checked on save with the rule's message", () => {
  const checkByCode = (value: string) =>
    get('/sys/checkRule/checkByCode', admin, { ruleCode: 'letter_first', value: encodeURIComponent(value) });

  it('职务编码 (letter_first): the save refuses what checkByCode refuses, with its message', async () => {
    const typed = await checkByCode('1abc');
    expect(typed.json).toMatchObject({ success: false, message: '编码须以字母开头' });
    const saved = await refusal(
      post('/sys/position/add', { code: '1abc', name: '数字开头', rank: '2' }, admin),
    );
    expect(saved).toEqual({ message: typed.json.message, fields: ['code'] });
    expect((await checkByCode('a1bc')).json.success).toBe(true);
    const add = await post(
      '/sys/position/add',
      { code: `a${uniq()}`.slice(0, 20), name: '字母开头', rank: '2' },
      admin,
    );
    expect(add.json.success, add.json.message).toBe(true);
    const edit = await put('/sys/position/edit', { id: add.json.result, code: '9x' }, admin);
    expect(edit.json.message).toBe('编码须以字母开头');
    await del('/sys/position/delete', admin, { id: add.json.result });
  });

  it('a rule a field names can be neither deleted nor given another code', async () => {
    const rule = (await get('/sys/checkRule/list', admin, { ruleCode: 'letter_first' })).json.result
      .records[0];
    const removed = await del('/sys/checkRule/delete', admin, { id: rule.id });
    expect(removed.json).toMatchObject({
      success: false,
      message: '校验规则 letter_first 正被“职务管理·职务编码”使用，不能删除',
    });
    const renamed = await put('/sys/checkRule/edit', { id: rule.id, ruleCode: 'other_code' }, admin);
    expect(renamed.json.message).toBe('校验规则 letter_first 正被“职务管理·职务编码”使用，不能修改编码');
    const described = await put('/sys/checkRule/edit', { id: rule.id, ruleDescription: '职务编码用' }, admin);
    expect(described.json.success).toBe(true);
    expect(
      (await get('/sys/checkRule/checkByCode', admin, { ruleCode: 'letter_first', value: 'x' })).json.success,
    ).toBe(true);
  });
});
