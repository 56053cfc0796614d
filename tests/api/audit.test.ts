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

describe('writes cannot hide from the operation log', () => {
  const addUnit = async () => {
    const code = `NUL${uniq()}`.replace(/[^A-Za-z0-9]/g, '');
    const add = await post('/base/unit/add', { name: '日志单位', code, unitType: '3' }, admin);
    expect(add.json.success, add.json.message).toBe(true);
    return { id: add.json.result as string, code };
  };
  const unitRows = async (id: string) =>
    (await logs({ logType: '2', username: 'admin', requestUrl: '*/base/unit/*' })).filter((r: any) =>
      String(r.target).includes(id),
    );

  it('refuses a NUL in a parameter up front: nothing changes and the refusal is logged as sent', async () => {
    const unit = await addUnit();
    const edit = await call('PUT', '/base/unit/edit', {
      token: admin,
      query: { id: '\u0000' },
      body: { id: unit.id, name: '改过了', code: unit.code, unitType: '3' },
    });
    expect(edit.json).toMatchObject({ success: false, message: '参数 id 包含非法字符（控制字符）' });
    const batch = await call('DELETE', '/base/unit/deleteBatch', {
      token: admin,
      query: { ids: unit.id, id: '\u0000' },
    });
    expect(batch.json).toMatchObject({ success: false, message: '参数 id 包含非法字符（控制字符）' });
    const row = await get('/base/unit/queryById', admin, { id: unit.id });
    expect(row.json.result).toMatchObject({ name: '日志单位' });

    const rows = await unitRows(unit.id);
    expect(rows.map((r: any) => [r.route, r.success, r.target])).toEqual([
      ['/base/unit/deleteBatch', 0, `id=\\x00; ids=${unit.id}`],
      ['/base/unit/edit', 0, `id=\\x00; id=${unit.id}`],
    ]);
  });

  it('refuses other control characters in a query, a path or a body; tabs and line breaks pass', async () => {
    for (const [p, query] of [
      ['/base/unit/list', { name: 'a\u0001b' }],
      ['/base/unit/list', { ['x\u0007']: '1' }],
      ['/sys/dict/getDictItems/unit\u001bstatus', {}],
    ] as const) {
      const res = await get(p, admin, query);
      expect(res.json.success, p).toBe(false);
      expect(res.json.message, p).toMatch(/包含非法字符/);
    }
    const unit = await addUnit();
    const bell = await put('/base/unit/edit', { id: unit.id, name: '响\u0007铃', code: unit.code }, admin);
    expect(bell.json).toMatchObject({ success: false, message: '参数 name 包含非法字符（控制字符）' });
    const tab = await put('/base/unit/edit', { id: unit.id, name: '制表\t换行\n', code: unit.code }, admin);
    expect(tab.json.success, tab.json.message).toBe(true);
  });

  it('logs every id a write names, whichever one the handler used', async () => {
    const unit = await addUnit();
    const other = await addUnit();
    const res = await call('DELETE', '/base/unit/deleteBatch', {
      token: admin,
      query: { ids: unit.id, id: other.id },
    });
    expect(res.json.success).toBe(true);
    const [row] = await unitRows(unit.id);
    expect(row).toMatchObject({
      route: '/base/unit/deleteBatch',
      success: 1,
      target: `id=${other.id}; ids=${unit.id}`,
    });
  });
});

describe('state changes through GET', () => {
  it('logs the release and revoke of an announcement', async () => {
    const add = await post(
      '/sys/annountCement/add',
      { titile: `日志通告${uniq()}`, msgCategory: '1', msgType: 'ALL' },
      admin,
    );
    const id = add.json.result as string;
    expect((await get('/sys/annountCement/doReleaseData', admin, { id })).json.success).toBe(true);
    expect((await get('/sys/annountCement/doReovkeData', admin, { id })).json.success).toBe(true);
    const rows = (
      await logs({ logType: '2', username: 'admin', requestUrl: '*/sys/annountCement/do*' })
    ).filter((r: any) => r.target === `id=${id}`);
    expect(rows.map((r: any) => [r.requestMethod, r.route, r.success, r.logContent])).toEqual([
      ['GET', '/sys/annountCement/doReovkeData', 1, '该系统通知撤销成功'],
      ['GET', '/sys/annountCement/doReleaseData', 1, '该系统通知发布成功'],
    ]);
  });

  it('logs a refused release like a refused write', async () => {
    const u = await createUser(admin);
    const refused = await get('/sys/annountCement/doReleaseData', u.token, { id: 'no_such_notice' });
    expect(refused.json.code).toBe(510);
    expect(await logs({ logType: '2', username: u.username })).toEqual([
      expect.objectContaining({
        route: '/sys/annountCement/doReleaseData',
        success: 0,
        target: 'id=no_such_notice',
      }),
    ]);
  });

  it('logs any GET that changed something, declared or not; reads stay unlogged', async () => {
    const refresh = await get('/sys/dict/refleshCache', admin);
    expect(refresh.json.success).toBe(true);
    await get('/sys/dict/queryAllDictItems', admin);
    const rows = await logs({ logType: '2', username: 'admin', requestUrl: '*/sys/dict/*' });
    expect(rows[0]).toMatchObject({ requestMethod: 'GET', route: '/sys/dict/refleshCache', success: 1 });
    expect(rows.some((r: any) => r.route === '/sys/dict/queryAllDictItems')).toBe(false);
  });
});
