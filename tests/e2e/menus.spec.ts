import type { Page } from '@playwright/test';
import {
  body,
  closeDialog,
  expect,
  loginAs,
  openFromMenu,
  popconfirmOk,
  rowOf,
  shot,
  spaced,
  test,
} from './fixtures';

/**
 * 菜单管理 through the browser: the admin adds a top-level menu opening a document list and a
 * button under it, renames the menu, gives it a data rule, deletes the button, finds the menu in
 * the side menu (the admin role receives every new entry), and removes the menu again.
 */

const nav = (page: Page) => page.getByRole('menu', { name: '导航菜单' });

test('the admin builds a menu with a button and a data rule, and finds it in the side menu', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `单位速查${stamp}`;
  const renamed = `常用单位${stamp}`;
  const code = `quick${stamp}:export`;

  await loginAs(page);
  await openFromMenu(page, '系统管理', '菜单管理');
  const table = body(page);
  await expect(rowOf(table, '系统管理').getByRole('cell', { name: '一级菜单' })).toBeVisible();
  await body(page).getByRole('button', { name: '全部展开' }).click();
  await expect(rowOf(table, 'system/PermissionList')).toHaveCount(1);
  await expect(table.getByRole('cell', { name: 'system:user:add', exact: true })).toBeVisible();
  await shot(page, 'system-permission');
  await body(page).getByRole('button', { name: '全部折叠' }).click();
  await expect(rowOf(table, 'system/PermissionList')).toHaveCount(0);

  // a top-level menu: a module path whose component lists the document its componentName names
  await body(page).getByRole('button', { name: '新增菜单' }).click();
  const add = page.getByRole('dialog', { name: '新增菜单' });
  await expect(add.getByRole('radio', { name: '一级菜单' })).toBeChecked();
  await expect(add.getByLabel('上级菜单')).toHaveCount(0);
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add.getByText('请输入菜单名称')).toBeVisible();
  await expect(add.getByText('请输入菜单路径')).toBeVisible();
  await add.getByLabel('菜单名称').fill(name);
  await add.getByLabel('菜单路径').fill('/base/quick-units');
  await add.getByLabel('前端组件').fill('modules/online/cgform/auto/OnlCgformAutoList');
  await add.getByLabel('组件名称').fill('base_unit');
  const icon = add.getByLabel('菜单图标');
  await icon.click();
  await icon.fill('calculator');
  await icon.press('Enter');
  await add.getByLabel('排序').fill('95');
  await shot(page, 'system-permission-menu-form');
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(add).toBeHidden();
  const menuRow = rowOf(table, name);
  await expect(menuRow.getByRole('cell', { name: '/base/quick-units' })).toBeVisible();
  // the side menu is loaded again at once
  await expect(nav(page).getByRole('menuitem', { name })).toBeVisible();

  // 添加下级 starts a 子菜单 under the row; a button needs its permission code
  await menuRow.getByRole('button', { name: '添加下级' }).click();
  const child = page.getByRole('dialog', { name: '添加下级' });
  await expect(child.getByRole('radio', { name: '子菜单' })).toBeChecked();
  // the document form is one item holding the fields' items: the last match is 上级菜单's own
  await expect(child.locator('.ant-form-item').filter({ hasText: '上级菜单' }).last()).toContainText(name);
  await shot(page, 'system-permission-submenu-form');
  await child.getByRole('radio', { name: '按钮权限' }).check();
  await expect(child.getByLabel('菜单路径')).toHaveCount(0);
  await child.getByLabel('按钮/权限名称').fill('导出速查');
  await child.getByRole('button', { name: spaced('确定') }).click();
  await expect(child.getByText('请输入授权标识')).toBeVisible();
  await child.getByLabel('授权标识').fill(code);
  await shot(page, 'system-permission-button-form');
  await child.getByRole('button', { name: spaced('确定') }).click();
  await expect(child).toBeHidden();
  // the parent opens to show the new button
  const buttonRow = rowOf(table, code);
  await expect(buttonRow.getByRole('cell', { name: '按钮权限' })).toBeVisible();
  await expect(buttonRow.getByRole('cell', { name: '导出速查' })).toBeVisible();
  await expect(buttonRow.getByRole('button', { name: '数据规则' })).toHaveCount(0);

  // rename the menu
  await menuRow.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑菜单' });
  await expect(edit.getByLabel('菜单名称')).toHaveValue(name);
  await edit.getByLabel('菜单名称').fill(renamed);
  await edit.getByLabel('菜单名称').press('Enter');
  await expect(page.getByText('修改成功！')).toBeVisible();
  await expect(edit).toBeHidden();
  const renamedRow = rowOf(table, renamed);
  await expect(renamedRow.getByRole('cell', { name: 'base/quick-units' })).toBeVisible();

  // a data rule on the menu: rows the user created
  await renamedRow.getByRole('button', { name: '数据规则' }).click();
  const rules = page.getByRole('dialog', { name: `数据规则：${renamed}` });
  await expect(rules.getByText('该菜单还没有数据规则')).toBeVisible();
  await rules.getByRole('button', { name: '新增' }).click();
  const ruleForm = page.getByRole('dialog', { name: '新增数据规则' });
  await expect(ruleForm.getByText('#{sys_user_code}')).toBeVisible();
  await ruleForm.getByLabel('规则名称').fill('本人创建');
  await ruleForm.getByLabel('规则字段').fill('createBy');
  await expect(ruleForm.getByLabel('条件规则').locator('xpath=..')).toContainText('等于');
  await ruleForm.getByLabel('规则值').fill('#{sys_user_code}');
  await shot(page, 'system-permission-rule-form');
  await ruleForm.getByRole('button', { name: spaced('确定') }).click();
  await expect(ruleForm).toBeHidden();
  const rule = rowOf(rules, '本人创建');
  await expect(rule.getByRole('cell', { name: 'createBy' })).toBeVisible();
  await expect(rule.getByRole('cell', { name: '等于' })).toBeVisible();
  await expect(rule.getByRole('cell', { name: '#{sys_user_code}' })).toBeVisible();
  await expect(rule.getByRole('cell', { name: '有效' })).toBeVisible();
  await shot(page, 'system-permission-rules');
  await closeDialog(rules);

  // delete the button
  await buttonRow.getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.ant-popconfirm:visible')).toContainText('一并删除');
  await popconfirmOk(page).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(buttonRow).toHaveCount(0);

  // after a reload the admin's side menu has the renamed entry, opening the unit list
  await page.reload();
  const entry = nav(page).getByRole('menuitem', { name: renamed });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(body(page).getByRole('cell', { name: '千克' })).toBeVisible();

  // batch delete removes the menu (and its rule) again
  await openFromMenu(page, '系统管理', '菜单管理');
  await rowOf(body(page), renamed).getByRole('checkbox').check();
  await body(page).getByRole('button', { name: '批量删除' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定要删除这 1 项吗?');
  await confirm.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('批量删除成功！')).toBeVisible();
  await expect(rowOf(body(page), renamed)).toHaveCount(0);
  await expect(nav(page).getByRole('menuitem', { name: renamed })).toHaveCount(0);
});
