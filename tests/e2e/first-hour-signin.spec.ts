import type { Locator, Page } from '@playwright/test';
import {
  ADMIN,
  addUser,
  adminToken,
  api,
  body,
  closeDialog,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  shot,
  spaced,
  test,
  tokenOf,
  smsCode,
} from './fixtures';

/**
 * What staff hit in their first hour (issue 8): signing in by phone, switching department,
 * an expired session, the home page's notices, a user's details and image uploads.
 */

const unique = () => Date.now().toString(36);

/** an 11-digit mobile number no other test uses (starts 13) */
const freshMobile = () => `13${String(Date.now()).slice(-9)}`;

test('手机号登录: the login page asks for a valid number, sends the code to it and signs in', async ({
  page,
  request,
}) => {
  const mobile = freshMobile();
  const admin = await adminToken(request);
  await addUser(request, admin, { username: `ph${unique()}`, realname: '手机登录员', phone: mobile });
  const smsBodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/sys/sms')) smsBodies.push(r.postDataJSON());
  });

  await page.goto('/user/login');
  await page.getByRole('tab', { name: '手机号登录' }).click();
  const send = page.getByRole('button', { name: '获取验证码' });

  // empty: the field says what is missing and nothing is sent
  await send.click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText(['请输入手机号']);
  // a wrong number: its own message, still nothing sent
  await page.getByRole('textbox', { name: '手机号' }).fill('12345');
  await send.click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText(['请输入正确手机号']);
  expect(smsBodies).toEqual([]);

  // a valid number: no error, and the code goes to that number
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await send.click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  expect(smsBodies).toEqual([{ mobile, smsmode: '0' }]);

  await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(mobile));
  await shot(page, 'signin-phone-login');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/dashboard/analysis');
  await expect(page.getByRole('button', { name: /用户菜单/ })).toContainText('手机登录员');
});

/** the options an antd Select of a dialog offers, by its label */
async function optionsOf(dialog: Locator, label: string): Promise<string[]> {
  const page = dialog.page();
  const list = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  let texts: string[] = [];
  // the list may close once as the dialog's data arrives: open it again until it shows its options
  await expect(async () => {
    if (!(await list.first().isVisible())) await dialog.getByLabel(label).click();
    texts = await list.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
  }).toPass();
  await dialog.getByLabel(label).press('Escape');
  // closed, so the next select's options are not read from this one's fading list
  await expect(list).toHaveCount(0);
  return texts;
}

test('部门切换 offers a staff member without list permissions its own departments and positions', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  // no role: the administrators' department and position lists are closed to this user
  const u = await addUser(request, admin, {
    username: `ds${unique()}`,
    realname: '切换部门员',
    selecteddeparts: 'dep_collection,dep_it',
    post: 'keeper',
  });
  await loginAs(page, u.username, u.password);
  await page.getByRole('button', { name: /^切换部门/ }).click();
  const dialog = page.getByRole('dialog', { name: '部门切换' });
  await expect(dialog).toBeVisible();

  expect((await optionsOf(dialog, '部门')).sort()).toEqual(['数字化部', '藏品部']);
  expect(await optionsOf(dialog, '岗位')).toEqual(['藏品保管员']);
  // nothing said it was denied or empty
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);

  // a click on an option of a list still opening can miss: pick until the box shows the choice
  const pick = (label: string, option: string) =>
    expect(async () => {
      await dialog.getByLabel(label).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByText(option, { exact: true })
        .click({ timeout: 2000 });
      await expect(dialog.getByLabel(label).locator('xpath=..')).toHaveAttribute('title', option, {
        timeout: 1000,
      });
    }).toPass();
  await pick('部门', '藏品部');
  await pick('岗位', '藏品保管员');
  await shot(page, 'signin-depart-switch');
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('切换成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const info = await page.evaluate(() => JSON.parse(localStorage.getItem('Login_Userinfo') ?? 'null'));
  expect(info?.value ?? info).toMatchObject({ selectDepartId: 'dep_collection', orgCode: 'A01A02' });
});

test('部门切换 completes for admin out of the box, and the header names the chosen department', async ({
  page,
}) => {
  await loginAs(page, ADMIN.username, ADMIN.password);
  const button = page.getByRole('button', { name: /^切换部门/ });
  await expect(button).toHaveText('数字化部');
  await button.click();
  const dialog = page.getByRole('dialog', { name: '部门切换' });
  expect(await optionsOf(dialog, '岗位')).toEqual(['部门主任', '数字化工程师']);
  await expect(page.getByText('you have not set position info!')).toHaveCount(0);
  // chosen until the select shows it: the list may close once as the dialog's data arrives
  await expect(async () => {
    await dialog.getByLabel('岗位').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText('数字化工程师', { exact: true })
      .click({ timeout: 2000 });
    await expect(dialog.getByText('数字化工程师', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('切换成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(button).toHaveText('数字化部');
  await expect(button).toHaveAttribute('title', '切换部门（当前：数字化部）');
  // its name holds the text it shows (a name that differs confuses voice control)
  await expect(button).toHaveAccessibleName('切换部门，当前：数字化部');
});

test('部门切换 says so when the user has no department and no position', async ({ page, request }) => {
  const admin = await adminToken(request);
  const u = await addUser(request, admin, { username: `dn${unique()}`, realname: '无部门员' });
  await loginAs(page, u.username, u.password);
  await page.getByRole('button', { name: /^切换部门/ }).click();
  await expect(page.getByText('you have not set department info!')).toBeVisible();
  await expect(page.getByText('you have not set position info!')).toBeVisible();
  // position stays mandatory
  const dialog = page.getByRole('dialog', { name: '部门切换' });
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await expect(dialog.getByText('请选择岗位', { exact: true }).last()).toBeVisible();
});

/**
 * every notification the page shows, with the path it was on at that moment; kept across
 * reloads (the binding outlives the document), so a notice just before a reload still counts
 */
async function recordNotices(page: Page): Promise<{ text: string; path: string }[]> {
  const seen: { text: string; path: string }[] = [];
  await page.exposeBinding('reportNotice', (_source, text: string, path: string) => {
    seen.push({ text, path });
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { reportNotice: (t: string, p: string) => void }).reportNotice;
    // antd may move a notice's node as it animates: each one counts once
    const reported = new WeakSet<Node>();
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement)
            for (const n of node.matches('.ant-notification-notice')
              ? [node]
              : node.querySelectorAll('.ant-notification-notice'))
              if (!reported.has(n)) {
                reported.add(n);
                report(n.textContent ?? '', location.pathname);
              }
    }).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

test('401: one notice on the page the user was on, then the login page', async ({ page, request }) => {
  const admin = await adminToken(request);
  const u = await addUser(request, admin, { username: `ex${unique()}`, realname: '过期会话员' });
  const seen = await recordNotices(page);
  await loginAs(page, u.username, u.password);
  // the console has its menu: the call that fails comes later, from a page in use
  await expect(
    page.getByRole('menu', { name: '导航菜单' }).getByRole('menuitem', { name: '首页' }),
  ).toBeVisible();

  // the session ends elsewhere (signed out through the API), then the page makes a call
  expect((await api(page.request, await tokenOf(page), 'POST', '/sys/logout')).success).toBe(true);
  // (the console may make a call of its own first, on a pushed grant change)
  const notice = page.getByText('未授权，请重新登录');
  await expect(async () => {
    if (!(await notice.isVisible()))
      await page.getByRole('button', { name: /^切换部门/ }).click({ timeout: 1000 });
    await expect(notice).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await shot(page, 'signin-401-notice');
  await page.waitForURL('**/user/login**');
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
  const unauthorised = seen.filter((n) => n.text.includes('未授权，请重新登录'));
  // one notice, shown while the user was still on the page it called from
  expect(unauthorised).toEqual([{ text: expect.any(String), path: '/dashboard/analysis' }]);
  expect(seen).toHaveLength(1);
});

test('最新公告 on the home page shows a release without a reload, as the bell does', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const u = await addUser(request, admin, { username: `hn${unique()}`, realname: '首页公告员' });
  await loginAs(page, u.username, u.password);
  const card = page.locator('.ant-card').filter({ hasText: '最新公告' });
  await expect(card.getByText('暂无公告')).toBeVisible();
  // the bell's socket is connected (a live notice could otherwise arrive before it listens)
  await expect(async () => {
    const res = await api(page.request, await tokenOf(page), 'GET', `/websocket/${u.id}`);
    expect(res.result.connections).toBeGreaterThan(0);
  }).toPass();

  const titile = `上线通知${unique()}`;
  const added = await api(request, admin, 'POST', '/sys/annountCement/add', {
    titile,
    msgContent: `${titile}的正文`,
    msgCategory: '1',
    msgType: 'USER',
    userIds: u.id,
    priority: 'H',
  });
  expect(added.success, added.message).toBe(true);
  const released = await api(request, admin, 'GET', `/sys/annountCement/doReleaseData?id=${added.result}`);
  expect(released.success, released.message).toBe(true);

  // the bell hears of it, and so does the card, without a reload
  await expect(page.getByRole('button', { name: '消息通知，1 条未读' })).toBeVisible();
  await expect(card.getByRole('list', { name: '最新公告' })).toContainText(titile);
  await shot(page, 'signin-latest-notices');
});

test('用户管理: 详细信息 shows no 登录密码, and 编辑 keeps 用户账号 as it is', async ({ page, request }) => {
  const admin = await adminToken(request);
  const username = `dt${unique()}`;
  await addUser(request, admin, { username, realname: '详情查看员' });
  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByLabel('用户账号').fill(username);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  const row = rowOf(body(page), username);

  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect(detail.getByLabel('用户账号')).toHaveValue(username);
  await expect(detail.getByText('登录密码')).toHaveCount(0);
  await expect(detail.locator('input[type=password]')).toHaveCount(0);
  await shot(page, 'signin-user-detail');
  await closeDialog(detail);

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit.getByLabel('用户账号')).toHaveValue(username);
  await expect(edit.getByLabel('用户账号')).not.toBeEditable();
  await expect(edit.getByLabel('用户姓名')).toBeEditable();
  await closeDialog(edit);
});
