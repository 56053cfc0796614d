import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, get, post, put, uniq } from './setup/client';
import { newUser } from './setup/users';

/**
 * Check rules (/sys/checkRule, checkByCode with the segment semantics of reference 2.9) and fill rules
 * (/sys/fillRule, executeRuleByCode[Batch]) with the demo rules of fixtures/demo.
 */

let token = '';
let user: { token: string };
beforeAll(async () => {
  token = await adminToken();
  user = await newUser();
});

const checkByCode = (ruleCode: string, value: string, as = token) =>
  get('/sys/checkRule/checkByCode', as, { ruleCode, value: encodeURIComponent(value) });
const execute = (ruleCode: string, formData: object = {}, as = token) =>
  put(`/sys/fillRule/executeRuleByCode/${ruleCode}`, formData, as);

describe('checkByCode', () => {
  it('passes a value that matches every segment (any signed-in user may ask)', async () => {
    const { json } = await checkByCode('collection_no', 'CP2024-0001', user.token);
    expect(json).toMatchObject({ success: true, code: 200 });
  });

  it('answers the first failing segment: its message, slice and indexes', async () => {
    const lower = await checkByCode('collection_no', 'cp2024-0001');
    expect(lower.json).toMatchObject({
      success: false,
      code: 500,
      message: '前两位须是大写字母（藏品类别）',
      result: { digits: '2', beginIndex: 0, endIndex: 2, checkValue: 'cp', passed: false },
    });
    const year = await checkByCode('collection_no', 'CP20X4-0001');
    expect(year.json).toMatchObject({ message: '第3到6位须是入藏年份', result: { checkValue: '20X4' } });
    const whole = await checkByCode('collection_no', 'CP2024/0001');
    expect(whole.json).toMatchObject({ success: false, result: { digits: '*', checkValue: 'CP2024/0001' } });
  });

  it('an unknown code is 该编码不存在', async () => {
    expect((await checkByCode(`nope_${uniq()}`, 'x')).json).toMatchObject({
      success: false,
      message: '该编码不存在',
    });
  });

  it('a new rule takes effect at once; rule JSON it cannot run is refused', async () => {
    const ruleCode = `r_${uniq()}`;
    const bad = await post(
      '/sys/checkRule/add',
      { ruleName: '坏规则', ruleCode, ruleJson: '[{"digits":"*","pattern":"(","message":"m"}]' },
      token,
    );
    expect(bad.json).toMatchObject({ success: false, message: '第 1 段规则的正则表达式不正确' });
    const add = await post(
      '/sys/checkRule/add',
      {
        ruleName: '三位数字',
        ruleCode,
        ruleJson: '[{"digits":"*","pattern":"\\\\d{3}","message":"须是三位数字"}]',
      },
      token,
    );
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    expect((await checkByCode(ruleCode, '123')).json.success).toBe(true);
    expect((await checkByCode(ruleCode, '12a')).json).toMatchObject({
      success: false,
      message: '须是三位数字',
    });
    const edit = await put('/sys/checkRule/edit', { id: add.json.result, ruleJson: 'x' }, token);
    expect(edit.json).toMatchObject({ success: false, message: '规则JSON不是合法的 JSON' });
  });

  it('rule administration needs its codes (510 for a user without them)', async () => {
    expect((await get('/sys/checkRule/list', user.token)).json).toMatchObject({ success: false, code: 510 });
    const add = await post(
      '/sys/checkRule/add',
      { ruleName: 'x', ruleCode: `r_${uniq()}`, ruleJson: '[]' },
      user.token,
    );
    expect(add.json).toMatchObject({ success: false, code: 510 });
  });
});

describe('executeRuleByCode', () => {
  const today = () => {
    const d = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    return d.replace(/-/g, '');
  };

  it('an order number is prefix + date + a sequence that goes up by one', async () => {
    const a = (await execute('shop_order_num')).json;
    expect(a).toMatchObject({ success: true, code: 200 });
    expect(a.result).toMatch(new RegExp(`^CN${today()}\\d{4}$`));
    const b = (await execute('shop_order_num', {}, user.token)).json.result;
    expect(Number(b.slice(-4))).toBeGreaterThan(Number(a.result.slice(-4)));
  });

  it('never repeats a number under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => execute('collection_reg_no')));
    const values = results.map((r) => r.json.result as string);
    expect(results.every((r) => r.json.success)).toBe(true);
    expect(new Set(values).size).toBe(40);
    expect(values.every((v) => /^DJ\d{4}\d{5}$/.test(v))).toBe(true);
  });

  it('department org codes: the next free code under the parent, or at the root', async () => {
    const child = (await execute('org_num_role', { parentId: 'dep_museum' })).json;
    expect(child.success).toBe(true);
    expect(child.result).toMatch(/^A01A\d\d$/);
    expect(child.result > 'A01A03').toBe(true);
    const root = (await execute('org_num_role', {})).json.result;
    expect(root).toMatch(/^[A-Z]\d\d$/);
    expect(root > 'A02').toBe(true);
    expect((await execute('org_num_role', { parentId: 'no_such' })).json).toMatchObject({
      success: false,
      message: '上级部门不存在',
    });
  });

  it('batch: [{ruleCode, result}] in order, formData falling back to commonFormData', async () => {
    const { json } = await put(
      '/sys/fillRule/executeRuleByCodeBatch',
      {
        commonFormData: { parentId: 'dep_museum' },
        rules: [{ ruleCode: 'shop_order_num' }, { ruleCode: 'org_num_role', formData: null }],
      },
      token,
    );
    expect(json.success).toBe(true);
    expect(json.result.map((r: any) => r.ruleCode)).toEqual(['shop_order_num', 'org_num_role']);
    expect(json.result[1].result).toMatch(/^A01A\d\d$/);
  });

  it('an unknown or malformed rule code is refused', async () => {
    expect((await execute(`nope_${uniq()}`)).json).toMatchObject({ success: false });
    expect((await execute('a%20b')).json).toMatchObject({ success: false, message: '规则编码格式不正确' });
    const body = await call('PUT', '/sys/fillRule/executeRuleByCode/shop_order_num', {
      token,
      rawBody: '[1,2]',
    });
    expect(body.json).toMatchObject({ success: false, message: '表单数据必须是 JSON 对象' });
  });

  it('a fill rule names a generator of the registry, with parameters it accepts', async () => {
    const base = { ruleName: '测试', ruleCode: `f_${uniq()}` };
    const unknown = await post('/sys/fillRule/add', { ...base, generator: 'java.lang.Runtime' }, token);
    expect(unknown.json).toMatchObject({ success: false, message: '生成器的值不在可选范围内' });
    const badParams = await post(
      '/sys/fillRule/add',
      { ...base, generator: 'order_num', ruleParams: '{"digits":99}' },
      token,
    );
    expect(badParams.json).toMatchObject({ success: false, message: '参数 digits 须是 1 到 12 的整数' });
    const ok = await post(
      '/sys/fillRule/add',
      { ...base, generator: 'order_num', ruleParams: '{"prefix":"T","dateFormat":"","digits":3}' },
      token,
    );
    expect(ok.json.success).toBe(true);
    expect((await execute(base.ruleCode)).json.result).toBe('T001');
    expect((await execute(base.ruleCode)).json.result).toBe('T002');
  });
});
