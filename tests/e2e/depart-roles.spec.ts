import {
  addUser,
  adminToken,
  api,
  body,
  CHECKED,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  treeCheckbox,
  treeNode,
} from './fixtures';

/**
 * 部门角色 on 部门管理: a department's own roles, granted within what the department holds and
 * given to its users, whose side menu then shows what the role grants.
 */

test('a department role, granted one of its department’s menus and given a user, shows that menu to the user', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const departName = `档案室${stamp}`;
  const depart = await api(request, admin, 'POST', '/sys/sysDepart/add', { departName });
  expect(depart.success, depart.message).toBe(true);
  const username = `archivist_${stamp}`;
  const label = `档案员${stamp}（${username}）`;
  const { password } = await addUser(request, admin, {
    username,
    realname: `档案员${stamp}`,
    selecteddeparts: depart.result,
  });

  await loginAs(page);
  await openFromMenu(page, '系统管理', '部门管理');
  const departRow = rowOf(body(page), departName);

  // 部门角色: a role added here belongs to the department
  await departRow.getByRole('button', { name: '部门角色' }).click();
  const roles = page.getByRole('dialog', { name: `${departName} · 部门角色` });
  await expect(roles.locator('.ant-empty-description')).toHaveText('暂无数据');
  await roles.getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  await expect(add.getByLabel('所属部门')).toHaveCount(0);
  const roleName = `档案管理${stamp}`;
  await add.getByLabel('部门角色名称').fill(roleName);
  await add.getByLabel('部门角色编码').fill(`archive_${stamp}`);
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add).toBeHidden();
  const roleRow = rowOf(roles, roleName);
  await expect(roleRow).toHaveCount(1);
  await shot(page, 'system-depart-roles');

  // the department holds nothing yet, so its role can be granted nothing
  await roleRow.getByRole('button', { name: '授权' }).click();
  const grant = page.getByRole('dialog', { name: `部门角色权限配置：${roleName}` });
  await expect(grant.getByText('该部门还没有任何权限，请先为部门授权')).toBeVisible();
  await expect(grant.getByRole('button', { name: spaced('保存') })).toBeDisabled();
  await grant.getByRole('button', { name: spaced('取消') }).click();
  await expect(grant).toBeHidden();
  await roles.getByRole('button', { name: /关闭|close/i }).click();
  await expect(roles).toBeHidden();

  // the department is granted two menus of 基础数据
  await departRow.getByRole('button', { name: '授权' }).click();
  const departGrant = page.getByRole('dialog', { name: `部门权限配置：${departName}` });
  for (const title of ['基础数据', '计量单位', '岗位']) await treeCheckbox(departGrant, title).click();
  await departGrant.getByRole('button', { name: '保存并关闭' }).click();
  await expect(page.getByText('保存成功！').first()).toBeVisible();
  await expect(departGrant).toBeHidden();

  // now its role is offered exactly those, and is granted one of them
  await departRow.getByRole('button', { name: '部门角色' }).click();
  await roleRow.getByRole('button', { name: '授权' }).click();
  await expect(treeNode(grant, '岗位')).toBeVisible();
  await expect(treeNode(grant, '行政区域')).toHaveCount(0);
  await expect(treeNode(grant, '系统管理')).toHaveCount(0);
  await treeCheckbox(grant, '基础数据').click();
  await treeCheckbox(grant, '计量单位').click();
  await expect(treeNode(grant, '计量单位')).toHaveClass(CHECKED);
  await expect(treeNode(grant, '岗位')).not.toHaveClass(CHECKED);
  await shot(page, 'system-depart-role-grant');
  await grant.getByRole('button', { name: '保存并关闭' }).click();
  await expect(grant).toBeHidden();

  // 分配用户 offers the department's users
  await roleRow.getByRole('button', { name: '分配用户' }).click();
  const members = page.getByRole('dialog', { name: `分配用户：${roleName}` });
  const [offered, chosen] = [0, 1].map((i) => members.locator('.ant-transfer-section').nth(i));
  await offered.getByText(label).click();
  await members.getByRole('button', { name: 'right' }).click();
  await expect(chosen.getByText(label)).toBeVisible();
  await shot(page, 'system-depart-role-members');
  await members.getByRole('button', { name: spaced('保存') }).click();
  await expect(members).toBeHidden();
  await roleRow.getByRole('button', { name: '分配用户' }).click();
  await expect(chosen.getByText(label)).toBeVisible();
  await members.getByRole('button', { name: spaced('取消') }).click();

  // the user sees the menu the role grants, and not the department's other one
  const { context, page: other } = await signInElsewhere(browser, username, password);
  await openFromMenu(other, '基础数据', '计量单位');
  await expect(
    other.getByRole('menu', { name: '导航菜单' }).getByRole('menuitem', { name: '岗位' }),
  ).toHaveCount(0);
  await context.close();
});
