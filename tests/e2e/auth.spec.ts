import { ADMIN, expect, fillLogin, loginAs, shot, spaced, test, userMenu } from './fixtures';

test('a wrong password shows the server message and keeps the login page', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page).toHaveTitle('登录 · 数字博物馆管理平台');
  // the page's links in the theme's link colour (#01a0e6 darkened to read 4.5:1 on white: #0178ad),
  // not the browser's underlined blue
  const forgot = page.getByRole('link', { name: '忘记密码' });
  await expect(forgot).toHaveCSS('color', 'rgb(1, 120, 173)');
  await expect(forgot).toHaveCSS('text-decoration-line', 'none');
  await shot(page, 'login');
  await fillLogin(page, ADMIN.username, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/user\/login$/);
  // the human check resets after a failed attempt
  await expect(page.getByText('验证通过')).toHaveCount(0);
});

test('login lands on the home page with real figures from the server', async ({ page }) => {
  await loginAs(page);
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  // the home title is the system name alone
  await expect(page).toHaveTitle('数字博物馆管理平台');
  await expect(page.getByText(/欢迎回来/)).toBeVisible();
  // record counts per module come from the seeded database: 15 demo units
  await expect(page.getByRole('link', { name: '计量单位：15 条记录' })).toBeVisible();
  await shot(page, 'dashboard');
});

test('an unauthenticated deep link goes to login with the redirect and returns after login', async ({
  page,
}) => {
  const deep = '/online/cgformList/base_unit';
  await page.goto(deep);
  await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent(deep)}`);
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(deep);
  await expect(page.getByRole('heading', { level: 1, name: '计量单位' })).toBeVisible();
  await expect(page).toHaveTitle('计量单位 · 数字博物馆管理平台');
});

test('with a session the login page sends you home, and an unknown path shows 404', async ({ page }) => {
  await loginAs(page);
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await shot(page, '404');
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
});

test('logout asks first, then ends the session', async ({ page }) => {
  await loginAs(page);
  await userMenu(page, '退出登录');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('真的要注销登录吗 ?');
  await confirm.getByRole('button', { name: spaced('确定') }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
  // the old session no longer opens the console
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});
