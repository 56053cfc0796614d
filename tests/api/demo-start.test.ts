import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { adminToken, get, login, post } from './setup/client';

/**
 * The demo out of the box: 部门切换 completes for admin and the demo users, and DEMO_PASSWORD lets
 * the demo users sign in (none ships a password otherwise).
 */
describe('部门切换 out of the box', () => {
  it('admin holds positions, so the switch completes and names the department', async () => {
    const admin = await adminToken();
    const own = await get('/sys/user/getCurrentUserDeparts', admin);
    const positions = own.json.result.positions as { id: string; code: string }[];
    expect(positions.map((p) => p.code)).toEqual(['dept_head', 'digital_engineer']);
    const switched = await post(
      '/sys/selectDepart',
      { username: 'admin', selectDepartId: 'dep_it', selectPositionId: positions[0].id },
      admin,
    );
    expect(switched.json).toMatchObject({ success: true, message: '切换成功' });
    expect(switched.json.result.userInfo).toMatchObject({ orgCode: 'A01A03', departName: '数字化部' });
  });

  it('demo users have no password unless DEMO_PASSWORD gives them one', async () => {
    const { json } = await post('/sys/login', { username: 'lina', password: 'Demo#2026pass' });
    expect(json.success).toBe(false);
  });

  it('a weak DEMO_PASSWORD stops the start with the password rule', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: 'abc' })).toThrow(
      'DEMO_PASSWORD: 密码至少8位，且须同时包含字母和数字',
    );
  });
});

describe('DEMO_PASSWORD', () => {
  let server: Server;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-demo-'));
  beforeAll(async () => {
    const { startOwnServer } = await import('./setup/own-server');
    server = await startOwnServer(root, { DEMO_PASSWORD: 'Demo#2026pass' });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('lets every demo user sign in, and the banner list names each with what it may do', async () => {
    expect(server.demoUsers.map((u) => [u.username, u.canSignIn])).toEqual([
      ['zhangwei', true],
      ['lina', true],
      ['wangfang', true],
      ['zhaolei', true],
    ]);
    expect(server.demoUsers.find((u) => u.username === 'lina')!.roles).toEqual([
      expect.objectContaining({ name: '生产计划员' }),
    ]);
    expect(server.demoUsers.find((u) => u.username === 'zhaolei')!.roles).toEqual([]);
    for (const u of server.demoUsers) expect(await login(u.username, 'Demo#2026pass')).toBeTruthy();
  });

  it('a demo user switches department and its department rule follows (生产计划员, 本部门及下级部门)', async () => {
    const token = await login('lina', 'Demo#2026pass');
    const own = (await get('/sys/user/getCurrentUserDeparts', token)).json.result;
    expect(own.list.map((d: { departName: string }) => d.departName).sort()).toEqual([
      '数字化部',
      '生产车间',
    ]);
    const position = own.positions[0].id as string;
    const products = async () => (await get('/pro/product/list', token, { pageSize: 50 })).json.result.total;
    const inIt = await products();
    expect(inIt).toBeGreaterThan(0); // the demo products belong to 数字化部

    const workshop = await post(
      '/sys/selectDepart',
      { username: 'lina', selectDepartId: 'dep_workshop', selectPositionId: position },
      token,
    );
    expect(workshop.json).toMatchObject({ success: true, message: '切换成功' });
    expect(workshop.json.result.userInfo.departName).toBe('生产车间');
    expect(await products()).toBe(0);

    await post(
      '/sys/selectDepart',
      { username: 'lina', selectDepartId: 'dep_it', selectPositionId: position },
      token,
    );
    expect(await products()).toBe(inIt);
  });
});
