import { body, expect, loginAs, openFromMenu, shot, spaced, test, userMenu } from './fixtures';
import { contextMenu, openTabMenu, tab, tabAction, tabBar } from './tab-bar';

test('two list pages open as tabs; home and the close rules hold', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '基础数据', '计量单位');
  await openFromMenu(page, '基础数据', '岗位');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '计量单位', '岗位']);
  await expect(tab(page, '岗位')).toHaveAttribute('aria-selected', 'true');
  // home first and without a close mark; the others have one. The tablist holds only tabs (the ×
  // is hidden from screen readers; Delete closes the focused tab)
  await expect(tabBar(page).locator('.shell-tab-close')).toHaveCount(2);
  await expect(tabBar(page).getByRole('tablist').getByRole('button')).toHaveCount(0);

  // the same path again selects its tab rather than opening a second one
  await openFromMenu(page, '基础数据', '计量单位');
  await expect(tabBar(page).getByRole('tab')).toHaveCount(3);
  await expect(page).toHaveURL(/\/online\/cgformList\/base_unit$/);

  await tabAction(page, '计量单位', '关闭右侧');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '计量单位']);

  await openFromMenu(page, '基础数据', '岗位');
  await tabAction(page, '岗位', '关闭其他');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '岗位']);

  // only home is left of 岗位, and home cannot close: 关闭左侧 has nothing to do
  await openTabMenu(page, '岗位');
  await expect(contextMenu(page).getByRole('menuitem', { name: '关闭左侧' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(contextMenu(page)).toHaveCount(0);

  // closing the active tab (Delete while it has the focus) activates its neighbour; home stays as
  // the last, unclosable tab
  await tab(page, '岗位').focus();
  await page.keyboard.press('Delete');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await openTabMenu(page, '首页');
  await expect(contextMenu(page).getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(contextMenu(page).getByRole('menuitem', { name: '关闭其他' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(contextMenu(page).getByRole('menuitem', { name: '关闭右侧' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test('刷新 re-mounts the page of a tab', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '基础数据', '计量单位');
  const name = page.getByLabel('单位名称');
  await name.fill('千克');
  await tabAction(page, '计量单位', '刷新');
  await expect(name).toHaveValue('');
});

test('settings survive a reload', async ({ page }) => {
  await loginAs(page);
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await expect(drawer).toBeVisible();
  await shot(page, 'settings-drawer');
  await drawer.getByText('暗色菜单风格').click();
  await drawer.getByRole('button', { name: /薄暮/ }).click();
  await drawer.getByRole('switch', { name: '多页签模式' }).click();
  await expect(drawer.getByRole('button', { name: /薄暮/ })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.locator('.ant-layout-sider')).toHaveClass(/ant-layout-sider-dark/);
  await expect(page.locator('.shell-tabbar')).toHaveCount(0);
  // the primary colour reaches antd's components through the theme tokens
  await expect(page.getByRole('menuitem', { name: '首页' })).toHaveCSS(
    'background-color',
    'rgb(245, 34, 45)',
  );
  await page.getByRole('button', { name: '系统设置' }).click();
  await expect(drawer.getByRole('switch', { name: '多页签模式' })).not.toBeChecked();
  await expect(drawer.getByRole('radio', { name: '暗色菜单风格' })).toBeChecked();
});

test('change password checks its fields before calling the server', async ({ page }) => {
  await loginAs(page);
  await userMenu(page, '修改密码');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  // 800 wide (measured once the opening animation has ended)
  await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(800);
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await expect(dialog).toContainText('please enter old password!');
  await expect(dialog).toContainText('please enter new password!');
  await expect(dialog).toContainText('please confirm new password!');
  await dialog.getByLabel('新密码', { exact: true }).fill('New#Pass2026');
  await dialog.getByLabel('确认新密码').fill('Other#Pass2026');
  await expect(dialog).toContainText('the two passwords entered differ!');
  await shot(page, 'change-password');
});

test('menu search finds entries by title, case-insensitively', async ({ page }) => {
  await loginAs(page);
  const search = page.getByRole('combobox', { name: '搜索菜单' });
  await search.click();
  await search.fill('单位');
  // the match is offered, and Enter takes the first one, as a keyboard user would
  await expect(page.getByRole('option', { name: '计量单位' })).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/online\/cgformList\/base_unit$/);
});

test('an online-list address opens without a menu entry of its own; an unknown document says so', async ({
  page,
}) => {
  await loginAs(page);
  await page.goto('/online/cgformList/base_area');
  // the tree document drawn by the plain list kind the path names: flat, all areas
  await expect(body(page).locator('.ant-pagination-total-text')).toHaveText('1-10 共 22 条');
  await page.goto('/online/cgformList/no_such_document');
  await expect(page.getByText('页面不存在或无权访问')).toBeVisible();
  await expect(page.getByText('很抱歉，资源未找到!')).toBeVisible();
});
