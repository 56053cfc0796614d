import { adminToken, expect, fillLogin, test, userMenu, userWithGrants } from './fixtures';

/**
 * A document's own words in English (its `locales`, and its menu group's): the console asks for its
 * language with each request, so the menu and a list chosen in English show the English titles their
 * sources have; back in 中文 the menu follows at once.
 */
test('the menu and a list in English show the titles their documents give in English', async ({
  page,
  request,
}) => {
  const user = await userWithGrants(request, await adminToken(request), 'doclang', 'grp_base,doc_base_unit');
  await page.goto('/user/login');
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  // the page is drawn again in English: fill it only once it is
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
  await fillLogin(page, user.username, user.password);
  await page.waitForURL('**/dashboard/analysis');

  const nav = page.getByRole('menu', { name: 'Navigation' });
  await nav.getByRole('menuitem', { name: 'Base data' }).click();
  await nav.getByRole('menuitem', { name: 'Units of measure' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('columnheader', { name: 'Unit name' })).toBeVisible();
  await expect(main.getByRole('columnheader', { name: 'Unit code' })).toBeVisible();
  await expect(main.getByRole('columnheader', { name: '单位名称' })).toHaveCount(0);
  // and the list's own words (renderers/list/messages.en-US.ts)
  await expect(main.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(main.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

  // back to 中文 from the user menu: the menu is named in Chinese again
  await userMenu(page, '中文');
  await expect(
    page.getByRole('menu', { name: '导航菜单' }).getByRole('menuitem', { name: '基础数据' }),
  ).toBeVisible();
});
