import fs from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import {
  adminToken,
  api,
  body,
  choose,
  expect,
  loginAs,
  openFromMenu,
  shot,
  test,
  userWithGrants,
} from './fixtures';

/**
 * The online report list (/online/cgreport/:code) over the demo report 产品价格报表:
 * opened from the menu, searched, sorted by a header, paged ten a page and exported with the
 * search; 导出 only for holders of the report's export code; a direct URL opens a report too.
 */

const P = `RP${Date.now().toString(36).toUpperCase()}`;
/** twelve products of this run, priced 1…12, so the search finds two pages */
const PRICES = Array.from({ length: 12 }, (_, i) => i + 1);

async function addProducts(request: APIRequestContext) {
  const admin = await adminToken(request);
  for (const price of PRICES) {
    const res = await api(request, admin, 'POST', '/pro/product/add', {
      name: `${P}产品${String(price).padStart(2, '0')}`,
      code: `${P}-${price}`,
      price,
      status: price % 2 ? '1' : '2',
      productTypeId: 'pt-wc-0101',
      unitId: 'unit-jian',
    });
    expect(res.success, res.message).toBe(true);
  }
}

/** the rows of an exported sheet: title, exporter and header rows first */
async function sheetRows(download: Download): Promise<string[][]> {
  const book = XLSX.read(fs.readFileSync(await download.path()), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
}

const rows = (page: Page) => body(page).locator('tbody tr.ant-table-row');
const totalText = (page: Page) => body(page).locator('.ant-pagination-total-text');
const cellsOf = (page: Page, n: number) => rows(page).nth(n).locator('td');

test('a report from the menu: search, sort by a header, page, export with the search', async ({
  page,
  request,
}) => {
  await addProducts(request);
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品价格报表');
  await expect(page.getByRole('heading', { level: 1, name: '产品价格报表' })).toBeVisible();
  await expect(body(page).getByRole('columnheader', { name: /单价/ })).toBeVisible();

  await body(page).getByLabel('产品名称').fill(P);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(totalText(page)).toHaveText('1-10 共 12 条');
  await expect(rows(page)).toHaveCount(10);

  // sorting by 单价: ascending first, then descending
  const priceHeader = body(page).getByRole('columnheader', { name: /单价/ });
  await priceHeader.click();
  await expect(cellsOf(page, 0).nth(1)).toHaveText(`${P}产品01`);
  await priceHeader.click();
  await expect(cellsOf(page, 0).nth(1)).toHaveText(`${P}产品12`);
  // numbers right aligned, dictionary columns as their text
  await expect(cellsOf(page, 0).nth(4)).toHaveCSS('text-align', 'right');
  await expect(cellsOf(page, 0).nth(5)).toHaveText('停产');
  await expect(cellsOf(page, 1).nth(5)).toHaveText('在产');
  await shot(page, 'report-list');

  await body(page).locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(totalText(page)).toHaveText('11-12 共 12 条');
  await expect(rows(page)).toHaveCount(2);
  await expect(cellsOf(page, 1).nth(1)).toHaveText(`${P}产品01`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    body(page)
      .getByRole('button', { name: /导\s*出/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('产品价格报表.xls');
  const sheet = await sheetRows(download);
  expect(sheet[2]).toEqual(['产品编码', '产品名称', '产品分类', '计量单位', '单价', '状态']);
  const data = sheet.slice(3, -1);
  // the search and the sort of the screen: this run's twelve, dearest first, status as text
  expect(data.map((r) => r[1])).toEqual(PRICES.map((p) => `${P}产品${String(13 - p).padStart(2, '0')}`));
  expect(data[0][5]).toBe('停产');
  expect(data[0][4]).toBe('¥12.00');
  // and under them the average price of all twelve
  expect(sheet.at(-1)![0]).toBe('平均');
  expect(sheet.at(-1)![4]).toBe('¥6.50');

  // a search nothing matches: the empty state
  await body(page).getByLabel('产品名称').fill(`${P}无此产品`);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(body(page).getByText('暂无数据')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await shot(page, 'report-list-empty');
});

test('a report by its URL: the dictionary search item is a select of the dictionary', async ({ page }) => {
  await loginAs(page);
  await page.goto('/online/cgreport/work_order_state_report');
  await expect(page.getByRole('heading', { level: 1, name: '工单状态统计' })).toBeVisible();
  await expect(body(page).getByRole('columnheader', { name: /工单数/ })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const states = await rows(page).locator('td:first-child').allTextContents();
  expect(states.length).toBeGreaterThan(0);
  const picked = states[0];
  await choose(body(page), '工单状态', picked);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(totalText(page)).toHaveText('1-1 共 1 条');
  await expect(cellsOf(page, 0).first()).toHaveText(picked);
  await shot(page, 'report-by-url');
});

test('a user holding only the report list code reads it without 导出', async ({ page, request }) => {
  const admin = await adminToken(request);
  const user = await userWithGrants(request, admin, 'report', 'grp_production,doc_product_price_report');
  await loginAs(page, user.username, user.password);
  await openFromMenu(page, '生产数据', '产品价格报表');
  await expect(rows(page).first()).toBeVisible();
  await expect(totalText(page)).toContainText('共');
  await expect(body(page).getByRole('button', { name: /导\s*出/ })).toHaveCount(0);
});

test('在线报表 (the report head list) names every report to the administrator', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '在线报表');
  const heads = body(page).locator('tbody tr.ant-table-row');
  await expect(heads).toHaveCount(4);
  await expect(heads.filter({ hasText: '产品分类统计' })).toContainText('柱状图');
  await body(page).getByLabel('查找报表').fill('工单');
  await expect(heads).toHaveCount(2);
  await shot(page, 'report-heads-admin');
});

test('在线报表 shows a role user only the reports its role may read', async ({ page, request }) => {
  const heads = body(page).locator('tbody tr.ant-table-row');
  const admin = await adminToken(request);
  const user = await userWithGrants(
    request,
    admin,
    'heads',
    'grp_system,scr_cgreport,grp_production,doc_product_price_report',
  );
  await loginAs(page, user.username, user.password);
  await openFromMenu(page, '系统管理', '在线报表');
  await expect(heads).toHaveCount(1);
  await heads.first().getByRole('link', { name: '产品价格报表' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '产品价格报表' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
});
