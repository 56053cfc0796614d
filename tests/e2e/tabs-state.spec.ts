import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, api, body, expect, loginAs, openFromMenu, rowOf, shot, spaced, test } from './fixtures';
import { tab, tabAction, tabBar } from './tab-bar';

/**
 * What a page keeps as staff move between tabs (issue 8): a kept-alive list keeps its search and
 * rows without asking the server again; `/` and unknown paths leave no tabs behind; an unknown
 * online list says so in Chinese and a known one is named by its document; a list's search, sort
 * and page live in the URL, so a reload shows the same rows.
 */

const nameSearch = (page: Page) => body(page).getByPlaceholder('请输入单位名称');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** rows added through a document's API (`name` is `<prefix>-NN`); their ids come back for the clean-up */
async function addRows(
  request: APIRequestContext,
  token: string,
  base: string,
  count: number,
  row: (n: number, nn: string) => Record<string, unknown>,
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const values = row(i, String(i).padStart(2, '0'));
    const res = await api(request, token, 'POST', `${base}/add`, values);
    expect(res.success, res.message).toBe(true);
    const found = await api(request, token, 'GET', `${base}/list?code=${String(values.code)}`);
    ids.push(found.result.records[0].id);
  }
  return ids;
}

const addUnits = (request: APIRequestContext, token: string, prefix: string, count: number) =>
  addRows(request, token, '/base/unit', count, (_, nn) => ({
    name: `${prefix}-${nn}`,
    code: `${prefix}_${nn}`,
    unitType: '3',
    status: '1',
  }));

async function removeRows(request: APIRequestContext, token: string, base: string, ids: string[]) {
  if (ids.length) await api(request, token, 'DELETE', `${base}/deleteBatch?ids=${ids.join(',')}`);
}

/** the list requests of base_unit the page makes from now on */
function countListRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/base/unit/list')) seen.count++;
  });
  return seen;
}

test('a kept-alive list keeps its search and rows across tabs without a new request; 刷新 and close drop them', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const menuName = `常驻单位${stamp}`;
  const added = await api(request, token, 'POST', '/sys/permission/add', {
    name: menuName,
    menuType: '0',
    url: `/base/kept-${stamp}`,
    component: 'modules/online/cgform/auto/OnlCgformAutoList',
    componentName: 'base_unit',
    keepAlive: true,
    sortNo: '99',
  });
  expect(added.success, added.message).toBe(true);
  const ids = await addUnits(request, token, `keep${stamp}`, 2);
  try {
    await loginAs(page);
    const nav = page.getByRole('menu', { name: '导航菜单' });
    await nav.getByRole('menuitem', { name: menuName }).click();
    await expect(heading(page)).toHaveText(menuName);

    await nameSearch(page).fill(`keep${stamp}`);
    await body(page)
      .getByRole('button', { name: /^(search )?查\s*询$/ })
      .click();
    const rows = body(page).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rowOf(body(page), `keep${stamp}-00`)).toHaveCount(1);

    const requests = countListRequests(page);
    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/dashboard\/analysis/);
    await tab(page, menuName).click();
    await expect(heading(page)).toHaveText(menuName);
    await expect(nameSearch(page)).toHaveValue(`keep${stamp}`);
    await expect(rows).toHaveCount(2);
    await expect(rowOf(body(page), `keep${stamp}-01`)).toHaveCount(1);
    await shot(page, 'tabs-kept-alive');
    expect(requests.count).toBe(0);

    // 刷新 starts the page afresh: an empty search and the whole list again
    await tabAction(page, menuName, '刷新');
    await expect(nameSearch(page)).toHaveValue('');
    await expect.poll(() => requests.count).toBe(1);

    // so does closing the tab and opening the menu again
    await nameSearch(page).fill(`keep${stamp}`);
    await body(page)
      .getByRole('button', { name: /^(search )?查\s*询$/ })
      .click();
    await expect(rows).toHaveCount(2);
    // the one closable tab's × (home has none)
    await tabBar(page).locator('.shell-tab-close').click();
    await expect(tab(page, menuName)).toHaveCount(0);
    await nav.getByRole('menuitem', { name: menuName }).click();
    await expect(heading(page)).toHaveText(menuName);
    await expect(nameSearch(page)).toHaveValue('');
  } finally {
    await api(request, token, 'DELETE', `/sys/permission/delete?id=${added.result}`);
    await removeRows(request, token, '/base/unit', ids);
  }
});

const searchButton = (page: Page) => body(page).getByRole('button', { name: /^(search )?查\s*询$/ });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a seeded list (计量单位) keeps typed text, page, selection and scroll across a tab switch', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const prefix = `seed${stamp}`;
  const ids = await addUnits(request, token, prefix, 25);
  const rows = body(page).locator('tbody tr');
  try {
    await loginAs(page);
    await openFromMenu(page, '基础数据', '计量单位');
    // the next menu's group opens now: once the list is scrolled, the test leaves it without a
    // click that would scroll the window to the menu first
    const nav = page.getByRole('menu', { name: '导航菜单' });
    await nav.getByRole('menuitem', { name: '系统管理', exact: true }).click();
    await nameSearch(page).fill(prefix);
    await searchButton(page).click();
    await expect(rows).toHaveCount(10);
    const firstOf = async () => (await rows.first().innerText()).match(new RegExp(`${prefix}-\\d\\d`))![0];
    const pageOne = await firstOf();
    await body(page).locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(body(page).locator('.ant-pagination-item-active')).toHaveText('2');
    // the pager shows 2 before page 2's rows arrive: wait for them
    await expect(rows.first()).not.toContainText(pageOne);
    const first = await firstOf();
    await rows.first().getByRole('checkbox').check();
    // typed, not searched
    await nameSearch(page).fill(`${prefix}-typed`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    const y = await scrollY(page);

    const requests = countListRequests(page);
    await nav.getByRole('menuitem', { name: '用户管理', exact: true }).dispatchEvent('click');
    await expect(heading(page)).toHaveText('用户管理');
    await tab(page, '计量单位').click();
    await expect(heading(page)).toHaveText('计量单位');
    await expect(nameSearch(page)).toHaveValue(`${prefix}-typed`);
    await expect(body(page).locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(rows.first()).toContainText(first);
    await expect(rows.first().getByRole('checkbox')).toBeChecked();
    await expect.poll(() => scrollY(page)).toBe(y);
    expect(requests.count).toBe(0);
  } finally {
    await removeRows(request, token, '/base/unit', ids);
  }
});

/** sets 是否缓存路由 of a seeded menu through the API (the test's clean-up) */
async function setKeepAlive(request: APIRequestContext, token: string, id: string, keepAlive: boolean) {
  const find = (nodes: any[]): any =>
    nodes.map((n) => (n.id === id ? n : find(n.children ?? []))).find(Boolean);
  const { children: _, ...row } = find((await api(request, token, 'GET', '/sys/permission/list')).result);
  const res = await api(request, token, 'POST', '/sys/permission/edit', { ...row, keepAlive });
  expect(res.success, res.message).toBe(true);
}

test('switching 是否缓存路由 off for 计量单位 in 菜单管理 makes the list start afresh after a tab switch', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  try {
    await loginAs(page);
    await openFromMenu(page, '基础数据', '计量单位');
    await nameSearch(page).fill('kept');

    await openFromMenu(page, '系统管理', '菜单管理');
    // 全部展开 expands the rows there are: the tree must have arrived
    await expect(rowOf(body(page), '基础数据').first()).toBeVisible();
    await body(page).getByRole('button', { name: '全部展开' }).click();
    // the name cell (the path is cut short on screen)
    await rowOf(body(page), '计量单位')
      .filter({ has: page.getByText('计量单位', { exact: true }) })
      .getByRole('button', { name: '编辑' })
      .click();
    const edit = page.getByRole('dialog', { name: '编辑菜单' });
    const keep = edit.getByLabel('是否缓存路由');
    await expect(keep).toBeChecked();
    await keep.click();
    await expect(keep).not.toBeChecked();
    await edit.getByRole('button', { name: spaced('确定') }).click();
    // the dialog closes once the server has saved
    await expect(edit).toBeHidden({ timeout: 30_000 });

    await tab(page, '计量单位').click();
    await nameSearch(page).fill('not kept');
    await tab(page, '菜单管理').click();
    await expect(heading(page)).toHaveText('菜单管理');
    await tab(page, '计量单位').click();
    await expect(heading(page)).toHaveText('计量单位');
    await expect(nameSearch(page)).toHaveValue('');
  } finally {
    await setKeepAlive(request, token, 'doc_base_unit', true);
  }
});

test('/ and an unknown path leave no tabs; the 404 page names itself in the document title', async ({
  page,
}) => {
  await loginAs(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(tab(page, '首页')).toBeVisible();

  const unknown = `/nonexistent-${Date.now().toString(36)}`;
  await page.goto(unknown);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await expect(page).toHaveTitle(/^404/);
  await shot(page, 'tabs-404');

  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(tab(page, '首页')).toBeVisible();
  await expect(tab(page, '/')).toHaveCount(0);
  await expect(tab(page, unknown)).toHaveCount(0);
  await expect(tabBar(page).getByRole('tab')).toHaveCount(1);
});

test('an unknown online list says so in Chinese; a known one is named by its document', async ({ page }) => {
  await loginAs(page);
  const path = `/online/cgformList/nosuch${Date.now().toString(36)}`;
  await page.goto(path);
  await expect(body(page).getByText('页面不存在或无权访问')).toBeVisible();
  await expect(page.getByText(/Request failed/)).toHaveCount(0);
  await expect(heading(page)).not.toHaveText(path);
  await expect(tab(page, path)).toHaveCount(0);
  await shot(page, 'tabs-unknown-online-list');

  // a document opened by an online-list address no menu entry has (行政区域's menu opens it as a
  // tree) is named by its title
  await page.goto('/online/cgformList/base_area');
  await expect(heading(page)).toHaveText('行政区域');
  await expect(tab(page, '行政区域')).toBeVisible();
  await expect(page.getByLabel('面包屑')).toContainText('行政区域');
  await expect(page).toHaveTitle(/^行政区域 · /);
  await expect(tab(page, '/online/cgformList/base_area')).toHaveCount(0);
});

test('a list keeps its search, sort and page in the URL: a reload shows the same rows', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const prefix = `url${stamp}`;
  const base = '/procedure/procedure/procedureType';
  // standard hours fall as the names rise, so sorting by hours ascending reverses the names
  const ids = await addRows(request, token, base, 12, (i, nn) => ({
    name: `${prefix}-${nn}`,
    code: `${prefix}_${nn}`,
    category: '1',
    standardHours: 100 - i,
  }));
  const search = body(page).getByPlaceholder('请输入工序名称');
  const hours = body(page).getByRole('columnheader', { name: '标准工时(小时)' });
  const rows = body(page).locator('tbody tr');
  try {
    await loginAs(page);
    await page.goto('/online/cgformList/procedure_type');
    await expect(heading(page)).toHaveText('工序类型');
    await search.fill(prefix);
    await body(page)
      .getByRole('button', { name: /^(search )?查\s*询$/ })
      .click();
    await expect(rows).toHaveCount(10);
    await hours.click();
    await expect(hours).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(`${prefix}-11`);
    await body(page).locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`${prefix}-01`);
    await expect(rows.nth(1)).toContainText(`${prefix}-00`);
    const url = page.url();

    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(search).toHaveValue(prefix);
    await expect(hours).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`${prefix}-01`);
    await expect(rows.nth(1)).toContainText(`${prefix}-00`);
    await expect(body(page).locator('.ant-pagination-item-active')).toHaveText('2');
    // the query string does not open a second tab: the list keeps its one tab, named by its document
    await expect(tabBar(page).getByRole('tab', { name: '工序类型' })).toHaveCount(1);
    await shot(page, 'tabs-list-url');

    // 重置 clears the URL's search too: a reload then shows the whole list from page 1
    await body(page)
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect(search).toHaveValue('');
    await page.reload();
    await expect(search).toHaveValue('');
    await expect(body(page).locator('.ant-pagination-item-active')).toHaveText('1');
  } finally {
    await removeRows(request, token, base, ids);
  }
});
