import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, put, uniq } from './setup/client';
import { newUser } from './setup/users';
import { createRole, createUser, docPerms } from './setup/access';

/**
 * The category dictionary (reference 2.10) over the demo collection categories of
 * fixtures/demo/sys_category.json (书画 A01 … 杂项 A09; 书画 > 绘画 > 山水 three levels deep).
 */

let token = '';
/** signed in, without roles */
let user: { token: string };
/** holds 分类字典 (the list only) */
let reader: { token: string };
beforeAll(async () => {
  token = await adminToken();
  user = await newUser();
  reader = await createUser(token, { roles: [await createRole(token, docPerms('sys_category'))] });
});

const titles = (nodes: { title: string }[]) => nodes.map((n) => n.title);

describe('picker calls (readers of 分类字典, or of a form with a category field)', () => {
  it('a user with neither gets the answer of an unknown dictionary', async () => {
    for (const [p, q] of [
      ['/sys/category/loadTreeRoot', { pcode: '' }],
      ['/sys/category/loadOne', { field: 'code', val: 'A03' }],
      ['/sys/category/loadAllData', { code: 'A01' }],
    ] as const) {
      const { json } = await get(p, user.token, q);
      expect(json, p).toMatchObject({ success: false, message: '字典不存在或不允许访问', result: null });
    }
  });

  it('loadTreeRoot without pcode: the top level in code order, with leaf flags', async () => {
    const { json } = await get('/sys/category/loadTreeRoot', reader.token, { async: 'true', pcode: '' });
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(titles(json.result).slice(0, 9)).toEqual([
      '书画',
      '陶瓷',
      '青铜器',
      '玉器',
      '金银器',
      '织绣',
      '古籍善本',
      '钱币',
      '杂项',
    ]);
    const byTitle = Object.fromEntries(json.result.map((n: any) => [n.title, n]));
    expect(byTitle['书画']).toMatchObject({
      key: 'cat_a01',
      code: 'A01',
      parentId: '0',
      isLeaf: false,
      leaf: false,
    });
    expect(byTitle['钱币']).toMatchObject({ code: 'A08', isLeaf: true });
    expect(byTitle['书画'].children).toBeUndefined();
  });

  it('loadTreeRoot with pcode and async=false: the whole subtree', async () => {
    const { json } = await get('/sys/category/loadTreeRoot', reader.token, { async: 'false', pcode: 'A01' });
    expect(titles(json.result)).toEqual(['绘画', '书法', '碑帖']);
    expect(titles(json.result[0].children)).toEqual(['山水', '花鸟', '人物']);
    expect(json.result[0].children[0]).toMatchObject({ code: 'A01A01A01', isLeaf: true });
    const bad = await get('/sys/category/loadTreeRoot', reader.token, { async: 'true', pcode: 'Z98' });
    expect(bad.json).toMatchObject({ success: false, message: '该编码【Z98】不存在，请核实!' });
  });

  it('loadTreeChildren: one level under pid', async () => {
    const { json } = await get('/sys/category/loadTreeChildren', reader.token, { pid: 'cat_a02' });
    expect(titles(json.result)).toEqual(['青瓷', '青花瓷', '彩瓷', '紫砂']);
  });

  it('loadTreeData: pid wins, else pcode (0 is the top); a JSON condition narrows', async () => {
    const byPid = await get('/sys/category/loadTreeData', reader.token, { pid: 'cat_a03', pcode: 'A01' });
    expect(titles(byPid.json.result)).toEqual(['礼器', '兵器', '乐器']);
    const top = await get('/sys/category/loadTreeData', reader.token, { pcode: '0' });
    expect(titles(top.json.result)).toContain('玉器');
    const byCode = await get('/sys/category/loadTreeData', reader.token, {
      pcode: 'A01',
      condition: JSON.stringify({ has_child: '1' }),
    });
    expect(titles(byCode.json.result)).toEqual(['绘画']);
  });

  it('loadTreeData refusals: no parameters, unknown code, bad or disallowed condition', async () => {
    const tree = (q: Record<string, string>) => get('/sys/category/loadTreeData', reader.token, q);
    expect((await tree({})).json).toMatchObject({
      success: false,
      message: '加载分类字典树参数有误.[null]!',
    });
    expect((await tree({ pcode: 'Q01' })).json).toMatchObject({
      success: false,
      message: '加载分类字典树参数有误.[code]!',
    });
    expect((await tree({ pcode: '0', condition: '{x' })).json.message).toBe(
      '组件JTreeSelect-condition传值有误，需要一个json字符串!',
    );
    for (const condition of ['{"create_by":"admin"}', '{"name; drop table sys_category":"x"}'])
      expect((await tree({ pcode: '0', condition })).json.success).toBe(false);
  });

  it('loadOne: the single row where an allowed field equals the value', async () => {
    const { json } = await get('/sys/category/loadOne', reader.token, { field: 'code', val: 'A03' });
    expect(json).toMatchObject({ success: true, result: { id: 'cat_a03', name: '青铜器', code: 'A03' } });
    expect(
      (await get('/sys/category/loadOne', reader.token, { field: 'code', val: 'ZZZ' })).json,
    ).toMatchObject({
      success: false,
      message: '查询无果',
    });
    const many = await get('/sys/category/loadOne', reader.token, { field: 'pid', val: 'cat_a04' });
    expect(many.json).toMatchObject({ success: false, message: '查询数据异常,[pid]存在多个值:cat_a04' });
    for (const field of ['create_by', 'password', 'code) or (1=1'])
      expect(
        (await get('/sys/category/loadOne', reader.token, { field, val: 'x' })).json.success,
        field,
      ).toBe(false);
  });

  it('loadDictItem/: names in the order of the ids', async () => {
    const load = (q: Record<string, string>) => get('/sys/category/loadDictItem/', reader.token, q);
    expect((await load({ ids: 'cat_a03,nope,cat_a01' })).json.result).toEqual(['青铜器', '书画']);
    expect((await load({ ids: 'cat_a03,nope', delNotExist: 'false' })).json.result).toEqual([
      '青铜器',
      'nope',
    ]);
    expect((await load({ ids: '' })).json).toMatchObject({ success: false, message: 'ids 不能为空' });
  });

  it('loadAllData: a category and everything below it, by code prefix', async () => {
    const { json } = await get('/sys/category/loadAllData', reader.token, { code: 'A01' });
    expect(json.result.map((o: any) => o.text)).toEqual([
      '书画',
      '绘画',
      '山水',
      '花鸟',
      '人物',
      '书法',
      '碑帖',
    ]);
    expect(json.result[0]).toEqual({ value: 'cat_a01', text: '书画' });
    expect((await get('/sys/category/loadAllData', reader.token, { code: 'Y77' })).json.success).toBe(false);
  });
});

describe('the tree screen', () => {
  async function add(name: string, pid?: string) {
    const { json } = await post('/sys/category/add', { name, ...(pid ? { pid } : {}) }, token);
    expect(json, JSON.stringify(json)).toMatchObject({ success: true, message: '添加成功！' });
    return (await get('/sys/category/queryById', token, { id: json.result })).json.result;
  }

  it('add generates the code under the parent and keeps the parent has_child; the code cannot be chosen', async () => {
    const root = await add(`新类别${uniq()}`);
    expect(root.code).toMatch(/^[A-Z]\d\d$/);
    expect(root.code > 'A09').toBe(true);
    expect(root).toMatchObject({ pid: '0', hasChild: '0' });
    const child = await add('子类', root.id);
    expect(child.code).toBe(`${root.code}A01`);
    const second = (await post('/sys/category/add', { name: '二', pid: root.id, code: 'HACK' }, token)).json;
    expect((await get('/sys/category/queryById', token, { id: second.result })).json.result.code).toBe(
      `${root.code}A02`,
    );
    expect((await get('/sys/category/queryById', token, { id: root.id })).json.result.hasChild).toBe('1');
    const nodes = (await get('/sys/category/loadTreeChildren', token, { pid: root.id })).json.result;
    expect(nodes.map((n: any) => n.code)).toEqual([`${root.code}A01`, `${root.code}A02`]);
  });

  it('concurrent adds under one parent get distinct consecutive codes', async () => {
    const root = await add(`并发${uniq()}`);
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/sys/category/add', { name: `子${i}`, pid: root.id }, token)),
    );
    expect(ids.every((r) => r.json.success)).toBe(true);
    const codes = (await get('/sys/category/childList', token, { pid: root.id })).json.result.map(
      (r: any) => r.code,
    );
    expect(codes).toEqual(Array.from({ length: 8 }, (_, i) => `${root.code}A0${i + 1}`));
  });

  it('a top-level node names no parent (no pid_dictText); a child names its parent', async () => {
    const tree = (await get('/sys/category/getTree', token)).json.result.records;
    const calligraphy = tree.find((n: any) => n.id === 'cat_a01');
    expect(calligraphy.pid).toBe('0');
    expect(calligraphy).not.toHaveProperty('pid_dictText');
    expect(calligraphy.children[0]).toMatchObject({ pid: 'cat_a01', pid_dictText: '书画' });
    const roots = (await get('/sys/category/rootList', token, { pageSize: 50 })).json.result.records;
    expect(roots.length).toBeGreaterThanOrEqual(9);
    expect(roots.filter((r: any) => 'pid_dictText' in r)).toEqual([]);
    const children = (await get('/sys/category/getTree', token, { pid: 'cat_a01' })).json.result.records;
    expect(children.map((c: any) => c.pid_dictText)).toEqual(children.map(() => '书画'));
  });

  it('rootList pages the top level; a name search looks at every level', async () => {
    const { json } = await get('/sys/category/rootList', token, { pageNo: 1, pageSize: 5 });
    expect(json.result.records).toHaveLength(5);
    expect(json.result.records.every((r: any) => r.pid === '0')).toBe(true);
    expect(json.result.total).toBeGreaterThanOrEqual(9);
    const search = await get('/sys/category/rootList', token, { name: '*花鸟*' });
    expect(search.json.result.records.map((r: any) => r.code)).toEqual(['A01A01A02']);
  });

  it('childList and getChildListBatch list the children of one or several parents', async () => {
    const one = await get('/sys/category/childList', token, { pid: 'cat_a04' });
    expect(one.json.result.map((r: any) => r.name)).toEqual(['玉礼器', '玉饰']);
    const batch = await get('/sys/category/getChildListBatch', token, { parentIds: 'cat_a03,cat_a04' });
    expect(batch.json.result.records.map((r: any) => r.name)).toEqual([
      '礼器',
      '兵器',
      '乐器',
      '玉礼器',
      '玉饰',
    ]);
  });

  it('checkCode: a code must start with the parent code', async () => {
    const check = (q: Record<string, string>) => get('/sys/category/checkCode', token, q);
    expect((await check({ pid: 'cat_a01', code: 'A01A09' })).json.success).toBe(true);
    expect((await check({ pid: 'cat_a01', code: 'A02A01' })).json).toMatchObject({
      success: false,
      message: '编码不符合规范,须以"A01"开头!',
    });
    expect((await check({ code: 'X01' })).json.success).toBe(true);
    expect((await check({ pid: 'cat_a01' })).json).toMatchObject({
      success: false,
      message: '错误,类型编码为空!',
    });
  });

  it('edit renames (修改成功！) but does not move a node; delete takes the subtree and clears the parent flag', async () => {
    const root = await add(`删${uniq()}`);
    const child = await add('子', root.id);
    await add('孙', child.id);
    expect((await put('/sys/category/edit', { id: child.id, name: '改名' }, token)).json).toMatchObject({
      success: true,
      message: '修改成功！',
    });
    const move = await put('/sys/category/edit', { id: child.id, pid: 'cat_a01', name: '改名' }, token);
    const refusal = '上级分类不能修改，只能在新增时选择；如需移到其他上级分类下，请在那里新增';
    expect(move.json).toMatchObject({
      success: false,
      message: refusal,
      result: { errors: [{ field: 'pid', message: refusal }] },
    });
    const toTop = await put('/sys/category/edit', { id: child.id, pid: '' }, token);
    expect(toTop.json.message).toBe(refusal);
    // the form sends the parent it shows, unchanged: that is no move
    const same = await put('/sys/category/edit', { id: child.id, pid: root.id, name: '又改名' }, token);
    expect(same.json.success).toBe(true);
    expect((await del('/sys/category/delete', token, { id: child.id })).json.success).toBe(true);
    expect((await get('/sys/category/loadAllData', token, { code: root.code })).json.result).toEqual([
      { value: root.id, text: root.name },
    ]);
    expect((await get('/sys/category/queryById', token, { id: root.id })).json.result.hasChild).toBe('0');
    expect((await get('/sys/category/queryById', token, { id: child.id })).json).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
  });

  it('the screen calls need the category codes (510 without them)', async () => {
    for (const p of ['/sys/category/rootList', '/sys/category/childList', '/sys/category/checkCode'])
      expect((await get(p, user.token, { pid: 'cat_a01', code: 'A01' })).json, p).toMatchObject({
        code: 510,
      });
    const add = await post('/sys/category/add', { name: '越权' }, user.token);
    expect(add.json).toMatchObject({ success: false, code: 510 });
  });
});
