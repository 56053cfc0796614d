import { adminToken, expect, fillLogin, localOnly, test, userMenu, userWithGrants } from './fixtures';
import { tabBar } from './tab-bar';

/**
 * 语言: the switch on the login page and in the user menu. The shell's words follow it at once
 * (antd's own too), the choice outlives sign-out in this browser, and the server keeps it for the
 * user, so another browser opens in it after sign-in.
 */
test('a user who chooses English keeps it: after sign-out here, and when signing in elsewhere', async ({
  page,
  browser,
  request,
}) => {
  const user = await userWithGrants(request, await adminToken(request), 'lang', 'grp_base,doc_base_unit');

  await page.goto('/user/login');
  const languages = page.getByRole('group', { name: '语言' });
  await languages.getByRole('button', { name: 'English' }).click();
  await expect(
    page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await fillLogin(page, user.username, user.password);
  await page.waitForURL('**/dashboard/analysis');

  // the shell in English, antd's words too (the tab bar's home, the header's buttons)
  await expect(tabBar(page).getByRole('tab', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tab actions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch department', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '系统设置' })).toHaveCount(0);

  // signed out, the login page stays in English
  await userMenu(page, 'Sign out');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Do you really want to sign out?');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/user/login');
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();

  // a browser that never chose: Chinese on its login page, English once this user signs in
  const context = await browser.newContext();
  const other = await context.newPage();
  await localOnly(other);
  await other.goto('/user/login');
  await expect(other.getByRole('group', { name: '语言' })).toBeVisible();
  await fillLogin(other, user.username, user.password);
  await other.waitForURL('**/dashboard/analysis');
  await expect(other.getByRole('button', { name: 'Settings' })).toBeVisible();

  // back to 中文 from the user menu: the shell follows at once
  await userMenu(other, '中文');
  await expect(other.getByRole('button', { name: '系统设置' })).toBeVisible();
  await expect(tabBar(other).getByRole('tab', { name: '首页', exact: true })).toBeVisible();
  await context.close();
});

/**
 * The pages before sign-in speak English once it is chosen: no Chinese on the login page but the
 * switch's own 中文 and the platform's name (a stored setting, src/server/public/routes.ts), and the
 * register and forgot-password links lead to English pages.
 */
test('the login page in English, and the register and forgot-password pages it links to', async ({
  page,
}) => {
  await page.goto('/user/login');
  // an account typed before choosing the language is still there after the page is drawn again
  const account = page.locator('#accountLogin_username');
  await account.fill('typed_first');
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
  await expect(account).toHaveValue('typed_first');
  const platformName = await page.getByRole('heading', { level: 1 }).innerText();
  const chinese = async () =>
    (await page.locator('body').innerText())
      .replace(platformName, '')
      .replace('中文', '')
      .match(/[\u3400-\u9fff]+/g);

  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Username and password' })).toBeVisible();
  expect(await chinese()).toBeNull();

  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  expect(await chinese()).toBeNull();

  await page.getByRole('link', { name: 'Sign in with an existing account' }).click();
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get code' })).toBeVisible();
  expect(await chinese()).toBeNull();
});
