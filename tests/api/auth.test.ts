import { describe, expect, it } from 'vitest';
import { adminToken, call, get, login, post, uniq } from './setup/client';
import { inject } from 'vitest';

describe('password login and sessions', () => {
  it('answers a wrong password with the envelope and the server message', async () => {
    const { status, json } = await post('/sys/login', { username: 'admin', password: 'wrong-password' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    expect(typeof json.timestamp).toBe('number');
  });

  it('does not reveal whether an account exists', async () => {
    const { json } = await post('/sys/login', { username: `nobody_${uniq()}`, password: 'x' });
    expect(json.message).toBe('用户名或密码错误');
  });

  it('logs in with the contract result and never sends the password hash', async () => {
    const { json } = await post('/sys/login', { username: 'admin', password: inject('adminPassword') });
    expect(json).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = json.result;
    expect(typeof r.token).toBe('string');
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员', roleCode: 'admin' });
    expect(r.userInfo).not.toHaveProperty('password');
    expect(JSON.stringify(json)).not.toContain('scrypt');
    expect(r.userRole).toEqual([expect.objectContaining({ roleCode: 'admin' })]);
    expect(r.company).toHaveProperty('sysCompanyId');
    expect(r.multi_depart).toBe(1);
    expect(r.departs[0]).toMatchObject({ departName: '数字化部', orgCode: 'A01A03' });
  });

  it('refuses a missing, forged or revoked token with HTTP 401 and the token text', async () => {
    for (const token of [undefined, 'abc', 'abc.def', 'x'.repeat(300)]) {
      const { status, json } = await get('/sys/permission/getUserPermissionByToken', token);
      expect(status).toBe(401);
      expect(json).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
    }
    const token = await adminToken();
    expect((await get('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);
    const out = await post('/sys/logout', {}, token);
    expect(out.json).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await get('/sys/permission/getUserPermissionByToken', token)).status).toBe(401);
  });

  it('a token signed with another secret is refused even with a valid-looking shape', async () => {
    const token = await adminToken();
    const [id] = token.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    expect((await get('/sys/permission/getUserPermissionByToken', forged)).status).toBe(401);
  });

  it('locks an account for 10 minutes after 5 failed logins, even for the right password', async () => {
    const username = `lock_${uniq()}`;
    for (let i = 0; i < 5; i++)
      expect((await post('/sys/login', { username, password: 'bad' })).json.message).toBe('用户名或密码错误');
    const sixth = await post('/sys/login', { username, password: 'bad' });
    expect(sixth.json.message).toBe('该用户登录失败次数过多，请于10分钟后再次登录！');
  });

  it('rejects malformed bodies with a Chinese message and no internals', async () => {
    const bad = await call('POST', '/sys/login', { rawBody: '{"username": ' });
    expect(bad.json).toMatchObject({ success: false, message: '请求体不是合法的 JSON' });
    const wrongType = await post('/sys/login', { username: { $ne: 1 }, password: ['x'] });
    expect(wrongType.json).toMatchObject({ success: false, message: '参数 username 格式不正确' });
    const long = await post('/sys/login', { username: 'a'.repeat(5000), password: 'x' });
    expect(long.json.message).toMatch(/过长/);
  });
});

describe('menu and button permissions by token', () => {
  it('gives the admin the home menu first, document menus under their groups and all buttons', async () => {
    const token = await login('admin', inject('adminPassword'));
    const { json } = await get('/sys/permission/getUserPermissionByToken', token);
    const { menu, auth, allAuth } = json.result;
    expect(menu[0]).toMatchObject({
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      meta: { title: '首页' },
    });
    const base = menu.find((m: any) => m.meta.title === '基础数据');
    const unit = base.children.find((c: any) => c.meta.title === '计量单位');
    expect(unit).toMatchObject({
      path: '/online/cgformList/base_unit',
      route: '1',
      name: 'online-cgformList-base_unit',
    });
    expect(unit.meta.permissionList.map((p: any) => p.action)).toEqual(
      expect.arrayContaining([
        'base:unit:add',
        'base:unit:edit',
        'base:unit:delete',
        'base:unit:batch_delete',
        'base:unit:export',
        'base:unit:import',
      ]),
    );
    const tree = menu
      .find((m: any) => m.meta.title === '生产数据')
      .children.find((c: any) => c.meta.title === '产品分类');
    expect(tree.path).toBe('/online/cgformTreeList/pro_product_type');
    expect(auth.map((a: any) => a.action)).toContain('pro:product:export');
    expect(allAuth.every((a: any) => 'status' in a && 'type' in a)).toBe(true);
  });
});
