import fs from 'node:fs';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? '' };

/** refuses the page's requests that leave the machine, so a test never depends on the network */
export async function localOnly(page: Page): Promise<void> {
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
}

/** what the pages of a test's context say of each Content-Security-Policy violation */
const CSP_VIOLATION = 'CSP violation:';
const violationsOf = new WeakMap<BrowserContext, string[]>();

/** takes out the CSP violations of the page's context so far: for a test that provokes them on purpose */
export function takeCspViolations(page: Page): string[] {
  return violationsOf.get(page.context())?.splice(0) ?? [];
}

/**
 * Every test runs under the server's Content-Security-Policy (src/server/http/security-headers.ts):
 * a violation in any page or frame of its context (a blocked script, style, image, connection or
 * eval) fails the test. Chromium logs each one; the page's own securitypolicyviolation event names
 * it as well, in case a message is not logged. A test that provokes one takes it out (takeCspViolations).
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    const violations: string[] = [];
    violationsOf.set(context, violations);
    await context.addInitScript((mark) => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`${mark} ${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
      );
    }, CSP_VIOLATION);
    context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(CSP_VIOLATION) || text.includes('Content Security Policy')) violations.push(text);
    });
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  // every test's page is local only (a page of a second context calls localOnly itself)
  page: async ({ page }, use) => {
    await localOnly(page);
    await use(page);
  },
});

export { expect };

/** an accessible name as antd renders button text: two Chinese characters get a space between */
export function spaced(text: string): RegExp {
  return new RegExp(`^${[...text].join('\\s*')}$`);
}

/** fills the account form of the login page and passes the human check */
/** the login page in either language (tests/e2e/language.spec.ts signs in after choosing English) */
export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder(/^(请输入用户名|Enter your username)$/).fill(username);
  await page.getByPlaceholder(/^(请输入密码|Enter your password)$/).fill(password);
  await dragSlider(page);
  await page.getByRole('button', { name: /登\s*录|^Sign in$/ }).click();
}

/** a user signed in in a browser of its own (a second person beside the test's page); close its context at the end */
export async function signInElsewhere(
  browser: Browser,
  username: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await localOnly(page);
  await loginAs(page, username, password);
  return { context, page };
}

/**
 * the session token a signed-in page keeps, for API calls as that user through the page's own
 * `page.request`: its session is bound to the browser's cookie (src/server/auth/binding.ts)
 */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value);
}

/** signs in through the login page (drag slider included) and waits for the home page */
export async function loginAs(
  page: Page,
  username = ADMIN.username,
  password = ADMIN.password,
): Promise<void> {
  await page.goto('/user/login');
  await fillLogin(page, username, password);
  await page.waitForURL('**/dashboard/analysis');
}

export async function dragSlider(page: Page): Promise<void> {
  const handle = page.getByRole('slider');
  const box = await handle.boundingBox();
  const track = await handle.locator('..').boundingBox();
  if (!box || !track) throw new Error('slider not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width + 20, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByText(/验证通过|^Verified$/)).toBeVisible();
}

/**
 * closes a drawer or a modal by its ✕. Not by Escape: antd hands Escape to the newest pop-up it
 * still counts as open, and after a row's pop-ups and dialogs that is now and then not this one.
 */
export async function closeDialog(dialog: Locator): Promise<void> {
  // on a busy machine a click while the dialog still zooms in can be lost: click again while it shows
  await expect(async () => {
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name: '关闭', exact: true }).first().click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 2000 });
  }).toPass();
}

/**
 * opens a page from the side menu: its group, then the entry (clicked again if the first click
 * fell into the group's opening animation and opened nothing)
 */
export async function openFromMenu(page: Page, group: string, entry: string): Promise<void> {
  const nav = page.getByRole('menu', { name: '导航菜单' });
  const item = nav.getByRole('menuitem', { name: entry, exact: true });
  const heading = page.getByRole('heading', { level: 1, name: entry });
  await expect(async () => {
    if (!(await item.isVisible())) await nav.getByRole('menuitem', { name: group, exact: true }).click();
    await item.click({ timeout: 5000 });
    await expect(heading).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 20_000 });
}

/** opens the header's user menu and picks an entry (retried while the menu is still animating in) */
export async function userMenu(page: Page, entry: string): Promise<void> {
  await expect(async () => {
    const item = page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .getByRole('menuitem', { name: entry });
    if (!(await item.isVisible())) await page.getByRole('button', { name: /用户菜单|User menu/ }).click();
    await item.click({ timeout: 2000 });
    await expect(item).toBeHidden({ timeout: 2000 });
  }).toPass();
}

/** picks an option of an antd Select by typing it, as a keyboard user would */
export async function choose(scope: Locator, label: string, option: string): Promise<void> {
  const box = scope.getByLabel(label);
  await box.click();
  await box.fill(option);
  await box.press('Enter');
  // antd shows the chosen label on the box around the input
  await expect(box.locator('xpath=..')).toHaveAttribute('title', option);
}

/** a screenshot of a main screen, kept with the run's results (test-results/screenshots/) */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  // let antd's open/close animations settle so the picture shows the resting screen
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** picks users of a form field with 根据部门选择用户: searched by account, checked, confirmed */
export async function pickUsers(
  page: Page,
  form: Locator,
  field: string,
  usernames: string[],
): Promise<void> {
  await form.getByRole('button', { name: `选择${field}` }).click();
  const picker = page.getByRole('dialog', { name: '根据部门选择用户' });
  for (const username of usernames) {
    await picker.getByLabel('用户账号').fill(username);
    await picker.getByLabel('用户账号').press('Enter');
    // the search leaves that account alone in the table
    const rows = picker.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveText([new RegExp(username)]);
    await rows.getByRole('checkbox').check();
  }
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await expect(picker).toBeHidden();
}

/**
 * The page body beside the side menu, where a screen's toolbar and table are: the shown page's
 * only, as kept-alive tabs stay in the document, hidden (src/app/tabs/PageCache.tsx)
 */
export const body = (page: Page) => page.locator('.shell-page-body > .shell-tab-page:visible');

/** the table rows of a scope that contain a text */
export const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr').filter({ hasText: text });

/** the 确定 of the open pop-up confirm */
export const popconfirmOk = (page: Page) =>
  page.locator('.ant-popconfirm:visible').getByRole('button', { name: spaced('确定') });

/** a node of a grant tree (授权), by its exact title, and its checkbox */
export const treeNode = (scope: Locator, title: string) =>
  scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByText(title, { exact: true }) });
export const treeCheckbox = (scope: Locator, title: string) =>
  treeNode(scope, title).locator('.ant-tree-checkbox');

/** a call of the API with a session token; resolves to the envelope */
export async function api(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, headers: { 'X-Access-Token': token }, data });
  return res.json();
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/sys/login', { data: ADMIN });
  return (await res.json()).result.token;
}

/**
 * a user the admin adds through the API, to sign in elsewhere: the given fields (username and
 * realname at least) with a password that meets the rules; its id comes back with them
 */
export async function addUser(
  request: APIRequestContext,
  admin: string,
  fields: { username: string; realname: string } & Record<string, string>,
): Promise<{ id: string; username: string; password: string }> {
  const password = 'E2eUser2026x';
  const res = await api(request, admin, 'POST', '/sys/user/add', { password, ...fields });
  expect(res.success, res.message).toBe(true);
  return { id: String(res.result), username: fields.username, password };
}

/**
 * a user with one new role holding the given permission rows (menu and button ids such as
 * 'grp_museum,doc_museum_exhibition'), added through the API; its role's id and name come back with it
 */
export async function userWithGrants(
  request: APIRequestContext,
  admin: string,
  name: string,
  permissionIds: string,
): Promise<{ id: string; username: string; password: string; roleId: string; roleName: string }> {
  // also the account, which takes at most 18 characters
  const code = `${name.slice(0, 6)}_${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const roleName = `角色${code}`;
  const role = await api(request, admin, 'POST', '/sys/role/add', { roleName, roleCode: code });
  expect(role.success, role.message).toBe(true);
  const granted = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role.result,
    permissionIds,
    lastpermissionIds: '',
  });
  expect(granted.success, granted.message).toBe(true);
  const user = await addUser(request, admin, {
    username: code,
    realname: `用户${name}`,
    selectedroles: String(role.result),
  });
  return { ...user, roleId: String(role.result), roleName };
}

/** the class of a checked 授权 tree node */
export const CHECKED = /ant-tree-treenode-checkbox-checked/;

/** the code the SMS gateway received for a number (a real HTTP receiver in e2e) */
export async function smsCode(mobile: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await fetch(`${process.env.E2E_SMS_URL}/?mobile=${mobile}`);
    code = ((await res.json()) as { code?: string } | null)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code;
}
