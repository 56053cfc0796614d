import type { Locator } from '@playwright/test';
import {
  closeDialog,
  adminToken,
  api,
  body,
  expect,
  loginAs,
  openFromMenu,
  popconfirmOk,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  tokenOf,
  treeCheckbox,
  treeNode,
  userWithGrants,
} from './fixtures';

/**
 * Issue 4's path through the browser: the system lists, and an administrator who creates a
 * department, a data rule, a role with a few menus and buttons and that rule, and a user in both,
 * all on the screens; the user then sees only those menus, buttons and its own rows, cannot edit
 * another's row through the API, and its session ends when it is frozen.
 */

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
  // the search area shows its first row until 展开
  await expect(page.getByPlaceholder('请输入部门')).toHaveCount(0);
  await body(page).getByRole('button', { name: '展开' }).click();
  await page.getByPlaceholder('请输入部门').fill('保管');
  await page.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
  await expect(page.getByRole('cell', { name: '王芳' })).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: '张伟' })).toBeVisible();
});

/** opens a folded node of a grant tree until the child shows (a click during an animation may be lost) */
async function expandTo(tree: Locator, parent: string, child: string) {
  await expect(async () => {
    if (!(await treeNode(tree, child).isVisible()))
      await treeNode(tree, parent).locator('.ant-tree-switcher').click();
    await expect(treeNode(tree, child)).toBeVisible({ timeout: 2000 });
  }).toPass();
}

test('the admin sets up a department, a rule, a role and a user on the screens; the user sees only what they allow', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const departName = `审计室${stamp}`;
  const ruleName = `本人创建${stamp}`;
  const roleName = `工序录入${stamp}`;
  const roleCode = `proc_${stamp}`;
  const username = `clerk_${stamp}`;
  const password = 'Clerk2026xy';
  await loginAs(page);

  // 部门管理: a new top-level department
  await openFromMenu(page, '系统管理', '部门管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const depart = page.getByRole('dialog', { name: '新增' });
  await depart.getByLabel('机构名称').fill(departName);
  await depart.getByRole('button', { name: spaced('确定') }).click();
  await expect(depart).toBeHidden();
  await expect(rowOf(body(page), departName)).toHaveCount(1);

  // 菜单管理: a data rule on 工序类型 — rows the signed-in user created
  await openFromMenu(page, '系统管理', '菜单管理');
  // 全部展开 opens what has loaded: until the tree is there, a click may open nothing
  await expect(async () => {
    if (!(await rowOf(body(page), '工序类型').first().isVisible()))
      await body(page).getByRole('button', { name: '全部展开' }).click();
    await expect(rowOf(body(page), '工序类型').first()).toBeVisible({ timeout: 2000 });
  }).toPass();
  await rowOf(body(page), '工序类型').first().getByRole('button', { name: '数据规则' }).click();
  const rules = page.getByRole('dialog', { name: '数据规则：工序类型' });
  await rules.getByRole('button', { name: '新增' }).click();
  const ruleForm = page.getByRole('dialog', { name: '新增数据规则' });
  await ruleForm.getByLabel('规则名称').fill(ruleName);
  await ruleForm.getByLabel('规则字段').fill('createBy');
  await ruleForm.getByLabel('规则值').fill('#{sys_user_code}');
  await ruleForm.getByRole('button', { name: spaced('确定') }).click();
  await expect(ruleForm).toBeHidden();
  await expect(rowOf(rules, ruleName)).toHaveCount(1);
  await closeDialog(rules);

  // 角色管理: a role holding 生产数据 → 工序类型 with its 添加 and 编辑 buttons, and the rule
  await openFromMenu(page, '系统管理', '角色管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const role = page.getByRole('dialog', { name: '新增' });
  await role.getByLabel('角色名称').fill(roleName);
  await role.getByLabel('角色编码').fill(roleCode);
  await role.getByRole('button', { name: spaced('确定') }).click();
  await expect(role).toBeHidden();
  await rowOf(body(page), roleName).getByRole('button', { name: '授权' }).click();
  const grant = page.getByRole('dialog', { name: `角色权限配置：${roleName}` });
  // folded, then only 生产数据 and 工序类型 open: the buttons shown are 工序类型's own
  await grant.getByRole('button', { name: '合并所有' }).click();
  await expandTo(grant, '生产数据', '工序类型');
  await expandTo(grant, '工序类型', '添加');
  for (const title of ['生产数据', '工序类型', '添加', '编辑']) await treeCheckbox(grant, title).click();
  await expect(grant.getByText('未保存：新增 4 项，取消 0 项')).toBeVisible();
  await grant.getByRole('button', { name: spaced('保存') }).click();
  await expect(page.getByText('保存成功！').first()).toBeVisible();
  await grant.getByText('工序类型', { exact: true }).click();
  const ruleChoice = page.getByRole('dialog', { name: '数据规则：工序类型' });
  await ruleChoice.getByRole('checkbox', { name: new RegExp(ruleName) }).check();
  await ruleChoice.getByRole('button', { name: spaced('保存') }).click();
  await expect(ruleChoice).toBeHidden();
  await grant.getByRole('button', { name: spaced('取消') }).click();
  await expect(grant).toBeHidden();

  // 用户管理: a user in that department with that role, both chosen with the pickers
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  await add.getByLabel('用户账号').fill(username);
  await add.getByLabel('用户姓名').fill(`录入员${stamp}`);
  await add.getByLabel('登录密码').fill(password);
  await add.getByRole('button', { name: '选择所属部门' }).click();
  const departs = page.getByRole('dialog', { name: '选择部门' });
  const search = departs.getByPlaceholder('请输入部门名称按回车进行搜索');
  await search.fill(departName);
  await search.press('Enter');
  await departs
    .locator('.ant-tree-treenode')
    .filter({ hasText: departName })
    .locator('.ant-tree-checkbox')
    .click();
  await departs.getByRole('button', { name: spaced('确定') }).click();
  await add.getByRole('button', { name: '选择角色' }).click();
  const roles = page.getByRole('dialog', { name: '角色管理选择' });
  await roles.getByLabel('搜索').fill(roleCode);
  await roles.getByLabel('搜索').press('Enter');
  await roles.locator('tbody tr.ant-table-row').filter({ hasText: roleCode }).getByRole('checkbox').check();
  await roles.getByRole('button', { name: spaced('确定') }).click();
  await shot(page, 'system-user-setup');
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add).toBeHidden();
  await body(page).getByLabel('用户账号').fill(username);
  await body(page).getByLabel('用户账号').press('Enter');
  const userRow = rowOf(body(page), username);
  await expect(userRow.getByRole('cell', { name: departName })).toBeVisible();

  // the user, in a browser of its own, adds a row of its own
  const { context, page: other } = await signInElsewhere(browser, username, password);
  const userToken = await tokenOf(other);
  const own = await api(other.request, userToken, 'POST', '/procedure/procedure/procedureType/add', {
    name: `我的工序${stamp}`,
    code: `E${stamp}`,
    category: '1',
  });
  expect(own.success).toBe(true);
  const nav = other.getByRole('menu', { name: '导航菜单' });
  await expect(nav.getByText('系统管理')).toHaveCount(0);
  await expect(nav.getByText('基础数据')).toHaveCount(0);
  await openFromMenu(other, '生产数据', '工序类型');
  await expect(nav.getByText('产品信息')).toHaveCount(0);
  // only its own row, and only the buttons granted
  await expect(other.getByRole('cell', { name: `我的工序${stamp}` })).toBeVisible();
  await expect(body(other).locator('tbody tr')).toHaveCount(1);
  await expect(body(other).getByRole('button', { name: '新增' })).toBeVisible();
  await expect(body(other).getByRole('button', { name: /导\s*出/ })).toHaveCount(0);
  await expect(body(other).getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  await expect(rowOf(body(other), `我的工序${stamp}`).getByRole('button', { name: '编辑' })).toBeVisible();
  await shot(other, 'restricted-procedure-list');

  // another's row cannot be edited through the API either
  const admin = await adminToken(request);
  const others = await api(
    request,
    admin,
    'GET',
    '/procedure/procedure/procedureType/list?pageSize=1&createBy=admin',
  );
  const edit = await api(other.request, userToken, 'PUT', '/procedure/procedure/procedureType/edit', {
    id: others.result.records[0].id,
    name: '改了',
  });
  expect(edit.message).toBe('未找到对应数据');

  // frozen on 用户管理: the user's next request ends its session
  await userRow.getByRole('button', { name: '冻结' }).click();
  await popconfirmOk(page).click();
  await expect(userRow.getByRole('cell', { name: '冻结', exact: true })).toBeVisible();
  await other.reload();
  await other.waitForURL('**/user/login**');
  await context.close();
});

test('a page that exists but is not granted shows 无权访问 with a way home, whatever its kind; an unknown path is 404', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const user = await userWithGrants(request, admin, 'few', 'grp_base,doc_base_unit');
  await loginAs(page, user.username, user.password);
  const forbidden = page.getByText('抱歉，您没有访问此页面的权限，请联系管理员授权。');
  // a menu entry, a report, an online list of a document, none of them granted
  for (const path of [
    '/system/user',
    '/online/cgreport/product_category_report',
    '/online/cgformTabList/museum_loan',
  ]) {
    await page.goto(path);
    await expect(forbidden).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('无权访问');
    await expect(page.getByText('页面不存在')).toHaveCount(0);
  }
  await shot(page, 'access-forbidden');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await expect(forbidden).toHaveCount(0);
});
