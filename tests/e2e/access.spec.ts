import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, loginAs, shot, test } from './fixtures';

/**
 * The server half of issue 4 seen through the browser: the system documents render as lists, a
 * restricted user sees only its menus and its own rows, and a frozen user's session ends.
 */

async function api(request: APIRequestContext, token: string, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: { 'X-Access-Token': token },
    data,
  });
  return res.json();
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/sys/login', { data: ADMIN });
  return (await res.json()).result.token;
}

test('the admin finds the system administration lists, with departments shown and searchable', async ({
  page,
}) => {
  await loginAs(page);
  const nav = page.getByRole('menu', { name: '导航菜单' });
  await nav.getByText('系统管理').click();
  for (const title of ['用户管理', '角色管理', '菜单管理', '职务管理', '系统日志'])
    await expect(nav.getByText(title)).toBeVisible();
  await nav.getByText('用户管理').click();
  await expect(page.getByRole('cell', { name: '张伟' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '藏品保管组' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '登录密码' })).toHaveCount(0);
  await shot(page, 'system-users');
  await page.getByPlaceholder('请输入部门').fill('保管');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('cell', { name: '王芳' })).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: '张伟' })).toBeVisible();
});

test('a user with a “rows I created” rule sees its menus and rows only, and is signed out when frozen', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const rule = await api(request, admin, 'POST', '/sys/permission/addPermissionRule', {
    permissionId: 'doc_procedure_type',
    ruleName: '本人创建',
    ruleColumn: 'createBy',
    ruleConditions: '=',
    ruleValue: '#{sys_user_code}',
  });
  const role = await api(request, admin, 'POST', '/sys/role/add', {
    roleName: `工序维护${stamp}`,
    roleCode: `e2e_${stamp}`,
  });
  await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role.result,
    permissionIds: 'grp_production,doc_procedure_type,doc_procedure_type_add,doc_procedure_type_edit',
    lastpermissionIds: '',
  });
  await api(request, admin, 'POST', '/sys/role/datarule', {
    permissionId: 'doc_procedure_type',
    roleId: role.result,
    dataRuleIds: rule.result,
  });
  const username = `e2e_${stamp}`;
  const password = 'E2eUser2026x';
  const user = await api(request, admin, 'POST', '/sys/user/add', {
    username,
    realname: '端到端用户',
    password,
    selectedroles: role.result,
    selecteddeparts: 'dep_it',
  });
  const own = await request.post('/api/sys/login', { data: { username, password } });
  const userToken = (await own.json()).result.token;
  await api(request, userToken, 'POST', '/procedure/procedure/procedureType/add', {
    name: `我的工序${stamp}`,
    code: `E${stamp}`,
    category: '1',
  });

  // a second browser context: the user's own session
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  await loginAs(page, username, password);
  const nav = page.getByRole('menu', { name: '导航菜单' });
  await expect(nav.getByText('系统管理')).toHaveCount(0);
  await expect(nav.getByText('基础数据')).toHaveCount(0);
  await nav.getByText('生产数据').click();
  await expect(nav.getByText('产品信息')).toHaveCount(0);
  await nav.getByText('工序类型').click();
  await expect(page.getByRole('cell', { name: `我的工序${stamp}` })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one own row
  await shot(page, 'restricted-procedure-list');

  // another's row cannot be edited through the API either
  const others = await api(
    request,
    admin,
    'GET',
    '/procedure/procedure/procedureType/list?pageSize=1&createBy=admin',
  );
  const edit = await api(request, userToken, 'PUT', '/procedure/procedure/procedureType/edit', {
    id: others.result.records[0].id,
    name: '改了',
  });
  expect(edit.message).toBe('未找到对应数据');

  await api(request, admin, 'PUT', '/sys/user/frozenBatch', { ids: user.result, status: '2' });
  await nav.getByText('工序类型').click();
  await page.reload();
  await page.waitForURL('**/user/login**');
  await context.close();
});
