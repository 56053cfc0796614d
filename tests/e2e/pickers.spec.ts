import type { Locator } from '@playwright/test';
import { body, expect, loginAs, openFromMenu, pickUsers, shot, spaced, test } from './fixtures';

/**
 * The pickers as form widgets: departments (选择部门) and roles (the record-selection
 * modal) on a new user, seen again by name when the user is edited; the user picker
 * (根据部门选择用户) for an announcement's recipients.
 */

/** the names a picker field shows, as tags in the box beside its button (labelled "<title> :", "* <title> :" when required) */
const tags = (form: Locator, field: string) =>
  form
    .locator('.ant-select', {
      has: form.page().getByRole('combobox', { name: new RegExp(`^(\\* )?${field}\\s*:$`) }),
    })
    .locator('.ant-select-selection-item');

/** checks a department of the 选择部门 tree (or search result) */
async function checkDepart(picker: Locator, name: string) {
  await picker.locator('.ant-tree-treenode').filter({ hasText: name }).locator('.ant-tree-checkbox').click();
}

test('a new user gets two departments and a role through the pickers; 编辑 shows their names', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  const username = `pick_${Date.now().toString(36)}`;
  await add.getByLabel('用户账号').fill(username);
  await add.getByLabel('用户姓名').fill('选择器测试');

  await add.getByRole('button', { name: '选择所属部门' }).click();
  const departs = page.getByRole('dialog', { name: '选择部门' });
  await expect(departs.locator('.ant-tree-treenode').filter({ hasText: '文创生产中心' })).toBeVisible();
  const search = departs.getByPlaceholder('请输入部门名称按回车进行搜索');
  await search.fill('保管');
  await search.press('Enter');
  // the search shows the matching departments only
  await expect(departs.locator('.ant-tree-title')).toHaveText(['藏品保管组']);
  await checkDepart(departs, '藏品保管组');
  await search.fill('修复');
  await search.press('Enter');
  await expect(departs.locator('.ant-tree-title')).toHaveText(['文物修复室']);
  await checkDepart(departs, '文物修复室');
  await search.fill('不存在的部门');
  await search.press('Enter');
  await expect(departs.getByText('未查询匹配数据！')).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  // the whole tree again, both checks kept
  await expect(departs.locator('.ant-tree-treenode-checkbox-checked .ant-tree-title')).toHaveText([
    '藏品保管组',
    '文物修复室',
  ]);
  await expect(departs.getByText('已选择 2 个部门：藏品保管组、文物修复室')).toBeVisible();
  await shot(page, 'picker-depart');
  await departs.getByRole('button', { name: spaced('确定') }).click();
  await expect(departs).toBeHidden();
  await expect(tags(add, '所属部门')).toHaveText(['藏品保管组', '文物修复室']);

  await add.getByRole('button', { name: '选择角色' }).click();
  const roles = page.getByRole('dialog', { name: '角色管理选择' });
  await roles.getByLabel('搜索').fill('审计');
  await roles.getByLabel('搜索').press('Enter');
  const found = roles.locator('tbody tr.ant-table-row');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('auditor');
  await found.getByRole('checkbox').check();
  await expect(roles.getByText('已选择 1 项')).toBeVisible();
  await shot(page, 'picker-role');
  await roles.getByRole('button', { name: spaced('确定') }).click();
  await expect(roles).toBeHidden();
  await expect(tags(add, '角色')).toHaveText(['审计员']);

  // the same record-selection modal for positions: stores the position code, shows its name
  await add.getByRole('button', { name: '选择岗位' }).click();
  const posts = page.getByRole('dialog', { name: '职务管理选择' });
  // a picker pages by 5; 10 a page shows all eight
  await expect(posts.locator('.ant-pagination-total-text')).toHaveText('1-5 共 8 条');
  await posts.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByText('10 条/页').click();
  await expect(posts.locator('tbody tr.ant-table-row')).toHaveCount(8);
  await posts.locator('tbody tr.ant-table-row').filter({ hasText: 'curator' }).click();
  await posts.locator('tbody tr.ant-table-row').filter({ hasText: 'keeper' }).getByRole('checkbox').check();
  await posts.getByRole('button', { name: '删除藏品保管员' }).click();
  await expect(posts.getByText('已选择 1 项')).toBeVisible();
  await shot(page, 'picker-position');
  await posts.getByRole('button', { name: spaced('确定') }).click();
  await expect(posts).toBeHidden();
  await expect(tags(add, '岗位')).toHaveText(['策展人']);
  await shot(page, 'picker-user-form');

  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add).toBeHidden();
  await body(page).getByLabel('用户账号').fill(username);
  await body(page).getByLabel('用户账号').press('Enter');
  const row = body(page).locator('tbody tr').filter({ hasText: username });
  await expect(row.getByRole('cell', { name: '藏品保管组,文物修复室' })).toBeVisible();

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  // the record's departments come back as a set: any order
  const stored = tags(edit, '所属部门');
  await expect(stored).toHaveCount(2);
  for (const name of ['藏品保管组', '文物修复室'])
    await expect(stored.filter({ hasText: name })).toHaveCount(1);
  await expect(tags(edit, '角色')).toHaveText(['审计员']);
  await expect(tags(edit, '岗位')).toHaveText(['策展人']);
  // the picker opens with the stored departments checked
  await edit.getByRole('button', { name: '选择所属部门' }).click();
  const again = page.getByRole('dialog', { name: '选择部门' });
  await expect(again.locator('.ant-tree-treenode-checkbox-checked .ant-tree-title')).toHaveText([
    '藏品保管组',
    '文物修复室',
  ]);
  await again.getByRole('button', { name: spaced('取消') }).click();
  await expect(again).toBeHidden();
});

test('an announcement’s recipient is picked by department and account in 根据部门选择用户', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '系统通告');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('标题').fill(`指定用户通知${Date.now().toString(36)}`);
  await d.getByRole('radio', { name: '指定用户' }).check();

  await d.getByRole('button', { name: '选择指定用户' }).click();
  const picker = page.getByRole('dialog', { name: '根据部门选择用户' });
  const rows = picker.locator('tbody tr.ant-table-row');
  // every department's users, newest first (other tests add users, so no name is sure to be on page 1)
  await expect(rows.nth(1)).toBeVisible();
  // 展览部 and its groups: 赵磊 of 陈列设计组 only
  await picker
    .locator('.ant-tree-treenode')
    .filter({ hasText: /^展览部$/ })
    .locator('.ant-tree-title')
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('赵磊');
  await expect(rows).toContainText('陈列设计组');
  // an account outside the department finds no one there
  await picker.getByLabel('用户账号').fill('lina');
  await picker.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
  await expect(picker.getByText('没有符合条件的用户')).toBeVisible();
  // 重置 clears the account and the department
  await picker.getByRole('button', { name: /重\s*置/ }).click();
  await expect(picker.getByLabel('用户账号')).toHaveValue('');
  await expect(rows.nth(1)).toBeVisible();
  await picker.getByLabel('用户账号').fill('lina');
  await picker.getByLabel('用户账号').press('Enter');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('checkbox').check();
  await expect(picker.getByText('已选择 1 位用户：李娜')).toBeVisible();
  await shot(page, 'picker-user');
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await expect(picker).toBeHidden();
  await expect(tags(d, '指定用户')).toHaveText(['李娜']);

  // a second recipient through the shared helper keeps the first
  await pickUsers(page, d, '指定用户', ['zhaolei']);
  await expect(tags(d, '指定用户')).toHaveText(['李娜', '赵磊']);
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
});
