import type { Page } from '@playwright/test';
import { adminToken, api, body, choose, expect, loginAs, openFromMenu, shot, spaced, test } from './fixtures';

const names = (page: Page) => body(page).locator('tbody tr td:nth-child(2)');
const toggle = (page: Page, verb: '展开' | '收起', name: string) =>
  body(page).getByRole('button', { name: `${verb} ${name}`, exact: true });

test('a tree document is a tree table whose children load on first expand', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '基础数据', '行政区域');
  // only the root level is paged
  await expect(body(page).locator('.ant-pagination-total-text')).toHaveText('1-1 共 1 条');
  await expect(names(page)).toHaveText(['中国']);

  const children = page.waitForResponse(
    (r) => r.url().includes('/base/area/getAreaTree') && r.url().includes('pid=area-86'),
  );
  await toggle(page, '展开', '中国').click();
  await children;
  await expect(names(page)).toHaveText(['中国', '浙江省', '江苏省', '广东省', '陕西省', '四川省', '河南省']);
  await toggle(page, '展开', '浙江省').click();
  await toggle(page, '展开', '杭州市').click();
  await expect(names(page).filter({ hasText: '上城区' })).toHaveCount(1);
  // a district has no children: a leaf, without a button
  await expect(toggle(page, '展开', '上城区')).toHaveCount(0);
  await shot(page, 'tree-list');

  // collapsing hides the branch; opening it again needs no new request
  await toggle(page, '收起', '浙江省').click();
  await expect(names(page).filter({ hasText: '杭州市' })).toHaveCount(0);
  let refetched = false;
  page.on('request', (r) => {
    if (r.url().includes('pid=area-330000')) refetched = true;
  });
  await toggle(page, '展开', '浙江省').click();
  await expect(names(page).filter({ hasText: '上城区' })).toHaveCount(1);
  expect(refetched).toBe(false);
});

test('添加下级 saves a child under its node, which opens to show it; its removal makes a leaf again', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '基础数据', '行政区域');
  for (const name of ['中国', '浙江省', '杭州市']) await toggle(page, '展开', name).click();
  await body(page)
    .locator('tbody tr')
    .filter({ hasText: '上城区' })
    .getByRole('button', { name: '添加下级' })
    .click();
  const d = page.getByRole('dialog', { name: '新增' });
  await expect(d.getByText('上城区')).toBeVisible();
  await d.getByLabel('区域名称').fill('测试街道');
  await d.getByLabel('区域编码').fill('330102001');
  await choose(d, '区域级别', '区县');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();

  // the open branches were fetched again, and 上城区 opened by itself: its new child is seen
  const child = body(page).locator('tbody tr').filter({ hasText: '测试街道' });
  await expect(child).toHaveCount(1);
  await expect(toggle(page, '收起', '上城区')).toBeVisible();
  await child.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: spaced('确定') })
    .click();
  await expect(child).toHaveCount(0);
  await expect(toggle(page, '收起', '上城区')).toHaveCount(0);
  await expect(toggle(page, '展开', '上城区')).toHaveCount(0);
});

test('a search shows its matches as a flat list', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '基础数据', '行政区域');
  await body(page).getByLabel('区域名称').fill('州');
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(names(page)).toHaveCount(3);
  // equal sort numbers leave the order among them to the database
  expect((await names(page).allInnerTexts()).sort()).toEqual(['广州市', '杭州市', '苏州市'].sort());
  await expect(body(page).getByRole('button', { name: /^展开/ })).toHaveCount(0);
});

test('a node deleted elsewhere leaves an open branch without a reload', async ({ page, request }) => {
  const admin = await adminToken(request);
  const name = `临时区${Date.now().toString(36)}`;
  const added = await api(request, admin, 'POST', '/base/area/add', {
    pid: 'area-330100',
    name,
    code: `9${Date.now().toString().slice(-8)}`,
    level: '3',
  });
  expect(added.success, added.message).toBe(true);
  await loginAs(page);
  await openFromMenu(page, '基础数据', '行政区域');
  for (const n of ['中国', '浙江省', '杭州市']) await toggle(page, '展开', n).click();
  await expect(names(page).filter({ hasText: name })).toHaveCount(1);

  // deleted by another console (here the API): the open branch drops it
  const list = await api(request, admin, 'GET', `/base/area/list?name=${encodeURIComponent(name)}`);
  const gone = await api(request, admin, 'DELETE', `/base/area/delete?id=${list.result.records[0].id}`);
  expect(gone.success, gone.message).toBe(true);
  await expect(names(page).filter({ hasText: name })).toHaveCount(0);
  await expect(names(page).filter({ hasText: '上城区' })).toHaveCount(1);
});
