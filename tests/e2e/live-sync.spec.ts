import {
  adminToken,
  body,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  signInElsewhere,
  spaced,
  test,
  userWithGrants,
} from './fixtures';

/**
 * Two consoles showing one document (spec 4 "Live socket", 7.7): a row saved in one appears in the
 * other without a reload, through the live table socket; a stale edit of the same row is refused.
 */
test('an exhibition added and edited in one console shows in the other', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const { username, password } = await userWithGrants(
    request,
    admin,
    'live',
    'grp_museum,doc_museum_exhibition,doc_museum_exhibition_edit',
  );
  const other = await signInElsewhere(browser, username, password);
  await openFromMenu(other.page, '数字博物馆', '展览');

  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '展览');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  const name = `同步展${stamp}`;
  await d.getByLabel('展览名称').fill(name);
  await d.getByLabel('展厅').fill('三号展厅');
  await d.getByLabel('开幕日期').fill('2026-12-01');
  await d.getByLabel('开幕日期').press('Enter');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();

  // the other console shows the new row without being told to reload
  await expect(rowOf(body(other.page), name)).toContainText('三号展厅');

  // the other console opens the row for editing; the admin saves it first
  await rowOf(body(other.page), name).getByRole('button', { name: '编辑' }).click();
  const stale = other.page.getByRole('dialog', { name: '编辑' });
  await expect(stale.getByLabel('展览名称')).toHaveValue(name);
  await rowOf(body(page), name).getByRole('button', { name: '编辑' }).click();
  const e = page.getByRole('dialog', { name: '编辑' });
  await e.getByLabel('展厅').fill('四号展厅');
  await e.getByRole('button', { name: spaced('确定') }).click();
  await expect(e).toBeHidden();
  await expect(rowOf(body(other.page), name)).toContainText('四号展厅');

  // its save of what it read before is refused, and the row keeps the admin's hall
  await stale.getByLabel('展厅').fill('五号展厅');
  await stale.getByRole('button', { name: spaced('确定') }).click();
  await expect(other.page.getByText(/此记录已被 管理员 于 .* 修改，请刷新后重试/)).toBeVisible();
  await expect(rowOf(body(page), name)).toContainText('四号展厅');
  await other.context.close();
});
