import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { adminToken, del, fetchRaw, get, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms, type TestUser } from './setup/access';

/**
 * Saved advanced queries (保存的查询): per user and list, overwritten by title, deleted and
 * shared by their owner only, visible to a role they are shared with when its users may see the list.
 */
const CODE = 'base_unit';
const conditions = [
  { field: 'unitType', rule: 'eq', val: '1', type: 'select' },
  { field: 'name', rule: 'like', val: '件' },
];

let admin = '';
let owner: TestUser;
let other: TestUser;
let reader: TestUser;
let blind: TestUser;
let listRole = '';
let readerRole = '';
let blindRole = '';

const list = async (token: string, code = CODE) => (await get('/sys/savedQuery/list', token, { code })).json;
const save = (token: string, body: Record<string, unknown>) =>
  post('/sys/savedQuery/save', { code: CODE, matchType: 'and', params: conditions, ...body }, token);

beforeAll(async () => {
  admin = await adminToken();
  listRole = await createRole(admin, docPerms(CODE));
  readerRole = await createRole(admin, docPerms(CODE), '查询共享');
  // a role holding no grant on the list
  blindRole = await createRole(admin, [], '无列表权限');
  // the owner shares into roles it holds
  owner = await createUser(admin, { roles: [listRole, readerRole, blindRole] });
  other = await createUser(admin, { roles: [listRole] });
  reader = await createUser(admin, { roles: [readerRole] });
  blind = await createUser(admin, { roles: [blindRole] });
});

describe('saved queries', () => {
  it('saves, lists, overwrites by title and deletes one of the owner’s own', async () => {
    const title = `查询${uniq()}`;
    const saved = await save(owner.token, { title });
    expect(saved.json.success, saved.json.message).toBe(true);
    expect(saved.json.message).toBe('保存成功');
    const id = saved.json.result as string;

    let mine = (await list(owner.token)).result.find((q: any) => q.id === id);
    expect(mine).toMatchObject({ title, matchType: 'and', mine: true, params: conditions, roleIds: [] });

    // the same title again overwrites: one query, the new conditions
    const again = await save(owner.token, {
      title,
      matchType: 'or',
      params: [{ field: 'code', rule: 'in', val: 'A,B' }],
    });
    expect(again.json.result).toBe(id);
    const all = (await list(owner.token)).result.filter((q: any) => q.title === title);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ matchType: 'or', params: [{ field: 'code', rule: 'in', val: 'A,B' }] });

    const gone = await del('/sys/savedQuery/delete', owner.token, { id });
    expect(gone.json.success, gone.json.message).toBe(true);
    mine = (await list(owner.token)).result.find((q: any) => q.id === id);
    expect(mine).toBeUndefined();
  });

  it('another user cannot read, delete, overwrite or share it', async () => {
    const title = `私有${uniq()}`;
    const id = (await save(owner.token, { title })).json.result as string;

    expect((await list(other.token)).result.some((q: any) => q.id === id)).toBe(false);
    const deleted = await del('/sys/savedQuery/delete', other.token, { id });
    expect(deleted.json.success).toBe(false);
    expect(deleted.json.message).toBe('查询不存在或不是您保存的');
    const shared = await post('/sys/savedQuery/share', { id, roleIds: readerRole }, other.token);
    expect(shared.json.success).toBe(false);

    // the same title by another user is that user's own query; the owner's stays as it was
    const theirs = await save(other.token, { title, params: [{ field: 'code', rule: 'eq', val: 'X' }] });
    expect(theirs.json.result).not.toBe(id);
    const still = (await list(owner.token)).result.find((q: any) => q.id === id);
    expect(still.params).toEqual(conditions);
  });

  it('shared with a role: seen by its users who may see the list, not by others', async () => {
    const title = `共享${uniq()}`;
    const id = (await save(owner.token, { title })).json.result as string;
    const res = await post(
      '/sys/savedQuery/share',
      { id, roleIds: `${readerRole},${blindRole}` },
      owner.token,
    );
    expect(res.json.success, res.json.message).toBe(true);

    const own = (await list(owner.token)).result.find((q: any) => q.id === id);
    expect([...own.roleIds].sort()).toEqual([readerRole, blindRole].sort());

    const seen = (await list(reader.token)).result.find((q: any) => q.id === id);
    expect(seen).toMatchObject({ title, mine: false, owner: `测试${owner.username}`, roleIds: [] });
    // a shared query is not the reader's to delete
    expect((await del('/sys/savedQuery/delete', reader.token, { id })).json.success).toBe(false);

    // the role holds no list grant: the list itself is refused
    const refused = await list(blind.token);
    expect(refused.success).toBe(false);
    expect(refused.code).toBe(510);
    // nor may such a user plant a query on that list
    expect((await save(blind.token, { title: 'x' })).json.code).toBe(510);

    // unshared: gone for the reader
    await post('/sys/savedQuery/share', { id, roleIds: '' }, owner.token);
    expect((await list(reader.token)).result.some((q: any) => q.id === id)).toBe(false);
  });

  it('shares only into roles the sharer holds, and offers only those', async () => {
    const id = (await save(other.token, { title: `种植${uniq()}` })).json.result as string;
    // the admin's panel is no place to plant a query in
    for (const roleIds of ['role_admin', readerRole, `${listRole},role_admin`]) {
      const planted = await post('/sys/savedQuery/share', { id, roleIds }, other.token);
      expect(planted.json).toMatchObject({ success: false, message: '只能共享给自己所属的角色' });
    }
    expect((await list(admin)).result.some((q: any) => q.id === id)).toBe(false);
    expect((await list(reader.token)).result.some((q: any) => q.id === id)).toBe(false);
    const offered = (await get('/sys/savedQuery/roles', other.token)).json.result;
    expect(offered.map((r: any) => r.id)).toEqual([listRole]);
    expect((await post('/sys/savedQuery/share', { id, roleIds: listRole }, other.token)).json.success).toBe(
      true,
    );

    // the admin holds system:savedQuery:shareAll: any role, all of them offered
    const roles = (await get('/sys/savedQuery/roles', admin)).json.result.map((r: any) => r.id);
    expect(roles).toEqual(expect.arrayContaining(['role_admin', listRole, readerRole, blindRole]));
    const adminQuery = (await save(admin, { title: `管理员${uniq()}` })).json.result as string;
    const shared = await post('/sys/savedQuery/share', { id: adminQuery, roleIds: readerRole }, admin);
    expect(shared.json.success, shared.json.message).toBe(true);
    expect((await list(reader.token)).result.some((q: any) => q.id === adminQuery)).toBe(true);
  });

  it('a share counts only while its owner may make it: a role taken from the owner takes its shares', async () => {
    const sharer = await createUser(admin, { roles: [listRole, readerRole] });
    const id = (await save(sharer.token, { title: `离任${uniq()}` })).json.result as string;
    expect(
      (await post('/sys/savedQuery/share', { id, roleIds: readerRole }, sharer.token)).json.success,
    ).toBe(true);
    expect((await list(reader.token)).result.some((q: any) => q.id === id)).toBe(true);
    const edit = await put('/sys/user/edit', { id: sharer.id, selectedroles: listRole }, admin);
    expect(edit.json.success, edit.json.message).toBe(true);
    expect((await list(reader.token)).result.some((q: any) => q.id === id)).toBe(false);
  });

  it('refuses an unknown role, an unknown field, empty conditions and an empty name', async () => {
    const id = (await save(owner.token, { title: `拒绝${uniq()}` })).json.result as string;
    const role = await post('/sys/savedQuery/share', { id, roleIds: 'no_such_role' }, owner.token);
    expect(role.json.success).toBe(false);
    expect(role.json.message).toBe('共享的角色不存在');

    const field = await save(owner.token, {
      title: `字段${uniq()}`,
      params: [{ field: 'nope', rule: 'eq', val: '1' }],
    });
    expect(field.json.success).toBe(false);
    expect(field.json.message).toBe('高级查询字段 nope 不存在');

    const empty = await save(owner.token, { title: `空${uniq()}`, params: [{ field: 'name', rule: 'eq' }] });
    expect(empty.json.message).toBe('空条件不能保存');
    expect((await save(owner.token, { title: '  ' })).json.message).toBe('保存名称不能为空');

    const unknownList = await list(owner.token, 'no_such_list');
    expect(unknownList.success).toBe(false);
  });

  it('the list and its export honour the same conditions (superQueryParams)', async () => {
    const tag = `SQ${uniq()}`;
    for (const [name, unitType] of [
      [`${tag}甲`, '1'],
      [`${tag}乙`, '2'],
    ])
      expect(
        (await post('/base/unit/add', { name, code: `C${uniq()}`, unitType, status: '1' }, admin)).json
          .success,
      ).toBe(true);
    const query = {
      superQueryParams: JSON.stringify([
        { field: 'name', rule: 'right_like', val: tag },
        { field: 'unitType', rule: 'eq', val: '2' },
      ]),
      superQueryMatchType: 'and',
    };
    const rows = await get('/base/unit/list', admin, query);
    expect(rows.json.result.records.map((r: any) => r.name)).toEqual([`${tag}乙`]);

    // the export (导出 sends the list's params) writes the same rows
    const res = await fetchRaw('/base/unit/exportXls', admin, {}, { ...query, exportType: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(3).values as unknown[]).slice(1) as string[];
    const names: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 3) names.push((row.values as unknown[]).slice(1)[header.indexOf('单位名称')]);
    });
    expect(names).toEqual([`${tag}乙`]);
  });
});
