import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, put, uniq } from './setup/client';

/**
 * Two consoles editing one row: an edit carries the updateTime it was read with, and the later save
 * of stale data is refused with who saved it and when, instead of silently overwriting.
 */
let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const read = async (id: string) => (await get('/base/unit/queryById', admin, { id })).json.result;

describe('a stale edit', () => {
  it('is refused and changes nothing; saved again from a fresh read it lands', async () => {
    const code = `U${uniq()}`.slice(0, 20);
    const added = await post(
      '/base/unit/add',
      { name: `台${code}`, code, unitType: '3', status: '1' },
      admin,
    );
    expect(added.json.success, added.json.message).toBe(true);
    const id = added.json.result as string;
    const first = await read(id);
    const second = { ...first };

    const saved = await put('/base/unit/edit', { ...first, name: `第一个${code}` }, admin);
    expect(saved.json.success, saved.json.message).toBe(true);
    const after = await read(id);
    expect(after.updateTime).not.toEqual(first.updateTime);

    const stale = await put('/base/unit/edit', { ...second, name: `第二个${code}` }, admin);
    expect(stale.json.success).toBe(false);
    expect(stale.json.message).toBe(`此记录已被 管理员 于 ${after.updateTime} 修改，请刷新后重试`);
    expect((await read(id)).name).toBe(`第一个${code}`);

    const fresh = await put('/base/unit/edit', { ...(await read(id)), name: `第二个${code}` }, admin);
    expect(fresh.json.success, fresh.json.message).toBe(true);
    expect((await read(id)).name).toBe(`第二个${code}`);
  });

  it('an edit without updateTime (an older client, a script) is not checked', async () => {
    const code = `U${uniq()}`.slice(0, 20);
    const id = (await post('/base/unit/add', { name: `箱${code}`, code, unitType: '3', status: '1' }, admin))
      .json.result as string;
    await put('/base/unit/edit', { id, name: `一${code}` }, admin);
    const res = await put('/base/unit/edit', { id, name: `二${code}` }, admin);
    expect(res.json.success, res.json.message).toBe(true);
  });
});
