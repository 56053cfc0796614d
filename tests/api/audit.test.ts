import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, get, post, put, uniq } from './setup/client';
import { createUser, PASSWORD } from './setup/access';

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const logs = async (query: Record<string, string>) =>
  (await get('/sys/log/list', admin, { pageSize: 50, ...query })).json.result.records;

describe('login log', () => {
  it('records every attempt with who, when, where and the result, and the logout', async () => {
    const u = await createUser(admin);
    await post('/sys/login', { username: u.username, password: 'wrong-one' });
    await call('POST', '/sys/logout', { token: u.token, headers: { 'user-agent': 'audit-test' } });
    const rows = await logs({ logType: '1', username: u.username });
    expect(rows.map((r: any) => [r.logContent, r.success])).toEqual([
      ['退出登录', 1],
      ['用户名或密码错误', 0],
      ['登录成功', 1],
    ]);
    expect(rows[0]).toMatchObject({
      logType_dictText: '登录日志',
      success_dictText: '成功',
      userAgent: 'audit-test',
    });
    // both successes name the person; a failed attempt knows only the typed account
    expect(rows.map((r: any) => r.realname ?? '')).toEqual([`测试${u.username}`, '', `测试${u.username}`]);
    expect(rows[0].ip).toMatch(/127\.0\.0\.1/);
    expect(rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('operation log', () => {
  it('records writes with the route, target and result, refusals included; reads are not logged', async () => {
    const u = await createUser(admin);
    const code = `log_${uniq()}`;
    const add = await post('/sys/role/add', { roleName: '日志测试', roleCode: code }, admin);
    await put('/sys/user/frozenBatch', { ids: 'user_zhang', status: '1' }, u.token); // refused: 510
    await get('/sys/role/list', admin, { roleCode: code });
    const mine = await logs({ logType: '2', username: u.username });
    expect(mine).toEqual([
      expect.objectContaining({
        requestMethod: 'PUT',
        requestUrl: expect.stringMatching(/\/sys\/user\/frozenBatch$/),
        route: '/sys/user/frozenBatch',
        target: 'ids=user_zhang',
        success: 0,
        logContent: '没有权限，请联系管理员授权',
      }),
    ]);
    const adminRows = await logs({ logType: '2', username: 'admin', requestUrl: '*/sys/role/add' });
    expect(adminRows[0]).toMatchObject({ success: 1, logContent: '添加成功！', realname: '管理员' });
    expect(typeof adminRows[0].costTime).toBe('number');
    expect(add.json.success).toBe(true);
    expect((await logs({ logType: '2', requestUrl: '*/sys/role/list' })).length).toBe(0);
    // passwords are never stored: bodies are not logged
    await put('/sys/user/changPassword', { username: u.username, password: PASSWORD + 'Z9' }, admin);
    const all = JSON.stringify(await logs({ logType: '2', username: 'admin' }));
    expect(all).not.toContain(PASSWORD);
  });

  it('is read-only: no add, edit, delete or import routes', async () => {
    for (const [method, path] of [
      ['POST', '/sys/log/add'],
      ['PUT', '/sys/log/edit'],
      ['DELETE', '/sys/log/delete'],
      ['POST', '/sys/log/importExcel'],
    ])
      expect(
        (await call(method, path, { token: admin, body: method === 'DELETE' ? undefined : {} })).status,
      ).toBe(404);
    const exp = await fetch(`${(await import('./setup/client')).apiUrl()}/sys/log/exportXls?logType=1`, {
      headers: { 'X-Access-Token': admin },
    });
    expect(exp.headers.get('content-type')).toContain('application/vnd.ms-excel');
  });
});
