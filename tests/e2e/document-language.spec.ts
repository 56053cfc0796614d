import { adminToken, expect, fillLogin, test, userWithGrants } from './fixtures';

/**
 * A document's own words in English (its `locales`): the console asks for its language with each
 * request, so a list chosen in English shows the English titles the document has.
 */
test('a list in English shows the titles its document gives in English', async ({ page, request }) => {
  const user = await userWithGrants(request, await adminToken(request), 'doclang', 'grp_base,doc_base_unit');
  await page.goto('/user/login');
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  await fillLogin(page, user.username, user.password);
  await page.waitForURL('**/dashboard/analysis');

  await page.goto('/online/cgformList/base_unit');
  const table = page.getByRole('main');
  await expect(table.getByRole('columnheader', { name: 'Unit name' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Unit code' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '单位名称' })).toHaveCount(0);
  // and the list's own words (renderers/list/messages.en-US.ts)
  await expect(table.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
});
