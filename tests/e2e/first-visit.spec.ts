import { expect, shot, test } from './fixtures';

// index.html carries the login page the build rendered (src/app/shell/login-shell.ts): a first
// visit paints it before any script has run, and the app replaces it by the live page

test('a first visit paints the login page from index.html, before any script runs', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('数字博物馆管理平台');
  await expect(page.getByPlaceholder('请输入用户名')).toBeVisible();
  await expect(page.getByText('请按住滑块，拖动到最右边')).toBeVisible();
  await expect(page.getByText('正在加载…')).toBeHidden();
  await shot(page, 'login-static');
});

test('the app replaces the static page by the live one', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入用户名').fill('admin');
  await expect(page.locator('.static-login-page')).toHaveCount(0);
  await expect(page.getByPlaceholder('请输入用户名')).toHaveCount(1);
  await expect(page.getByPlaceholder('请输入用户名')).toHaveValue('admin');
  await shot(page, 'login-live');
});

test('other routes show the boot message, never the login page', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/user/register');
  await expect(page.getByText('正在加载…')).toBeVisible();
  await expect(page.getByPlaceholder('请输入用户名')).toBeHidden();
});
