import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminToken,
  api,
  body,
  closeDialog,
  expect,
  loginAs,
  shot,
  spaced,
  test,
  userWithGrants,
} from './fixtures';

/**
 * The issue "lists become cards on a phone": at 390 × 844 (below the shell's mobile width, spec
 * 2.3) a plain, a tree and an ERP list show one card a record (renderers/list/CardList.tsx) with the
 * table's search, paging, selection and actions, and nothing is wider than the screen.
 */

test.use({ viewport: { width: 390, height: 844 } });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const cardList = (page: Page) => body(page).getByRole('list', { name: /列表$/ }).first();
const cards = (page: Page) => cardList(page).locator(':scope > li');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
/** the seeded 千克 (code KG): imports in other tests may add units of that name */
const seededKg = (page: Page) =>
  card(page, '千克').filter({ has: page.locator('dd').getByText('KG', { exact: true }) });
const totalText = (page: Page) =>
  body(page)
    .getByText(/共 \d+ 条$/)
    .first();

/** nothing on the page is wider than the phone's screen */
async function fitsTheScreen(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(body(page).locator('table')).toHaveCount(0);
}

/** the entries of a card's ⋯ menu */
async function openMenu(page: Page, c: Locator, name: string): Promise<Locator> {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await c.getByRole('button', { name: `${name} 操作` }).click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass();
  return menu;
}

/** searches the list by one text box of its search form */
async function search(page: Page, label: string, value: string): Promise<void> {
  await body(page).getByLabel(label).fill(value);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
}

/** selects the cards and deletes them with 批量删除, which asks with their count */
async function batchDelete(page: Page, names: string[]): Promise<void> {
  for (const name of names)
    await card(page, name)
      .getByRole('checkbox', { name: `选择 ${name}` })
      .check();
  await expect(body(page).getByText(`已选择 ${names.length} 项`)).toBeVisible();
  await body(page).getByRole('button', { name: '批量删除' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '确认删除' });
  await expect(ask).toContainText(`确定要删除这 ${names.length} 项吗?`);
  await ask.getByRole('button', { name: spaced('确定') }).click();
  for (const name of names) await expect(card(page, name)).toHaveCount(0);
}

/** 编辑 from the card's ⋯ menu opens the form with the record in it */
async function editFromMenu(page: Page, name: string, field: string): Promise<void> {
  const c = card(page, name);
  const menu = await openMenu(page, c, name);
  await menu.getByRole('menuitem', { name: '编辑' }).click();
  const form = page.getByRole('dialog', { name: '编辑' });
  await expect(form.getByLabel(field)).toHaveValue(name);
  await closeDialog(form);
}

/** the cards shown are the search's matches, 千克 itself among them */
async function expectOnly(page: Page, name: RegExp): Promise<void> {
  await expect
    .poll(async () => (await cards(page).getByRole('heading').allTextContents()).every((t) => name.test(t)))
    .toBe(true);
  await expect(seededKg(page)).toHaveCount(1);
}

async function added(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await api(request, token, 'POST', path, data);
  expect(res.success, res.message).toBe(true);
}

test('a plain list (计量单位) is cards at 390 px: search, paging, a card menu, selection and batch delete', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const s = stamp();
  const mine = [`卡片甲${s}`, `卡片乙${s}`];
  for (const [i, name] of mine.entries())
    await added(request, admin, '/base/unit/add', {
      name,
      code: `c${s}${i}`,
      unitType: '1',
      status: '1',
    });
  await loginAs(page);
  await page.goto('/online/cgformList/base_unit');
  await expect(cards(page)).toHaveCount(10);
  await fitsTheScreen(page);

  // the title is the first text column, the status a tag, the next columns titled key fields
  const kg = seededKg(page);
  await search(page, '单位名称', '千克');
  // (other tests may add units whose names hold 千克: every card shown matches)
  await expectOnly(page, /千克/);
  await expect(kg.locator('.ant-tag')).toHaveText('启用');
  await expect(kg.locator('dt')).toHaveText(['单位编码', '单位类型', '符号', '备注']);
  await expect(kg.locator('dd').first()).toHaveText('KG');
  await shot(page, 'phone-cards-plain');

  // a search narrows the cards
  await search(page, '单位名称', s);
  await expect(cards(page)).toHaveCount(2);
  await expect(totalText(page)).toHaveText('1-2 共 2 条');
  await fitsTheScreen(page);

  // paging moves
  await body(page)
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(cards(page)).toHaveCount(10);
  const first = await cards(page).first().getByRole('heading').textContent();
  await body(page).getByTitle('下一页').click();
  await expect(totalText(page)).toHaveText(/^11-\d+ 共 \d+ 条$/);
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(first!);
  await fitsTheScreen(page);

  // 编辑 from a card's ⋯ menu opens the form with the record
  await search(page, '单位名称', s);
  await editFromMenu(page, mine[0], '单位名称');

  // selection and 批量删除, which asks with the count
  await batchDelete(page, mine);
  await expect(cards(page)).toHaveCount(0);
  await expect(totalText(page)).toHaveText('共 0 条');
});

test('a user holding only 计量单位 sees cards whose menu offers only what it holds', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const reader = await userWithGrants(request, admin, 'cards', 'grp_base,doc_base_unit,doc_base_unit_edit');
  await loginAs(page, reader.username, reader.password);
  await page.goto('/online/cgformList/base_unit');
  await search(page, '单位名称', '千克');
  await expectOnly(page, /千克/);
  await fitsTheScreen(page);
  const menu = await openMenu(page, seededKg(page), '千克');
  await expect(menu.getByRole('menuitem')).toHaveText(['编辑', '详情']);
  await expect(body(page).getByRole('button', { name: '批量删除' })).toHaveCount(0);
  await expect(body(page).getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect(detail).toBeVisible();
  await closeDialog(detail);
});

test('a tree list (分类字典) is cards at 390 px: a node opens its children indented under it', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const s = stamp();
  const mine = [`卡根甲${s}`, `卡根乙${s}`];
  for (const name of mine) await added(request, admin, '/sys/category/add', { name });
  await loginAs(page);
  await page.goto('/online/cgformTreeList/sys_category');
  await expect(cards(page)).toHaveCount(10);
  await fitsTheScreen(page);

  // a root opens its children as cards set in under it; they close again
  const root = card(page, '书画');
  await root.getByRole('button', { name: '展开 书画' }).click();
  const child = card(page, '绘画');
  await expect(child).toBeVisible();
  await expect(root.getByRole('button', { name: '收起 书画' })).toBeVisible();
  const rootBox = (await root.boundingBox())!;
  const childBox = (await child.boundingBox())!;
  expect(childBox.x).toBeGreaterThan(rootBox.x);
  await shot(page, 'phone-cards-tree');
  await fitsTheScreen(page);
  await root.getByRole('button', { name: '收起 书画' }).click();
  await expect(cards(page)).toHaveCount(10);

  // paging moves over the roots
  await body(page).getByTitle('下一页').click();
  await expect(totalText(page)).toHaveText(/^11-\d+ 共 \d+ 条$/);

  // a search narrows the cards (flat, as the table shows matches)
  await search(page, '分类名称', s);
  await expect(cards(page)).toHaveCount(2);
  await editFromMenu(page, mine[1], '分类名称');
  await batchDelete(page, mine);
});

test('an ERP list (生产工单) is cards at 390 px: a card picks its master, whose 工序步骤 show below', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const s = stamp();
  const mine = Array.from({ length: 8 }, (_, i) => `KP-${s}-${i}`);
  for (const orderNo of mine)
    await added(request, admin, '/production/workOrder/add', {
      orderNo,
      productId: 'prod-15',
      productName: '后母戊鼎1:10复制品',
      planQty: 5,
      planStart: '2026-03-01',
      planFinish: '2026-03-20',
      status: '1',
    });
  await loginAs(page);
  await page.goto('/production/workOrder');
  await expect(cards(page)).toHaveCount(10);
  await fitsTheScreen(page);

  // the document names its card: 产品名称, 计划数量, 计划开始, 计划完成, and 状态 as the tag
  const seeded = card(page, 'GD-2026-0001');
  await search(page, '工单编号', 'GD-2026-0001');
  await expect(cards(page)).toHaveCount(1);
  await expect(seeded.locator('dt')).toHaveText(['产品名称', '计划数量', '计划开始', '计划完成']);
  await expect(seeded.locator('.ant-tag')).toHaveText('生产中');

  // a click on the card picks it: its detail tabs show below, as under the table
  await seeded.getByRole('heading').click();
  await expect(body(page).getByRole('tab', { name: '工序步骤' })).toBeVisible();
  await expect(body(page).getByText('已选择 1 项')).toBeVisible();
  await shot(page, 'phone-cards-erp');
  await fitsTheScreen(page);

  // paging moves (the list's own 重置: the 工序步骤 tab below has one too)
  await body(page)
    .getByRole('button', { name: /重\s*置/ })
    .first()
    .click();
  await expect(cards(page)).toHaveCount(10);
  await body(page).getByTitle('下一页').first().click();
  await expect(totalText(page)).toHaveText(/^11-\d+ 共 \d+ 条$/);

  await search(page, '工单编号', s);
  await expect(cards(page)).toHaveCount(8);
  await editFromMenu(page, mine[0], '工单编号');
  await batchDelete(page, mine.slice(0, 2));
  await expect(cards(page)).toHaveCount(6);
});
