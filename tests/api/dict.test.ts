import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, uniq } from './setup/client';

/**
 * Dictionaries (reference 2.8) and the duplicate check (2.9): system codes, declared table
 * dictionaries with their 4th-part condition, loadDict / loadDictItem / loadTreeData, the cache
 * endpoints, and /sys/duplicate/check + checkWhere limited to document tables.
 */

let token = '';
beforeAll(async () => {
  token = await adminToken();
});

/** the answer to a dictionary that does not exist, or may not be read (they are the same) */
const REFUSED = '字典不存在或不允许访问';

const dictItems = (code: string) => get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, token);
const texts = (list: { text: string }[]) => list.map((o) => o.text);

/**
 * the demo units (fixtures/demo/base_unit.json): 箱 (BOX) is the only one with status 0. Other test
 * files may add units to the shared server, so counts are "at least" and membership is exact.
 */
const ACTIVE_UNITS = [
  '千克',
  '克',
  '米',
  '毫米',
  '个',
  '件',
  '套',
  '台',
  '升',
  '小时',
  '摄氏度',
  '相对湿度',
  '勒克斯',
  '毫米每秒',
];
const ALL_UNITS = ACTIVE_UNITS.length + 1;

describe('getDictItems', () => {
  it('a system code returns its items as {value, text, title, label} in sort order', async () => {
    const { status, json } = await dictItems('sex');
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    const units = await dictItems('unit_type');
    expect(units.json.result.map((o: any) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it("an empty code is '字典Code不能为空!'", async () => {
    for (const code of ['', ' ']) {
      const { status, json } = await dictItems(code);
      expect(status).toBe(200);
      expect(json).toMatchObject({ success: false, message: '字典Code不能为空!' });
    }
  });

  it('an unknown system code is an empty list, a malformed one a format error', async () => {
    expect((await dictItems('no_such_code')).json).toMatchObject({ success: true, result: [] });
    const bad = await dictItems('a b');
    expect(bad.json).toMatchObject({ success: false, message: '字典Code格式不正确！' });
  });

  it('a declared table dictionary (table,text,code) returns every row as options', async () => {
    const { json } = await dictItems('base_unit,name,code');
    expect(json.success).toBe(true);
    expect(json.result.length).toBeGreaterThanOrEqual(ALL_UNITS);
    expect(texts(json.result)).toEqual(expect.arrayContaining(ACTIVE_UNITS));
    expect(json.result).toContainEqual({ value: 'KG', text: '千克', title: '千克', label: '千克' });
    expect(texts(json.result)).toContain('箱');
    const users = await dictItems('sys_user,realname,username');
    expect(users.json.result).toContainEqual(expect.objectContaining({ value: 'admin', text: '管理员' }));
    expect(JSON.stringify(users.json)).not.toContain('scrypt');
  });

  it("a 4th-part condition status='1' filters the rows", async () => {
    const { json } = await dictItems("base_unit,name,code,status='1'");
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(texts(json.result)).toEqual(expect.arrayContaining(ACTIVE_UNITS));
    expect(texts(json.result)).not.toContain('箱');
    const off = await dictItems("base_unit,name,code,status='0'");
    expect(off.json.result).toContainEqual({ value: 'BOX', text: '箱', title: '箱', label: '箱' });
    expect(texts(off.json.result).filter((t) => ACTIVE_UNITS.includes(t))).toEqual([]);
  });

  it('a 4th-part condition in JSON form {"status":"1"} filters the same way', async () => {
    const { json } = await dictItems('base_unit,name,code,{"status":"1"}');
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(texts(json.result)).toEqual(expect.arrayContaining(ACTIVE_UNITS));
    expect(texts(json.result)).not.toContain('箱');
  });

  it('a long condition within the 300-character limit is answered like a short one', async () => {
    const condition = JSON.stringify({
      level: '1',
      has_child: '1',
      pid: 'area-86',
      code: '330000',
      name: '浙江省',
      id: 'area-330000',
    });
    const code = `base_area,name,id,${condition}`;
    expect(code.length).toBeGreaterThan(100);
    expect(code.length).toBeLessThan(300);
    const { status, json } = await dictItems(code);
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result).toEqual([{ value: 'area-330000', text: '浙江省', title: '浙江省', label: '浙江省' }]);
    const tooLong = await dictItems(`base_area,name,id,name='${'x'.repeat(400)}'`);
    expect(tooLong.json).toMatchObject({ success: false, code: 500 });
  });

  it('a condition on a declared column of a tree source works too (base_area level)', async () => {
    const { json } = await dictItems("base_area,name,id,level='1'");
    expect(json.success).toBe(true);
    expect(texts(json.result).sort()).toEqual(
      ['浙江省', '江苏省', '广东省', '陕西省', '四川省', '河南省'].sort(),
    );
    const j = await dictItems('base_area,name,id,{"level":"0"}');
    expect(j.json.result).toEqual([{ value: 'area-86', text: '中国', title: '中国', label: '中国' }]);
  });

  it('an undeclared table is refused with the one answer of an unknown dictionary', async () => {
    for (const code of [
      'sys_log,username,ip',
      // a grant table no document declares (sys_permission is 菜单管理's document now)
      'sys_role_permission,role_id,permission_id',
      'sys_sms_code,code_hash,mobile',
      'no_such_table,name,id',
    ]) {
      const { status, json } = await dictItems(code);
      expect(status).toBe(200);
      expect(json).toMatchObject({ success: false, code: 500, message: REFUSED, result: null });
    }
  });

  it('a secret or undeclared column is refused, also in the condition', async () => {
    for (const code of [
      'sys_user,username,password',
      'sys_user,password,username',
      'sys_user,salt,id',
      "sys_user,realname,username,password='x'",
      'sys_user,realname,username,{"password":"x"}',
      'base_unit,remark,code',
      "base_unit,name,code,remark='x'",
    ]) {
      const { json } = await dictItems(code);
      expect(json, code).toMatchObject({ success: false, code: 500, message: REFUSED });
      expect(JSON.stringify(json)).not.toContain('scrypt');
    }
    // a condition that is not column='text' or column=number is a syntax error, whatever the column
    for (const code of ['sys_user,realname,username,password=x', 'base_unit,name,code,name=x'])
      expect((await dictItems(code)).json, code).toMatchObject({
        success: false,
        message: '字典条件格式不正确，只支持 字段=值 的组合',
      });
  });

  it("fewer than 3 parts is '字典Code格式不正确！'", async () => {
    for (const code of ['a,b', 'base_unit,name']) {
      const { json } = await dictItems(code);
      expect(json).toMatchObject({ success: false, code: 500, message: '字典Code格式不正确！' });
    }
  });
});

describe('loadDict (search-select)', () => {
  const loadDict = (code: string, query: Record<string, string | number>) =>
    get(`/sys/dict/loadDict/${encodeURIComponent(code)}`, token, query);

  it('a keyword matches text or value with LIKE', async () => {
    const { json } = await loadDict('base_unit,name,code', { keyword: '米' });
    expect(json.success).toBe(true);
    expect(texts(json.result).sort()).toEqual(['毫米', '毫米每秒', '米'].sort());
    // 千克's text lacks kg: only its value (KG) matches. Other suites' units may match too
    // (random codes), so every option is checked to match rather than the list pinned.
    const byValue = await loadDict('base_unit,name,code', { keyword: 'kg' });
    expect(texts(byValue.json.result)).toContain('千克');
    for (const o of byValue.json.result) expect(`${o.text} ${o.value}`.toLowerCase()).toContain('kg');
  });

  it('LIKE wildcards in the keyword are literal', async () => {
    for (const keyword of ['%', '_']) {
      const { json } = await loadDict('base_unit,name,code', { keyword });
      expect(json).toMatchObject({ success: true, result: [] });
    }
  });

  it('a keyword with commas is an IN on values or texts (exact items)', async () => {
    const { json } = await loadDict('base_unit,name,code', { keyword: 'KG,G,' });
    expect(json.result.map((o: any) => o.value).sort()).toEqual(['G', 'KG']);
    const byText = await loadDict('base_unit,name,code', { keyword: '米,箱' });
    expect(byText.json.result.map((o: any) => o.value).sort()).toEqual(['BOX', 'M']);
  });

  it('pageSize limits the number of options; without it all come back', async () => {
    const limited = await loadDict('base_unit,name,code', { pageSize: 3 });
    expect(limited.json.result).toHaveLength(3);
    const all = await loadDict('base_unit,name,code', {});
    expect(all.json.result.length).toBeGreaterThanOrEqual(ALL_UNITS);
    expect(texts(all.json.result)).toEqual(expect.arrayContaining([...ACTIVE_UNITS, '箱']));
    const bad = await loadDict('base_unit,name,code', { pageSize: 'x' });
    expect(bad.json.success).toBe(false);
  });

  it('the keyword combines with the 4th-part condition', async () => {
    const cities = await loadDict("base_area,name,id,level='2'", { keyword: '州' });
    expect(cities.json.success).toBe(true);
    expect(texts(cities.json.result).sort()).toEqual(['广州市', '杭州市', '苏州市'].sort());
    const districts = await loadDict('base_area,name,id,{"level":"3"}', { keyword: '州' });
    expect(districts.json).toMatchObject({ success: true, result: [] });
  });

  it('is for table dictionaries only and follows the same allow-list', async () => {
    expect((await loadDict('sex', {})).json).toMatchObject({
      success: false,
      message: '字典Code格式不正确！',
    });
    expect((await loadDict('sys_user,username,password', {})).json.success).toBe(false);
    expect((await loadDict('sys_log,username,ip', { keyword: 'a' })).json.success).toBe(false);
  });
});

describe('loadDictItem (value → text)', () => {
  const loadDictItem = (code: string, query: Record<string, string>) =>
    get(`/sys/dict/loadDictItem/${encodeURIComponent(code)}`, token, query);

  it('returns the texts in the order of the keys, dropping unknown keys', async () => {
    const { json } = await loadDictItem('base_unit,name,code', { key: 'G,NOPE,KG' });
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result).toEqual(['克', '千克']);
    const reversed = await loadDictItem('base_unit,name,code', { key: 'KG,G' });
    expect(reversed.json.result).toEqual(['千克', '克']);
  });

  it('delNotExist=false keeps unknown keys as themselves', async () => {
    const { json } = await loadDictItem('base_unit,name,code', { key: 'G,NOPE,KG', delNotExist: 'false' });
    expect(json.result).toEqual(['克', 'NOPE', '千克']);
  });

  it('refuses undeclared sources and secret columns', async () => {
    expect((await loadDictItem('sys_user,password,username', { key: 'admin' })).json.success).toBe(false);
    expect((await loadDictItem('sys_log,username,ip', { key: 'admin' })).json.success).toBe(false);
  });
});

describe('loadTreeData', () => {
  const tree = (query: Record<string, string>) =>
    get('/sys/dict/loadTreeData', token, {
      tableName: 'base_area',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      ...query,
    });

  it('an empty pid returns the roots with {key, title, value, parentId, leaf}', async () => {
    const { json } = await tree({ pid: '', hasChildField: 'has_child' });
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result).toHaveLength(1);
    expect(json.result[0]).toMatchObject({
      key: 'area-86',
      value: 'area-86',
      title: '中国',
      leaf: false,
    });
  });

  it('a pid returns its children, with leaf from hasChildField', async () => {
    const provinces = await tree({ pid: 'area-86', hasChildField: 'has_child' });
    expect(texts(provinces.json.result.map((n: any) => ({ text: n.title }))).sort()).toEqual(
      ['浙江省', '江苏省', '广东省', '陕西省', '四川省', '河南省'].sort(),
    );
    expect(provinces.json.result.every((n: any) => n.parentId === 'area-86' && n.leaf === false)).toBe(true);
    const zj = await tree({ pid: 'area-330000', hasChildField: 'has_child' });
    const byTitle = Object.fromEntries(zj.json.result.map((n: any) => [n.title, n.leaf]));
    expect(byTitle).toEqual({ 杭州市: false, 宁波市: true });
    const districts = await tree({ pid: 'area-330100', hasChildField: 'has_child' });
    expect(districts.json.result.map((n: any) => [n.title, n.leaf]).sort()).toEqual(
      [
        ['上城区', true],
        ['西湖区', true],
      ].sort(),
    );
  });

  it('without hasChildField a node is a leaf when it has no children', async () => {
    const zj = await tree({ pid: 'area-330000' });
    const byTitle = Object.fromEntries(zj.json.result.map((n: any) => [n.title, n.leaf]));
    expect(byTitle).toEqual({ 杭州市: false, 宁波市: true });
  });

  it('a JSON condition narrows a level', async () => {
    const { json } = await tree({
      pid: 'area-330000',
      hasChildField: 'has_child',
      condition: JSON.stringify({ has_child: '0' }),
    });
    expect(json.success).toBe(true);
    expect(json.result.map((n: any) => n.title)).toEqual(['宁波市']);
  });

  it('a condition that is not a JSON object is refused with the client message', async () => {
    const { json } = await tree({ pid: '', condition: '{not json' });
    expect(json).toMatchObject({
      success: false,
      message: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
    });
  });

  it('undeclared tables, columns and secret columns are refused', async () => {
    const cases: Record<string, string>[] = [
      { tableName: 'sys_log', text: 'username', code: 'id', pidField: 'id' },
      { text: 'remark' },
      { pidField: 'password' },
      { tableName: 'sys_user', text: 'password', code: 'id', pidField: 'id' },
      { condition: JSON.stringify({ remark: 'x' }) },
      { hasChildField: 'sort_no' },
    ];
    for (const q of cases) {
      const { json } = await tree({ pid: '', ...q });
      expect(json, JSON.stringify(q)).toMatchObject({ success: false, code: 500 });
    }
  });
});

describe('dictionary cache endpoints', () => {
  it('queryAllDictItems returns a map of every system dictionary', async () => {
    const { json } = await get('/sys/dict/queryAllDictItems', token);
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result.sex).toEqual([
      expect.objectContaining({ value: '1', text: '男' }),
      expect.objectContaining({ value: '2', text: '女' }),
    ]);
    expect(json.result.valid_status.map((o: any) => o.text)).toEqual(['启用', '停用']);
    expect(json.result.unit_type).toHaveLength(9);
  });

  it("refleshCache answers '刷新缓存完成！' and the dictionaries are served again afterwards", async () => {
    const { json } = await get('/sys/dict/refleshCache', token);
    expect(json).toMatchObject({ success: true, code: 200, message: '刷新缓存完成！' });
    expect(texts((await dictItems('sex')).json.result)).toEqual(['男', '女']);
  });

  it('dictionary endpoints need a session', async () => {
    for (const p of [
      '/sys/dict/getDictItems/sex',
      '/sys/dict/queryAllDictItems',
      '/sys/dict/loadDict/base_unit,name,code',
    ]) {
      const { status, json } = await get(p);
      expect(status).toBe(401);
      expect(json).toMatchObject({ success: false, code: 401 });
    }
  });
});

describe('duplicate check', () => {
  const check = (query: Record<string, string>) => get('/sys/duplicate/check', token, query);
  const checkWhere = (query: Record<string, string>) => get('/sys/duplicate/checkWhere', token, query);
  // a taken value is told what its save would tell: the unique rule's message
  const TAKEN = { success: false, code: 500, message: '单位编码已存在' };
  const FREE = { success: true, code: 200, message: '该值可用！' };
  const CHECK_REFUSED = { success: false, code: 500, message: '校验的表或字段不存在或不允许校验' };

  it('/sys/duplicate/check: an existing value is taken, a new one is free', async () => {
    expect((await check({ tableName: 'base_unit', fieldName: 'code', fieldVal: 'KG' })).json).toMatchObject(
      TAKEN,
    );
    expect(
      (await check({ tableName: 'base_unit', fieldName: 'code', fieldVal: `NEW_${uniq()}` })).json,
    ).toMatchObject(FREE);
    // 单位名称 is not unique: nothing to check, and no oracle for whether a name exists
    expect((await check({ tableName: 'base_unit', fieldName: 'name', fieldVal: '千克' })).json).toMatchObject(
      CHECK_REFUSED,
    );
  });

  it('dataId excludes the record being edited', async () => {
    expect(
      (await check({ tableName: 'base_unit', fieldName: 'code', fieldVal: 'KG', dataId: 'unit-kg' })).json,
    ).toMatchObject(FREE);
    expect(
      (await check({ tableName: 'base_unit', fieldName: 'code', fieldVal: 'KG', dataId: 'unit-g' })).json,
    ).toMatchObject(TAKEN);
  });

  it('is exact: case and LIKE wildcards do not match', async () => {
    expect((await check({ tableName: 'base_unit', fieldName: 'code', fieldVal: 'kg' })).json).toMatchObject(
      FREE,
    );
    expect((await check({ tableName: 'base_unit', fieldName: 'code', fieldVal: '%' })).json).toMatchObject(
      FREE,
    );
  });

  it('checkWhere does the same with the spec parameter names', async () => {
    expect((await checkWhere({ table: 'base_unit', field: 'code', value: 'KG' })).json).toMatchObject(TAKEN);
    expect(
      (await checkWhere({ table: 'base_unit', field: 'code', value: `NEW_${uniq()}` })).json,
    ).toMatchObject(FREE);
    expect(
      (await checkWhere({ table: 'base_unit', field: 'code', value: 'KG', dataId: 'unit-kg' })).json,
    ).toMatchObject(FREE);
    expect(
      (await checkWhere({ table: 'base_unit', field: 'code', value: 'KG', dataId: 'unit-m' })).json,
    ).toMatchObject(TAKEN);
  });

  it('a table that is not a document (sys_session), a secret or an unknown field is refused', async () => {
    for (const q of [
      { tableName: 'sys_session', fieldName: 'user_id', fieldVal: 'user_admin' },
      { tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' },
      { tableName: 'sys_sms_code', fieldName: 'mobile', fieldVal: '13800000000' },
      { tableName: 'base_unit', fieldName: 'no_such_column', fieldVal: 'x' },
    ]) {
      const { status, json } = await check(q);
      expect(status).toBe(200);
      expect(json, JSON.stringify(q)).toMatchObject(CHECK_REFUSED);
    }
    const w = await checkWhere({ table: 'sys_session', field: 'user_id', value: 'user_admin' });
    expect(w.json).toMatchObject(CHECK_REFUSED);
  });

  it('needs a session', async () => {
    const { status } = await get('/sys/duplicate/check', undefined, {
      tableName: 'base_unit',
      fieldName: 'code',
      fieldVal: 'KG',
    });
    expect(status).toBe(401);
  });
});
