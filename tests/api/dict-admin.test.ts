import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, put, uniq } from './setup/client';
import { newUser } from './setup/users';

/**
 * Dictionary administration (reference 2.8): /sys/dict and /sys/dictItem on the generic CRUD of their
 * documents, the item value unique within its dictionary, enable/disable, and the cache: every
 * write shows in the next list at once, without a re-login or a cache refresh.
 */

let token = '';
beforeAll(async () => {
  token = await adminToken();
});

async function addDict(code = `d_${uniq()}`, name = `测试字典${code}`) {
  const { json } = await post('/sys/dict/add', { dictName: name, dictCode: code }, token);
  expect(json).toMatchObject({ success: true, code: 200, message: '保存成功！' });
  return { id: json.result as string, code };
}

async function addItem(dictId: string, itemValue: string, itemText: string, extra: object = {}) {
  const { json } = await post('/sys/dictItem/add', { dictId, itemValue, itemText, ...extra }, token);
  expect(json, JSON.stringify(json)).toMatchObject({ success: true, message: '保存成功！' });
  return json.result as string;
}

const optionsOf = async (code: string) =>
  ((await get(`/sys/dict/getDictItems/${code}`, token)).json.result as { value: string; text: string }[]).map(
    (o) => `${o.value}:${o.text}`,
  );

describe('dictionaries /sys/dict', () => {
  it('add answers 保存成功！, edit 编辑成功！; the list finds the dictionary by code', async () => {
    const d = await addDict();
    const list = await get('/sys/dict/list', token, { dictCode: d.code });
    expect(list.json.result.records).toEqual([expect.objectContaining({ id: d.id, dictCode: d.code })]);
    const edit = await put('/sys/dict/edit', { id: d.id, dictName: '改过的名称' }, token);
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功！' });
    expect((await get('/sys/dict/queryById', token, { id: d.id })).json.result.dictName).toBe('改过的名称');
  });

  it('refuses a duplicate code, a malformed code and a missing name, changing nothing', async () => {
    const d = await addDict();
    const dup = await post('/sys/dict/add', { dictName: 'x', dictCode: d.code }, token);
    expect(dup.json).toMatchObject({ success: false, code: 500, message: '字典编码已存在' });
    const bad = await post('/sys/dict/add', { dictName: 'x', dictCode: '1 bad' }, token);
    expect(bad.json).toMatchObject({
      success: false,
      message: '字典编码以字母开头，只能包含字母、数字和下划线',
    });
    const noName = await post('/sys/dict/add', { dictCode: `d_${uniq()}` }, token);
    expect(noName.json).toMatchObject({ success: false, message: '请输入字典名称' });
    const list = await get('/sys/dict/list', token, { dictCode: d.code });
    expect(list.json.result.total).toBe(1);
  });

  it('an unknown id is 未找到对应实体', async () => {
    expect((await get('/sys/dict/queryById', token, { id: 'nope' })).json).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    expect((await put('/sys/dict/edit', { id: 'nope', dictName: 'x' }, token)).json.message).toBe(
      '未找到对应实体',
    );
  });

  it('deleting a dictionary deletes its items and its options disappear at once', async () => {
    const d = await addDict();
    await addItem(d.id, 'a', '甲');
    expect(await optionsOf(d.code)).toEqual(['a:甲']);
    const res = await del('/sys/dict/delete', token, { id: d.id });
    expect(res.json).toMatchObject({ success: true, message: '删除成功！' });
    expect(await optionsOf(d.code)).toEqual([]);
    expect((await get('/sys/dictItem/list', token, { dictId: d.id })).json.result.total).toBe(0);
  });

  it('a dictionary a document translates through can be neither deleted nor renamed', async () => {
    // unit_type translates the 计量单位 list (schemas/base/unit.json)
    const unitType = (await get('/sys/dict/list', token, { dictCode: 'unit_type' })).json.result.records[0];
    const delRes = await del('/sys/dict/delete', token, { id: unitType.id });
    expect(delRes.json.success).toBe(false);
    expect(delRes.json.message).toContain('不能删除');
    const before = await optionsOf('unit_type');
    expect(before).toHaveLength(9);
    const rename = await put('/sys/dict/edit', { id: unitType.id, dictCode: `ut_${uniq()}` }, token);
    expect(rename.json.success).toBe(false);
    expect(rename.json.message).toContain('不能修改');
    expect(await optionsOf('unit_type')).toEqual(before);
    // renaming the display name is fine
    const ok = await put('/sys/dict/edit', { id: unitType.id, dictName: '计量单位类型' }, token);
    expect(ok.json.success).toBe(true);
  });
});

describe('dictionary items /sys/dictItem', () => {
  it('lists the items of one dictionary in sort order', async () => {
    const d = await addDict();
    await addItem(d.id, 'c', '丙', { sortOrder: 3 });
    await addItem(d.id, 'a', '甲', { sortOrder: 1 });
    await addItem(d.id, 'b', '乙', { sortOrder: 2 });
    const { json } = await get('/sys/dictItem/list', token, { dictId: d.id });
    expect(json.result.records.map((r: any) => r.itemValue)).toEqual(['a', 'b', 'c']);
    expect(json.result.records[0]).toMatchObject({ status: 1, status_dictText: '启用' });
    expect(await optionsOf(d.code)).toEqual(['a:甲', 'b:乙', 'c:丙']);
  });

  it('an item value is unique within its dictionary only', async () => {
    const d1 = await addDict();
    const d2 = await addDict();
    const first = await addItem(d1.id, 'v', '一');
    const dup = await post('/sys/dictItem/add', { dictId: d1.id, itemValue: 'v', itemText: '二' }, token);
    expect(dup.json).toMatchObject({ success: false, message: '该值不可用，当前字典中已存在！' });
    await addItem(d2.id, 'v', '一');
    // editing an item to keep its own value is fine, taking a sibling's is not
    await addItem(d1.id, 'w', '三');
    expect(
      (await put('/sys/dictItem/edit', { id: first, itemText: '一改', itemValue: 'v' }, token)).json,
    ).toMatchObject({ success: true, message: '编辑成功！' });
    const taken = await put('/sys/dictItem/edit', { id: first, itemValue: 'w' }, token);
    expect(taken.json.success).toBe(false);
    expect(await optionsOf(d1.code)).toEqual(['v:一改', 'w:三']);
  });

  it("dictItemCheck answers 该值可用！ or the save's 该值不可用，当前字典中已存在！ within the dictionary", async () => {
    const d = await addDict();
    const id = await addItem(d.id, 'x', '某');
    const check = (q: Record<string, string>) =>
      get('/sys/dictItem/dictItemCheck', token, { dictId: d.id, ...q });
    expect((await check({ itemValue: 'x' })).json).toMatchObject({
      success: false,
      message: '该值不可用，当前字典中已存在！',
    });
    expect((await check({ itemValue: 'y' })).json).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check({ itemValue: 'x', id })).json).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    const other = await addDict();
    expect(
      (await get('/sys/dictItem/dictItemCheck', token, { dictId: other.id, itemValue: 'x' })).json.success,
    ).toBe(true);
  });

  it('an item needs an existing dictionary', async () => {
    const res = await post(
      '/sys/dictItem/add',
      { dictId: 'no_such_dict', itemValue: 'x', itemText: 'x' },
      token,
    );
    // told as a dictionary the user may not write through (src/server/crud/scope.ts), so the answer
    // does not tell a missing dictionary from a hidden one
    expect(res.json).toMatchObject({ success: false, message: '数据字典记录不存在或无权访问' });
  });

  it('a disabled item is no longer offered but still translates the rows that hold it', async () => {
    const d = await addDict();
    const id = await addItem(d.id, 'on', '在用');
    const off = await addItem(d.id, 'off', '停用项');
    await put('/sys/dictItem/edit', { id: off, status: '0' }, token);
    expect(await optionsOf(d.code)).toEqual(['on:在用']);
    const all = (await get('/sys/dict/queryAllDictItems', token)).json.result;
    expect(all[d.code].map((o: any) => o.value)).toEqual(['on']);
    await put('/sys/dictItem/edit', { id, status: '0' }, token);
    await put('/sys/dictItem/edit', { id: off, status: '1' }, token);
    expect(await optionsOf(d.code)).toEqual(['off:停用项']);
  });
});

describe('edits show in lists at once (no re-login, no cache refresh)', () => {
  it('a list page translates with the edited, added and disabled items of a dictionary', async () => {
    const rank = (await get('/sys/dict/list', token, { dictCode: 'position_rank' })).json.result.records[0];
    const value = `t${uniq()}`.slice(0, 10);
    const itemId = await addItem(rank.id, value, '特聘级', { sortOrder: 99 });
    const code = `P_${uniq()}`;
    const row = await post('/base/position/add', { name: '特聘研究员', code, postRank: value }, token);
    expect(row.json.success).toBe(true);
    const listed = async () =>
      (await get('/base/position/list', token, { code })).json.result.records[0].postRank_dictText;
    try {
      expect(await listed()).toBe('特聘级');
      await put('/sys/dictItem/edit', { id: itemId, itemText: '特聘专家级' }, token);
      expect(await listed()).toBe('特聘专家级');
      await put('/sys/dictItem/edit', { id: itemId, status: '0' }, token);
      expect(await listed()).toBe('特聘专家级');
      expect((await optionsOf('position_rank')).some((o) => o.startsWith(`${value}:`))).toBe(false);
    } finally {
      await del('/base/position/delete', token, { id: row.json.result });
      await del('/sys/dictItem/delete', token, { id: itemId });
    }
    expect((await optionsOf('position_rank')).some((o) => o.startsWith(`${value}:`))).toBe(false);
  });

  it('the cache refresh button still works: 刷新缓存完成！ and the same options afterwards', async () => {
    const before = await optionsOf('unit_type');
    const { json } = await get('/sys/dict/refleshCache', token);
    expect(json).toMatchObject({ success: true, code: 200, message: '刷新缓存完成！' });
    expect(await optionsOf('unit_type')).toEqual(before);
  });
});

describe('permissions', () => {
  it('a signed-in user without the codes gets 510 and changes nothing', async () => {
    const user = await newUser();
    const d = await addDict();
    for (const [method, path, body] of [
      ['GET', '/sys/dict/list', undefined],
      ['POST', '/sys/dict/add', { dictName: 'x', dictCode: `d_${uniq()}` }],
      ['PUT', '/sys/dict/edit', { id: d.id, dictName: '偷改' }],
      ['POST', '/sys/dictItem/add', { dictId: d.id, itemValue: 'z', itemText: 'z' }],
      ['GET', '/sys/dictItem/dictItemCheck', undefined],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(path, user.token, { dictId: d.id })
          : method === 'POST'
            ? await post(path, body, user.token)
            : await put(path, body, user.token);
      expect(res.json, path).toMatchObject({ success: false, code: 510 });
    }
    expect((await get('/sys/dict/queryById', token, { id: d.id })).json.result.dictName).not.toBe('偷改');
    expect(await optionsOf(d.code)).toEqual([]);
  });
});
