import type { APIRequestContext, Page } from '@playwright/test';
import {
  addUser,
  adminToken,
  api,
  body,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  shot,
  test,
  smsCode,
} from './fixtures';

/**
 * The public face at a phone's width: a visitor signs in with an SMS code (read from the SMS
 * gateway's fixture), browses, signs up, sees the seats left fall, and cancels; /shouye shows the
 * platform, the activities and the public notices without any session. Neither page loads the
 * console's menu or its script.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const stamp = (minutes: number) =>
  new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function newActivity(request: APIRequestContext, title: string): Promise<string> {
  const admin = await adminToken(request);
  const res = await api(request, admin, 'POST', '/museum/activity/add', {
    title,
    place: '二号展厅',
    startTime: stamp(3 * 24 * 60),
    endTime: stamp(3 * 24 * 60 + 90),
    signupDeadline: stamp(2 * 24 * 60),
    capacity: 5,
    perPersonLimit: 2,
    status: '1',
    description: '<p>跟随讲解员<strong>细看</strong>展品。</p><script>window.hacked = true</script>',
  });
  expect(res.success, res.message).toBe(true);
  return res.result;
}

/** every request the page makes, to prove what it did not load */
function watch(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

test('a visitor signs in by SMS, browses, signs up, sees the seats fall and cancels', async ({
  page,
  request,
}) => {
  const title = `夜游青铜馆${Date.now().toString(36)}`;
  const id = await newActivity(request, title);
  const requests = watch(page);

  await page.goto('/phone/activityList');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('剩余名额 5');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/phone/activityDetails\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('剩余名额 5')).toBeVisible();
  // the description arrives cleaned: its script never ran
  await expect(page.locator('.rich strong')).toHaveText('细看');
  expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
  await page.screenshot({ path: 'test-results/phone-details.png' });

  // signing up needs a visitor: the login page, then back here
  await page.getByRole('link', { name: '我要报名' }).click();
  await expect(page).toHaveURL(/\/phone\/login\?redirect=/);
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill('12345');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入正确手机号')).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，10分钟内有效')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(mobile));
  await page.screenshot({ path: 'test-results/phone-login.png' });
  await page.getByRole('button', { name: '登录' }).click();

  await expect(page).toHaveURL(new RegExp(`/phone/signup\\?id=${id}$`));
  await expect(page.getByText('剩余名额 5')).toBeVisible();
  await page.getByRole('button', { name: '增加一人' }).click();
  await expect(page.getByRole('button', { name: '增加一人' })).toBeDisabled();
  await page.getByLabel('联系人', { exact: true }).fill('李四');
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: '提交报名（2 人）' }).click();
  await expect(page.getByText('报名成功')).toBeVisible();
  await expect(page.getByText('剩余名额 3')).toBeVisible();
  const code = (await page.locator('.ticket-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await page.screenshot({ path: 'test-results/phone-signed-up.png', fullPage: true });

  // the seat count fell for everyone: the list shows it too
  await page.goto('/phone/activityList');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('剩余名额 3');
  await page.goto(`/phone/activityDetails?id=${id}`);
  await page.getByRole('link', { name: `查看我的报名（签到码 ${code}）` }).click();

  await page.getByRole('button', { name: '取消报名' }).click();
  await page.getByRole('button', { name: '再想想' }).click();
  await page.getByRole('button', { name: '取消报名' }).click();
  await page.getByRole('button', { name: '确定取消' }).click();
  await expect(page.getByText('已取消报名')).toBeVisible();
  await expect(page.getByText('剩余名额 5')).toBeVisible();
  await expect(page.getByRole('button', { name: /提交报名/ })).toBeVisible();

  // the visitor's sign-ups, then the console stays closed to it
  await page.goto('/phone/signup');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('已取消');
  expect(requests.some((u) => u.includes('getUserPermissionByToken'))).toBe(false);
  expect(requests.some((u) => /\/assets\/index-/.test(u))).toBe(false);
});

test('/shouye shows the platform, the activities and the public notices without a session', async ({
  page,
  request,
}) => {
  const title = `开放日导览${Date.now().toString(36)}`;
  await newActivity(request, title);
  const admin = await adminToken(request);
  const notice = async (titile: string, showOnHome: string) => {
    const add = await api(request, admin, 'POST', '/sys/annountCement/add', {
      titile,
      msgCategory: '1',
      msgType: 'ALL',
      priority: 'L',
      msgAbstract: `${titile}摘要`,
      msgContent: `<p>${titile}正文</p>`,
      showOnHome,
    });
    expect(add.success, add.message).toBe(true);
    const release = await api(request, admin, 'GET', `/sys/annountCement/doReleaseData?id=${add.result}`);
    expect(release.success, release.message).toBe(true);
  };
  const open = `春节开放时间${Date.now().toString(36)}`;
  const internal = `内部排班${Date.now().toString(36)}`;
  await notice(open, 'Y');
  await notice(internal, 'N');

  const requests = watch(page);
  await page.goto('/shouye');
  await expect(page.getByRole('heading', { level: 1, name: '数字博物馆管理平台' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('剩余名额 5');
  await expect(page.getByText(open, { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(internal);
  await page.getByText(open, { exact: true }).click();
  await expect(page.getByText(`${open}正文`)).toBeVisible();
  await page.screenshot({ path: 'test-results/phone-shouye.png', fullPage: true });
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(requests.some((u) => u.includes('getUserPermissionByToken'))).toBe(false);
  expect(requests.some((u) => /\/assets\/index-/.test(u))).toBe(false);
});

test.describe('the check-in desk', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  test('a staff member holding only 活动报名 and 签到 checks a visitor in by code', async ({
    page,
    request,
  }) => {
    const title = `讲座签到${Date.now().toString(36)}`;
    const activityId = await newActivity(request, title);
    const admin = await adminToken(request);
    // a visitor signs up on its phone (through the API here)
    const mobile = `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await request.post('/api/visitor/sms', { data: { mobile } });
    const login = await (
      await request.post('/api/visitor/login', { data: { mobile, captcha: await smsCode(mobile) } })
    ).json();
    const signup = await (
      await request.post('/api/visitor/signup', {
        headers: { 'X-Access-Token': login.result.token },
        data: { activityId, partySize: 2, name: '王五', mobile },
      })
    ).json();
    expect(signup.success, signup.message).toBe(true);

    const roleCode = `desk_${Date.now().toString(36)}`;
    const role = (
      await api(request, admin, 'POST', '/sys/role/add', { roleName: `签到台${roleCode}`, roleCode })
    ).result as string;
    const granted = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role,
      permissionIds: 'grp_museum,doc_museum_signup,perm_museum_signup_checkin',
      lastpermissionIds: '',
    });
    expect(granted.success, granted.message).toBe(true);
    const user = await addUser(request, admin, {
      username: roleCode,
      realname: '签到员',
      selectedroles: role,
    });
    await loginAs(page, user.username, user.password);

    const nav = page.getByRole('menu', { name: '导航菜单' });
    await openFromMenu(page, '数字博物馆', '活动报名');
    await expect(nav.getByRole('menuitem', { name: '活动管理', exact: true })).toHaveCount(0);
    await expect(rowOf(body(page), '王五')).toContainText('已报名');
    await body(page)
      .getByRole('button', { name: /签\s*到$/ })
      .click();
    const desk = page.getByRole('dialog', { name: '签到' });
    await desk.getByLabel('签到码').fill('WRONG234');
    await desk.getByLabel('签到码').press('Enter');
    await expect(desk.getByText('签到码无效')).toBeVisible();
    await desk.getByLabel('签到码').fill(signup.result.checkinCode.toLowerCase());
    // the desk is used from the keyboard: a scanner types the code and Enter
    await desk.getByLabel('签到码').press('Enter');
    await expect(desk.getByText('签到成功：王五（2人）')).toBeVisible();
    await shot(page, 'museum-checkin');
    await desk.getByRole('button', { name: '关闭', exact: true }).first().click();
    await expect(rowOf(body(page), '王五')).toContainText('已签到');
  });
});

test('微信授权登录 without a provider says so in Chinese and offers the SMS sign-in', async ({ page }) => {
  // the page itself, reached by its address
  await page.goto('/phone/wxauth?redirect=%2Fphone%2FactivityList');
  await expect(page.getByText('未配置微信授权登录')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('"success"');
  // and the server's sign-in address, where a browser lands from a bookmark: no JSON either
  await page.goto('/api/visitor/oauth/authorize');
  await expect(page).toHaveURL(/\/phone\/wxauth\?error=/);
  await expect(page.getByText('未配置微信授权登录')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('"success"');

  await page.goto('/phone/wxauth?redirect=%2Fphone%2FactivityList');
  await page.getByRole('link', { name: '手机号登录' }).click();
  await expect(page).toHaveURL(/\/phone\/login\?redirect=%2Fphone%2FactivityList$/);
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
});
