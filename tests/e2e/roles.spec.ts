import type { APIRequestContext } from '@playwright/test';
import {
  addUser,
  adminToken,
  api,
  body,
  CHECKED,
  expect,
  fillLogin,
  localOnly,
  loginAs,
  openFromMenu,
  popconfirmOk,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  treeCheckbox,
  treeNode,
} from './fixtures';

/**
 * The access screens: 授权 of roles (menus, buttons and a menu's data rules) and departments, and
 * 密码 / 冻结 / 解冻 of users, as an administrator does them.
 */

test('授权 of a new role: menus saved and seen again, a menu’s data rule chosen once the menu is held', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const ruleName = `本人创建${stamp}`;
  const rule = await api(request, admin, 'POST', '/sys/permission/addPermissionRule', {
    permissionId: 'doc_base_unit',
    ruleName,
    ruleColumn: 'createBy',
    ruleConditions: '=',
    ruleValue: '#{sys_user_code}',
  });
  expect(rule.success).toBe(true);

  await loginAs(page);
  await openFromMenu(page, '系统管理', '角色管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  const roleName = `库房管理${stamp}`;
  await add.getByLabel('角色名称').fill(roleName);
  await add.getByLabel('角色编码').fill(`store_${stamp}`);
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add).toBeHidden();
  const row = rowOf(body(page), roleName);
  await expect(row).toHaveCount(1);
  await shot(page, 'system-roles');

  await row.getByRole('button', { name: '授权' }).click();
  const drawer = page.getByRole('dialog', { name: `角色权限配置：${roleName}` });
  await expect(treeNode(drawer, '计量单位')).toBeVisible();

  // the data rules of a menu the role does not hold yet cannot be chosen
  await drawer.getByText('计量单位', { exact: true }).click();
  const rules = page.getByRole('dialog', { name: '数据规则：计量单位' });
  await rules.getByRole('checkbox', { name: new RegExp(ruleName) }).check();
  await rules.getByRole('button', { name: spaced('保存') }).click();
  await expect(page.getByText('请先保存角色菜单权限!')).toBeVisible();
  await rules.getByRole('button', { name: /关闭|close/i }).click();
  await expect(rules).toBeHidden();

  // with 父子关联 off (the default) a group is checked without its menus
  await treeCheckbox(drawer, '基础数据').click();
  await treeCheckbox(drawer, '计量单位').click();
  await expect(treeNode(drawer, '基础数据')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '计量单位')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '岗位')).not.toHaveClass(CHECKED);
  await expect(drawer.getByText('未保存：新增 2 项，取消 0 项')).toBeVisible();
  await shot(page, 'system-role-grant');
  await drawer.getByRole('button', { name: '保存并关闭' }).click();
  await expect(page.getByText('保存成功！').first()).toBeVisible();
  await expect(drawer).toBeHidden();

  // reopened: the saved grants are checked; 取消全选 then 取消 leaves them as saved
  await row.getByRole('button', { name: '授权' }).click();
  await expect(treeNode(drawer, '基础数据')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '计量单位')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '岗位')).not.toHaveClass(CHECKED);
  await drawer.getByRole('button', { name: '合并所有' }).click();
  await expect(treeNode(drawer, '计量单位')).toHaveCount(0);
  await drawer.getByRole('button', { name: '展开所有' }).click();
  await expect(treeNode(drawer, '计量单位')).toBeVisible();
  await drawer.getByRole('button', { name: '取消全选' }).click();
  await expect(treeNode(drawer, '计量单位')).not.toHaveClass(CHECKED);
  await drawer.getByRole('button', { name: spaced('取消') }).click();
  await expect(drawer).toBeHidden();
  await row.getByRole('button', { name: '授权' }).click();
  await expect(treeNode(drawer, '计量单位')).toHaveClass(CHECKED);

  // now the rule can be chosen, and it stays chosen
  await drawer.getByText('计量单位', { exact: true }).click();
  const choice = rules.getByRole('checkbox', { name: new RegExp(ruleName) });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await shot(page, 'system-role-datarule');
  await rules.getByRole('button', { name: spaced('保存') }).click();
  await expect(rules).toBeHidden();
  await expect(page.getByText('保存成功！').first()).toBeVisible();
  await drawer.getByText('计量单位', { exact: true }).click();
  await expect(choice).toBeChecked();
  const saved = await api(
    request,
    admin,
    'GET',
    `/sys/role/datarule/doc_base_unit/${await roleId(request, admin, roleName)}`,
  );
  expect(saved.result.drChecked).toBe(rule.result);
});

async function roleId(request: APIRequestContext, token: string, roleName: string): Promise<string> {
  const res = await api(request, token, 'GET', `/sys/role/list?roleName=${encodeURIComponent(roleName)}`);
  return res.result.records[0].id;
}

test('密码 sets a user’s password, 冻结 ends its session, 解冻 and the batch buttons work', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const username = `staff_${stamp}`;
  await addUser(request, admin, { username, realname: `馆员${stamp}`, selecteddeparts: 'dep_it' });

  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByLabel('用户账号').fill(username);
  await body(page).getByLabel('用户账号').press('Enter');
  const row = rowOf(body(page), username);
  await expect(body(page).locator('tbody tr')).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '正常', exact: true })).toBeVisible();

  await row.getByRole('button', { name: '密码' }).click();
  const dialog = page.getByRole('dialog', { name: `重置密码：${username}` });
  await dialog.getByLabel('登录密码').fill('After2026xy');
  await dialog.getByLabel('确认密码').fill('After2026xz');
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await expect(dialog.getByText('the two passwords entered differ!')).toBeVisible();
  await dialog.getByLabel('登录密码').fill('short');
  await expect(dialog.getByText('密码至少8位，且须同时包含字母和数字')).toBeVisible();
  await dialog.getByLabel('登录密码').fill('After2026xy');
  await dialog.getByLabel('确认密码').fill('After2026xy');
  await shot(page, 'system-user-password');
  await dialog.getByLabel('确认密码').press('Enter');
  await expect(page.getByText('密码修改成功！')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the user signs in with the new password in a browser of its own
  const { context, page: other } = await signInElsewhere(browser, username, 'After2026xy');

  await row.getByRole('button', { name: '冻结' }).click();
  await popconfirmOk(page).click();
  await expect(row.getByRole('cell', { name: '冻结', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: '解冻' })).toBeVisible();
  await shot(page, 'system-users-frozen');

  // its next request finds the session gone; signing in again is refused
  await other.reload();
  await other.waitForURL('**/user/login**');
  // a page of its own: the ended session reloads the old one once more
  const again = await context.newPage();
  await localOnly(again);
  await again.goto('/user/login');
  await fillLogin(again, username, 'After2026xy');
  await expect(again.getByText('该用户已冻结')).toBeVisible();

  await row.getByRole('button', { name: '解冻' }).click();
  await popconfirmOk(page).click();
  await expect(row.getByRole('cell', { name: '正常', exact: true })).toBeVisible();

  // the toolbar's 冻结 / 解冻 act on the selected rows, and ask for a selection first
  // the toolbar's buttons carry an icon, the row links do not
  const toolbarButton = (name: '冻结' | '解冻') =>
    body(page).getByRole('button', { name: `${name === '冻结' ? 'lock' : 'unlock'} ${name}`, exact: true });
  await toolbarButton('冻结').click();
  await expect(page.getByText('please select a record!')).toBeVisible();
  await row.getByRole('checkbox').check();
  await toolbarButton('冻结').click();
  const confirm = page.getByRole('dialog', { name: '批量冻结' });
  await confirm.getByRole('button', { name: spaced('确定') }).click();
  await expect(row.getByRole('cell', { name: '冻结', exact: true })).toBeVisible();
  await row.getByRole('checkbox').check();
  await toolbarButton('解冻').click();
  await page
    .getByRole('dialog', { name: '批量解冻' })
    .getByRole('button', { name: spaced('确定') })
    .click();
  await expect(row.getByRole('cell', { name: '正常', exact: true })).toBeVisible();

  await loginAs(again, username, 'After2026xy');
  await context.close();
});

test('授权 of a department saves its menus and shows them checked when reopened', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '部门管理');
  const row = rowOf(body(page), '文创生产中心');
  await row.getByRole('button', { name: '授权' }).click();
  const drawer = page.getByRole('dialog', { name: '部门权限配置：文创生产中心' });
  await treeCheckbox(drawer, '生产数据').click();
  await treeCheckbox(drawer, '工序类型').click();
  await shot(page, 'system-depart-grant');
  await drawer.getByRole('button', { name: spaced('保存') }).click();
  await expect(page.getByText('保存成功！')).toBeVisible();
  await expect(drawer.getByText(/^未保存/)).toHaveCount(0);
  await drawer.getByRole('button', { name: spaced('取消') }).click();
  await expect(drawer).toBeHidden();

  await row.getByRole('button', { name: '授权' }).click();
  await expect(treeNode(drawer, '生产数据')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '工序类型')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '计量单位')).not.toHaveClass(CHECKED);

  // with 父子关联 on, checking a menu checks its buttons and its group, unchecking takes them again
  await drawer.getByRole('checkbox', { name: '父子关联' }).check();
  await treeCheckbox(drawer, '计量单位').click();
  await expect(treeNode(drawer, '计量单位')).toHaveClass(CHECKED);
  await expect(treeNode(drawer, '基础数据')).toHaveClass(CHECKED);
  await expect(drawer.getByText(/^未保存：新增 ([3-9]|\d\d) 项，取消 0 项$/)).toBeVisible();
  await treeCheckbox(drawer, '计量单位').click();
  await expect(treeNode(drawer, '基础数据')).not.toHaveClass(CHECKED);
  await expect(drawer.getByText(/^未保存/)).toHaveCount(0);
});

test('a signed-in user’s menu follows a grant change at once, with a notice', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const roleCode = `live_${Date.now().toString(36)}`;
  const role = (await api(request, admin, 'POST', '/sys/role/add', { roleName: `实时${roleCode}`, roleCode }))
    .result as string;
  const granted = 'doc_base_unit,grp_base';
  expect(
    (
      await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
        roleId: role,
        permissionIds: granted,
        lastpermissionIds: '',
      })
    ).success,
  ).toBe(true);
  const username = `live_${Date.now().toString(36)}`;
  const { password } = await addUser(request, admin, { username, realname: '实时授权', selectedroles: role });

  const { context, page } = await signInElsewhere(browser, username, password);
  const nav = page.getByRole('menu', { name: '导航菜单' });
  await expect(nav.getByRole('menuitem', { name: '基础数据', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^计量单位：/ })).toBeVisible();

  // the admin takes the menu away: the open console drops it without a reload and says so
  await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role,
    permissionIds: '',
    lastpermissionIds: granted,
  });
  await expect(page.getByText('您的权限已变更，菜单和按钮已更新')).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: '基础数据', exact: true })).toHaveCount(0);
  // the home page's modules follow too
  await expect(page.getByRole('link', { name: /^计量单位：/ })).toHaveCount(0);
  await expect(page.getByText('暂无可查看的数据模块')).toBeVisible();
  await shot(page, 'grant-change-notice');
  await context.close();
});
