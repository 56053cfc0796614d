import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { leftFieldErrors } from '../../renderers/form/validation';
import type { EntityDocument } from '../../src/core/document/types';
import { adminToken, call, del, fetchRaw, get, login, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms, PASSWORD } from './setup/access';

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const addUser = (body: Record<string, unknown>) => post('/sys/user/add', body, admin);

describe('the user form and the server', () => {
  const userDoc = JSON.parse(fs.readFileSync('schemas/system/user.json', 'utf8')) as EntityDocument;

  it('refuse a short account and a weak password alike, in the same words, from the one declaration', async () => {
    const data = { username: 'ad', realname: '短账号', password: 'abc' };
    // what the form says as each field is left (renderers/form/validation.ts)
    const form = leftFieldErrors(userDoc, new Set(Object.keys(data)), data) as Record<
      string,
      { __errors: string[] }
    >;
    expect(form.username.__errors).toEqual(['最小长度4位字符']);
    expect(form.password.__errors).toEqual(['密码至少8位，且须同时包含字母和数字']);
    const { json } = await addUser(data);
    expect(json.success).toBe(false);
    const said = Object.fromEntries(
      (json.result.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(said).toEqual({ username: form.username.__errors[0], password: form.password.__errors[0] });
    expect((await get('/sys/user/list', admin, { username: 'ad' })).json.result.records).toEqual([]);
  });
});

describe('user list', () => {
  it('shows department names, dictionary texts and never a password', async () => {
    const { json } = await get('/sys/user/list', admin, { username: 'zhangwei' });
    expect(json.success).toBe(true);
    expect(json.result.records).toHaveLength(1);
    const u = json.result.records[0];
    expect(u).toMatchObject({ username: 'zhangwei', realname: '张伟', orgCodeTxt: '藏品保管组' });
    expect(u.sex_dictText).toBe('男');
    expect(u.status_dictText).toBe('正常');
    expect(u).not.toHaveProperty('password');
    expect(JSON.stringify(json)).not.toContain('scrypt');
  });

  it('searches by realname, sex, phone and department name (sub-string)', async () => {
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const username = `s_${uniq()}`;
    await addUser({ username, realname: '检索测试', sex: 2, phone, selecteddeparts: 'dep_restoration' });
    const by = async (q: Record<string, string>) =>
      (await get('/sys/user/list', admin, { pageSize: 100, ...q })).json.result.records.map(
        (r: any) => r.username,
      );
    expect(await by({ realname: '*检索测*' })).toContain(username);
    expect(await by({ phone })).toEqual([username]);
    expect(await by({ orgCodeTxt: '修复', username })).toEqual([username]);
    expect(await by({ orgCodeTxt: '展览', username })).toEqual([]);
    expect(await by({ sex: '1', username })).toEqual([]);
    expect(await by({ sex: '2', username })).toEqual([username]);
    expect(await by({ orgCodeTxt: "修复' or 1=1 --" })).toEqual([]);
  });
});

describe('user add and edit', () => {
  it('saves roles and departments with the user, and edit replaces them but never the password', async () => {
    const username = `a_${uniq()}`;
    const add = await addUser({
      username,
      realname: '新同事',
      password: PASSWORD,
      selectedroles: 'role_collection,role_auditor',
      selecteddeparts: 'dep_storage',
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.json.result;
    const roles = await get('/sys/user/queryUserRole', admin, { userid: id });
    expect(roles.json.result.sort()).toEqual(['role_auditor', 'role_collection']);
    const row = (await get('/sys/user/queryById', admin, { id })).json.result;
    expect(row).toMatchObject({ selecteddeparts: 'dep_storage', orgCodeTxt: '藏品保管组', status: 1 });
    expect(row).not.toHaveProperty('password');

    const edit = await put(
      '/sys/user/edit',
      {
        id,
        realname: '新同事2',
        password: 'Changed999x',
        selectedroles: 'role_auditor',
        selecteddeparts: 'dep_it',
      },
      admin,
    );
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功！' });
    expect((await get('/sys/user/queryUserRole', admin, { userid: id })).json.result).toEqual([
      'role_auditor',
    ]);
    const after = (await get('/sys/user/queryById', admin, { id })).json.result;
    expect(after).toMatchObject({ realname: '新同事2', orgCodeTxt: '数字化部' });
    // the password given to edit was ignored: the old one still works, the new one does not
    expect(await login(username, PASSWORD)).toBeTruthy();
    expect((await post('/sys/login', { username, password: 'Changed999x' })).json.success).toBe(false);
  });

  it('refuses bad input and changes nothing', async () => {
    const username = `b_${uniq()}`;
    for (const body of [
      { username, realname: 'x', password: 'short' },
      { username, realname: 'x', selectedroles: 'no_such_role' },
      { username, realname: 'x', selecteddeparts: 'no_such_depart' },
      { username: 'admin', realname: 'x' },
      { username: "x' or 1=1", realname: 'x' },
    ]) {
      const { json } = await addUser(body);
      expect(json.success, JSON.stringify(body)).toBe(false);
    }
    const list = await get('/sys/user/list', admin, { username });
    expect(list.json.result.total).toBe(0);
  });

  it('a user added without a password cannot log in until one is set', async () => {
    const username = `n_${uniq()}`;
    await addUser({ username, realname: '无密码' });
    expect((await post('/sys/login', { username, password: '' })).json.success).toBe(false);
    expect((await post('/sys/login', { username, password: 'anything1' })).json.message).toBe(
      '用户名或密码错误',
    );
    const reset = await put('/sys/user/changPassword', { username, password: PASSWORD }, admin);
    expect(reset.json).toMatchObject({ success: true, message: '密码修改成功！' });
    expect(await login(username, PASSWORD)).toBeTruthy();
  });
});

describe('checkOnlyUser', () => {
  it('needs a session (no anonymous account enumeration) and tells taken from free', async () => {
    expect((await get('/sys/user/checkOnlyUser', undefined, { username: 'admin' })).status).toBe(401);
    const taken = await get('/sys/user/checkOnlyUser', admin, { username: 'admin' });
    expect(taken.json).toMatchObject({ success: false, message: '用户账号已存在' });
    const free = await get('/sys/user/checkOnlyUser', admin, { username: `free_${uniq()}` });
    expect(free.json.success).toBe(true);
    const self = await get('/sys/user/checkOnlyUser', admin, { username: 'admin', id: 'user_admin' });
    expect(self.json.success).toBe(true);
  });

  it('is refused to a user without the user list permission, as is the duplicate check on users', async () => {
    const u = await createUser(admin);
    expect((await get('/sys/user/checkOnlyUser', u.token, { username: 'admin' })).json.code).toBe(510);
    const dup = await get('/sys/duplicate/check', u.token, {
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: 'admin',
    });
    expect(dup.json.success).toBe(false);
    expect(dup.json.message).not.toBe('该值不可用，系统中已存在！');
  });
});

describe('freezing', () => {
  it('refuses a frozen user at login and ends its session on the next request; unfreezing restores login', async () => {
    const u = await createUser(admin);
    const other = await createUser(admin);
    expect((await get('/sys/permission/getUserPermissionByToken', u.token)).status).toBe(200);
    const frozen = await put('/sys/user/frozenBatch', { ids: `${u.id},${other.id}`, status: '2' }, admin);
    expect(frozen.json).toMatchObject({ success: true, message: '操作成功！' });
    const next = await get('/sys/permission/getUserPermissionByToken', u.token);
    expect(next.status).toBe(401);
    expect(next.json.message).toBe('Token失效，请重新登录!');
    // a batch ends every frozen user's session
    expect((await get('/sys/permission/getUserPermissionByToken', other.token)).status).toBe(401);
    expect((await post('/sys/login', { username: u.username, password: PASSWORD })).json.message).toBe(
      '该用户已冻结',
    );
    expect(
      (await get('/sys/user/list', admin, { username: u.username })).json.result.records[0].status_dictText,
    ).toBe('冻结');
    await put('/sys/user/frozenBatch', { ids: u.id, status: '1' }, admin);
    expect(await login(u.username, PASSWORD)).toBeTruthy();
  });

  it('refuses freezing oneself and bad status values', async () => {
    expect((await put('/sys/user/frozenBatch', { ids: 'user_admin', status: '2' }, admin)).json.message).toBe(
      '不能冻结当前登录用户',
    );
    expect((await put('/sys/user/frozenBatch', { ids: 'user_zhang', status: '9' }, admin)).json.success).toBe(
      false,
    );
  });
});

describe('passwords', () => {
  it('changPassword and changePassword reset a password and end that user’s sessions', async () => {
    for (const url of ['/sys/user/changPassword', '/sys/user/changePassword']) {
      const u = await createUser(admin);
      const res = await put(url, { username: u.username, password: 'Reset2026abc' }, admin);
      expect(res.json).toMatchObject({ success: true, message: '密码修改成功！' });
      expect((await get('/sys/permission/getUserPermissionByToken', u.token)).status).toBe(401);
      expect(await login(u.username, 'Reset2026abc')).toBeTruthy();
    }
    const unknown = await put(
      '/sys/user/changPassword',
      { username: `nobody_${uniq()}`, password: 'Reset2026abc' },
      admin,
    );
    expect(unknown.json.message).toBe('用户不存在！');
  });

  it('changPassword needs its permission code', async () => {
    const u = await createUser(admin);
    const res = await put('/sys/user/changPassword', { username: 'admin', password: 'Hijack2026x' }, u.token);
    expect(res.json.code).toBe(510);
    expect(await adminToken()).toBeTruthy();
  });

  it('updatePassword changes only one’s own password and ends the other sessions', async () => {
    const u = await createUser(admin);
    const second = await login(u.username, PASSWORD);
    const other = await put(
      '/sys/user/updatePassword',
      { username: 'admin', oldpassword: PASSWORD, password: 'Hijack2026x', confirmpassword: 'Hijack2026x' },
      u.token,
    );
    expect(other.json).toMatchObject({ success: false, message: '只允许修改自己的密码！' });
    const wrongOld = await put(
      '/sys/user/updatePassword',
      { username: u.username, oldpassword: 'nope', password: 'New2026pass', confirmpassword: 'New2026pass' },
      u.token,
    );
    expect(wrongOld.json.message).toBe('旧密码输入错误!');
    const mismatch = await put(
      '/sys/user/updatePassword',
      { username: u.username, oldpassword: PASSWORD, password: 'New2026pass', confirmpassword: 'Other2026' },
      u.token,
    );
    expect(mismatch.json.message).toBe('两次输入密码不一致!');
    const okRes = await call('POST', '/sys/user/updatePassword', {
      token: u.token,
      body: {
        username: u.username,
        oldpassword: PASSWORD,
        password: 'New2026pass',
        confirmpassword: 'New2026pass',
      },
    });
    expect(okRes.json).toMatchObject({ success: true, message: '密码重置成功！' });
    expect((await get('/sys/permission/getUserPermissionByToken', u.token)).status).toBe(200);
    expect((await get('/sys/permission/getUserPermissionByToken', second)).status).toBe(401);
    expect(await login(u.username, 'New2026pass')).toBeTruthy();
  });
});

describe('users by department and the user picker', () => {
  it('queryUserByDepId includes sub-departments and filters by realname with bound values', async () => {
    const museum = await get('/sys/user/queryUserByDepId', admin, { id: 'dep_collection' });
    const names = museum.json.result.map((u: any) => u.username);
    expect(names).toContain('zhangwei'); // in 藏品保管组, under 藏品部
    expect(names).not.toContain('lina');
    expect(museum.json.result[0]).not.toHaveProperty('password');
    expect(museum.json.result.find((u: any) => u.username === 'zhangwei').orgCodeTxt).toBe('藏品保管组');
    const filtered = await get('/sys/user/queryUserByDepId', admin, { id: 'dep_museum', realname: '李' });
    expect(filtered.json.result.map((u: any) => u.username)).toEqual(['lina']);
    const injected = await get('/sys/user/queryUserByDepId', admin, {
      id: 'dep_museum',
      realname: "' or '1'='1",
    });
    expect(injected.json.result).toEqual([]);
    expect((await get('/sys/user/queryUserByDepId', admin, { id: "x' or 1=1" })).json.success).toBe(false);
  });

  it('queryUserComponentData pages users by department, realname and username', async () => {
    const all = await get('/sys/user/queryUserComponentData', admin, { pageNo: 1, pageSize: 2 });
    expect(all.json.result).toMatchObject({ size: 2, current: 1 });
    expect(all.json.result.records).toHaveLength(2);
    expect(all.json.result.total).toBeGreaterThan(4);
    const it = await get('/sys/user/queryUserComponentData', admin, { departId: 'dep_it', pageSize: 50 });
    const usernames = it.json.result.records.map((u: any) => u.username);
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'lina']));
    expect(usernames).not.toContain('zhangwei');
    const one = await get('/sys/user/queryUserComponentData', admin, { username: 'wangf' });
    expect(one.json.result.records.map((u: any) => u.realname)).toEqual(['王芳']);
  });

  it('queryByIds names the chosen users in the order asked, skipping unknown ids', async () => {
    const { json } = await get('/sys/user/queryByIds', admin, { userIds: 'user_li,nobody,user_zhang' });
    expect(json.result.map((u: any) => [u.id, u.realname])).toEqual([
      ['user_li', '李娜'],
      ['user_zhang', '张伟'],
    ]);
    expect(json.result[0]).not.toHaveProperty('password');
    expect((await get('/sys/user/queryByIds', admin, { userIds: "x' or 1=1" })).json.success).toBe(false);
  });

  it('getCurrentUserDeparts gives the departments, the current org code and the held positions', async () => {
    const { json } = await get('/sys/user/getCurrentUserDeparts', admin);
    expect(json.result.orgCode).toBe('A01A03');
    expect(json.result.list.map((d: any) => d.departName)).toEqual(['数字化部']);
    expect(Array.isArray(json.result.positions)).toBe(true);
  });

  it('getCurrentUserDeparts answers a user without any list permission with only its own departments and positions', async () => {
    // no role at all: the administrators' position and department lists are closed to it
    const u = await createUser(admin, { departs: ['dep_collection', 'dep_it'], extra: { post: 'keeper' } });
    expect((await get('/sys/position/list', u.token)).json.code).toBe(510);
    const { json } = await get('/sys/user/getCurrentUserDeparts', u.token);
    expect(json.success).toBe(true);
    expect(json.result.list.map((d: any) => d.id).sort()).toEqual(['dep_collection', 'dep_it']);
    expect(json.result.positions.map((p: any) => [p.code, p.name])).toEqual([['keeper', '藏品保管员']]);

    // one with neither gets empty lists (the dialog then says so), not someone else's
    const bare = await createUser(admin);
    const none = await get('/sys/user/getCurrentUserDeparts', bare.token);
    expect(none.json.result).toMatchObject({ list: [], positions: [] });
  });
});

describe('the account name', () => {
  it('is kept on edit: a changed username is refused, the same one passes', async () => {
    const username = `k_${uniq()}`;
    const id = (await addUser({ username, realname: '账号不变' })).json.result;
    const renamed = await put('/sys/user/edit', { id, username: `${username}x`, realname: '改名' }, admin);
    expect(renamed.json).toMatchObject({ success: false });
    expect(renamed.json.message).toContain('用户账号不能修改');
    const row = (await get('/sys/user/queryById', admin, { id })).json.result;
    expect(row).toMatchObject({ username, realname: '账号不变' });
    const same = await put('/sys/user/edit', { id, username, realname: '改名' }, admin);
    expect(same.json.success, same.json.message).toBe(true);
  });
});

describe('logical delete', () => {
  it('hides the user, ends its sessions and refuses its login; one cannot delete oneself', async () => {
    const u = await createUser(admin);
    const res = await del('/sys/user/delete', admin, { id: u.id });
    expect(res.json).toMatchObject({ success: true, message: '删除成功！' });
    expect((await get('/sys/user/list', admin, { username: u.username })).json.result.total).toBe(0);
    expect((await get('/sys/user/queryById', admin, { id: u.id })).json.message).toBe('未找到对应数据');
    expect((await get('/sys/permission/getUserPermissionByToken', u.token)).status).toBe(401);
    expect((await post('/sys/login', { username: u.username, password: PASSWORD })).json.success).toBe(false);
    // the account name stays taken: a deleted user keeps its rows' history
    expect((await addUser({ username: u.username, realname: 'x' })).json.success).toBe(false);
    expect((await del('/sys/user/delete', admin, { id: 'user_admin' })).json.message).toBe(
      '不能删除当前登录用户',
    );
    expect((await del('/sys/user/delete', admin, { id: u.id })).json.message).toBe('未找到对应数据');
  });
});

describe('export and import', () => {
  it('exports users without passwords and imports new ones without a password', async () => {
    const res = await fetchRaw(
      '/sys/user/exportXls',
      admin,
      {},
      { exportType: 'xlsx', username: 'zhangwei' },
    );
    expect(res.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(3).values as unknown[]).filter(Boolean);
    expect(header).toContain('用户账号');
    expect(header).not.toContain('登录密码');
    expect(sheet.getRow(4).getCell(header.indexOf('用户账号') + 1).value).toBe('zhangwei');

    const out = new ExcelJS.Workbook();
    const s = out.addWorksheet('用户');
    const username = `imp_${uniq()}`;
    s.addRow(['用户账号', '用户姓名', '性别']);
    s.addRow([username, '导入用户', '女']);
    const form = new FormData();
    form.append('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'users.xlsx');
    const imp = await fetchRaw('/sys/user/importExcel', admin, { method: 'POST', body: form });
    const body = await imp.json();
    expect(body).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    const row = (await get('/sys/user/list', admin, { username })).json.result.records[0];
    expect(row).toMatchObject({ realname: '导入用户', sex: 2, status: 1 });
    expect((await post('/sys/login', { username, password: '' })).json.success).toBe(false);
  });
});

describe('a user manager role', () => {
  it('holds the user list and add but not freeze', async () => {
    const role = await createRole(admin, docPerms('sys_user', ['add']));
    const u = await createUser(admin, { roles: [role] });
    expect((await get('/sys/user/list', u.token)).json.success).toBe(true);
    const add = await post('/sys/user/add', { username: `m_${uniq()}`, realname: '被添加' }, u.token);
    expect(add.json.success).toBe(true);
    expect(
      (await put('/sys/user/frozenBatch', { ids: add.json.result, status: '2' }, u.token)).json.code,
    ).toBe(510);
  });
});

describe('no escalation through user administration', () => {
  it('a user manager cannot hand out a role beyond its own permissions, nor change its own roles', async () => {
    const role = await createRole(admin, [
      ...docPerms('sys_user', ['add', 'edit']),
      ...docPerms('base_unit'),
    ]);
    const manager = await createUser(admin, { roles: [role] });
    const beyond = await post(
      '/sys/user/add',
      { username: `esc_${uniq()}`, realname: '提权', selectedroles: 'role_admin' },
      manager.token,
    );
    expect(beyond.json).toMatchObject({ success: false, message: '不能分配超出自己权限的角色' });
    const narrow = await createRole(admin, docPerms('base_unit'));
    const within = await post(
      '/sys/user/add',
      { username: `ok_${uniq()}`, realname: '正常', selectedroles: narrow },
      manager.token,
    );
    expect(within.json.success).toBe(true);
    const self = await put(
      '/sys/user/edit',
      { id: manager.id, selectedroles: `${role},${narrow}` },
      manager.token,
    );
    expect(self.json.message).toBe('不能修改自己的角色、部门、租户或身份');
    const tenant = await post('/sys/tenant/add', { name: `租户${uniq()}`, status: '1' }, admin);
    const tenants = await put(
      '/sys/user/edit',
      { id: manager.id, relTenantIds: String(tenant.json.result) },
      manager.token,
    );
    expect(tenants.json.message).toBe('不能修改自己的角色、部门、租户或身份');
    expect(
      (await put('/sys/user/edit', { id: manager.id, realname: '改名可以' }, manager.token)).json.success,
    ).toBe(true);
    expect((await get('/sys/user/queryUserRole', admin, { userid: manager.id })).json.result).toEqual([role]);
  });
});
