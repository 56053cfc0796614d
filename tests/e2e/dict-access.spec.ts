import {
  addUser,
  adminToken,
  api,
  body,
  expect,
  openFromMenu,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  tokenOf,
} from './fixtures';

/**
 * Issue 13 as a user sees it: a user whose one role holds 产品信息 (list and add) reads the unit
 * and product-type dictionaries only as that form names them. Its selects still fill, and it saves
 * a product; the unit list itself and staff phones stay closed to it.
 */
test('a user with one role still fills the selects of the forms it may open, and reads nothing more', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const role = (
    await api(request, admin, 'POST', '/sys/role/add', {
      roleName: `产品录入${stamp}`,
      roleCode: `prod_${stamp}`,
    })
  ).result as string;
  const granted = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role,
    permissionIds: 'grp_production,doc_pro_product,doc_pro_product_add',
    lastpermissionIds: '',
  });
  expect(granted.success).toBe(true);
  const { username, password } = await addUser(request, admin, {
    username: `prod_${stamp}`,
    realname: '产品录入员',
    selectedroles: role,
  });
  const { context, page } = await signInElsewhere(browser, username, password);

  // outside the form's dictionaries the answer is that of an unknown dictionary
  const token = await tokenOf(page);
  for (const code of ['base_unit,name,code', 'sys_user,phone,username', 'no_such_table,name,id'])
    expect(await api(page.request, token, 'GET', `/sys/dict/getDictItems/${code}`)).toMatchObject({
      success: false,
      message: '字典不存在或不允许访问',
    });

  await openFromMenu(page, '生产数据', '产品信息');
  // the list's texts come from the server
  await body(page).getByLabel('产品编码').fill('WC0101-001');
  await body(page).getByLabel('产品编码').press('Enter');
  const notebook = rowOf(body(page), 'WC0101-001');
  await expect(notebook.getByRole('cell', { name: '件', exact: true })).toBeVisible();
  await expect(notebook.getByRole('cell', { name: '笔记本', exact: true })).toBeVisible();

  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('产品名称').fill(`青绿书签${stamp}`);
  await d.getByLabel('产品编码').fill(`E2E-${stamp}`);
  // 产品分类: a tree over pro_product_type, its children loading on expand
  await d.getByLabel('产品分类').click();
  const tree = page.locator('.ant-select-dropdown:visible');
  await expect(tree.getByTitle('文创产品', { exact: true })).toBeVisible();
  await tree
    .locator('.ant-select-tree-treenode')
    .filter({ hasText: '文创产品' })
    .locator('.ant-select-tree-switcher')
    .click();
  await tree
    .locator('.ant-select-tree-treenode')
    .filter({ hasText: /^文具用品$/ })
    .locator('.ant-select-tree-switcher')
    .click();
  await tree.getByTitle('书签', { exact: true }).click();
  await expect(d.getByLabel('产品分类').locator('xpath=..')).toHaveAttribute('title', '书签');
  // 计量单位: a select over base_unit
  await d.getByLabel('计量单位').click();
  const units = page.locator('.ant-select-dropdown:visible');
  await expect(units.getByTitle('千克', { exact: true })).toBeVisible();
  await shot(page, 'dict-access-form-select');
  await units.getByTitle('件', { exact: true }).click();
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await body(page).getByLabel('产品编码').fill(`E2E-${stamp}`);
  await body(page).getByLabel('产品编码').press('Enter');
  const saved = rowOf(body(page), `E2E-${stamp}`);
  await expect(saved.getByRole('cell', { name: '书签', exact: true })).toBeVisible();
  await expect(saved.getByRole('cell', { name: '件', exact: true })).toBeVisible();
  await context.close();
});
