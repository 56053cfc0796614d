import {
  adminToken,
  body,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  userWithGrants,
} from './fixtures';

/**
 * Two consoles showing one document ("Live socket"): a row saved in one appears in the
 * other without a reload, through the live table socket; an edit form open in the other takes in
 * the save where its user typed nothing and shows both values where its user typed something else.
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
  const open = other.page.getByRole('dialog', { name: '编辑' });
  await expect(open.getByLabel('展览名称')).toHaveValue(name);
  const adminSaves = async (hall: string) => {
    await rowOf(body(page), name).getByRole('button', { name: '编辑' }).click();
    const e = page.getByRole('dialog', { name: '编辑' });
    await e.getByLabel('展厅').fill(hall);
    await e.getByRole('button', { name: spaced('确定') }).click();
    await expect(e).toBeHidden();
    await expect(rowOf(body(other.page), name)).toContainText(hall);
  };
  await adminSaves('四号展厅');

  // the open form takes the admin's hall, which its user had not touched, and says so
  await expect(open.getByRole('textbox', { name: '展厅' })).toHaveValue('四号展厅');
  await expect(open.getByRole('status')).toContainText('表单已载入其修改');
  // its user now types a hall while the admin saves another: both are shown, the user chooses
  await open.getByLabel('展厅').fill('五号展厅');
  await adminSaves('六号展厅');
  const both = open.getByRole('group', { name: '展厅' });
  await expect(both).toContainText('您的「五号展厅」');
  await expect(both).toContainText('他人的「六号展厅」');
  await expect(open.getByRole('textbox', { name: '展厅' })).toHaveValue('五号展厅');
  await shot(other.page, 'live-sync-collision');
  // not saved until chosen
  await open.getByRole('button', { name: spaced('确定') }).click();
  await expect(other.page.getByText('请先选择与他人修改不同的字段要保留的值')).toBeVisible();
  await both.getByRole('button', { name: '保留我的' }).click();
  await expect(both).toHaveCount(0);
  // the save builds on the admin's version, so it is taken, not refused as stale
  await open.getByRole('button', { name: spaced('确定') }).click();
  await expect(open).toBeHidden();
  await expect(rowOf(body(page), name)).toContainText('五号展厅');
  await other.context.close();
});
