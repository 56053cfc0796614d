import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
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
  treeNode,
} from './fixtures';

/**
 * Issue 8, "what staff hit in their first hour": a grant without its group, a top-level external
 * link, the picker page size, money in lists and details, and what looked wrong (theme colours,
 * a phone-width user list, an empty list's total, the wide product list, read-only details).
 */

const nav = (page: Page) => page.getByRole('menu', { name: '导航菜单' });
const stamp = () => Date.now().toString(36);
/** 薄暮, the second colour of the settings drawer */
const DUSK = 'rgb(245, 34, 45)';
/** a primary button's 薄暮: the shade of it white reads 4.5:1 on (#dd1f29, src/app/settings/theme.ts) */
const DUSK_BUTTON = 'rgb(221, 31, 41)';

async function pickColour(page: Page, name: RegExp) {
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  // a click while the drawer still slides in can be lost on a busy machine: pick again until pressed
  await expect(async () => {
    await drawer.getByRole('button', { name }).click({ timeout: 2000 });
    await expect(drawer.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 2000,
    });
  }).toPass();
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByLabel('关闭')).first().click();
  await expect(drawer).toBeHidden();
}

/** the boxes of two elements share some area */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

test('a user granted 计量单位 alone (父子关联 off) finds it under 基础数据 and in the menu search', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const code = `unitonly_${stamp()}`;
  const role = await api(request, admin, 'POST', '/sys/role/add', {
    roleName: `单位${code}`,
    roleCode: code,
  });
  expect(role.success, role.message).toBe(true);
  const grant = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role.result,
    permissionIds: 'doc_base_unit',
    lastpermissionIds: '',
  });
  expect(grant.success, grant.message).toBe(true);
  const user = await addUser(request, admin, {
    username: code,
    realname: '单位专员',
    selectedroles: String(role.result),
  });

  await loginAs(page, user.username, user.password);
  await openFromMenu(page, '基础数据', '计量单位');
  // the implied group brings nothing the user was not granted
  await expect(nav(page).getByRole('menuitem')).toHaveText(['首页', '基础数据', '计量单位']);
  await shot(page, 'first-hour-child-grant');

  const search = page.getByRole('combobox', { name: '搜索菜单' });
  await search.click();
  await search.fill('单位');
  await expect(page.getByRole('option', { name: '计量单位' })).toBeVisible();
});

test('a top-level menu opening 外部 shows in the side menu and opens its address in a new window', async ({
  page,
  request,
}) => {
  const name = `外部链接${stamp()}`;
  const url = `https://example.com/${stamp()}`;
  // the address is answered here: tests never reach the network
  await page
    .context()
    .route('https://example.com/**', (r) =>
      r.fulfill({ body: '<h1>外部页面</h1>', contentType: 'text/html; charset=utf-8' }),
    );
  await loginAs(page);
  await openFromMenu(page, '系统管理', '菜单管理');
  await body(page).getByRole('button', { name: '新增菜单' }).click();
  const add = page.getByRole('dialog', { name: '新增菜单' });
  await add.getByLabel('菜单名称').fill(name);
  await add.getByLabel('菜单路径').fill(url);
  await add.getByRole('radio', { name: '外部' }).check();
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add).toBeHidden();

  const entry = nav(page).getByRole('menuitem', { name });
  await expect(entry).toBeVisible();
  await shot(page, 'first-hour-external-menu');
  const [popup] = await Promise.all([page.waitForEvent('popup'), entry.getByRole('link').click()]);
  await expect(popup).toHaveURL(url);
  await expect(popup.getByRole('heading', { name: '外部页面' })).toBeVisible();
  await popup.close();

  // leave the menu as it was for the other specs
  const admin = await adminToken(request);
  const roots = (await api(request, admin, 'GET', '/sys/permission/list')).result as {
    id: string;
    name: string;
  }[];
  const id = roots.find((r) => r.name === name)!.id;
  expect((await api(request, admin, 'DELETE', `/sys/permission/delete?id=${id}`)).success).toBe(true);
});

/** the page size changer of a picker offers 5/10/20/30 and starts at 5 */
async function expectPickerPaging(picker: Locator) {
  await expect(picker.locator('tbody tr.ant-table-row')).toHaveCount(5);
  const changer = picker.locator('.ant-pagination-options .ant-select');
  await expect(changer).toContainText('5 条/页');
  await changer.click();
  const options = picker.page().locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['5 条/页', '10 条/页', '20 条/页', '30 条/页']);
  await changer.click();
}

test('the pickers page by 5, with 5/10/20/30 to choose from', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  await add.getByRole('button', { name: '选择岗位' }).click();
  const posts = page.getByRole('dialog', { name: '职务管理选择' });
  await expect(posts.locator('.ant-pagination-total-text')).toHaveText('1-5 共 8 条');
  await expectPickerPaging(posts);
  await shot(page, 'first-hour-picker-record');
  await posts.getByRole('button', { name: spaced('取消') }).click();
  await expect(posts).toBeHidden();
  await closeDialog(add);

  await openFromMenu(page, '系统管理', '系统通告');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByRole('radio', { name: '指定用户' }).check();
  await d.getByRole('button', { name: '选择指定用户' }).click();
  const users = page.getByRole('dialog', { name: '根据部门选择用户' });
  await expectPickerPaging(users);
  await shot(page, 'first-hour-picker-user');
});

/** a product priced 1234567.5, added through the API; its name */
async function addProduct(request: APIRequestContext): Promise<string> {
  const admin = await adminToken(request);
  const name = `青铜摆件${stamp()}`;
  // a category, a unit and a status as a demo product has them
  const [demo] = (await api(request, admin, 'GET', '/pro/product/list?pageSize=1')).result.records;
  const added = await api(request, admin, 'POST', '/pro/product/add', {
    name,
    code: `P${stamp()}`,
    productTypeId: demo.productTypeId,
    unitId: demo.unitId,
    status: demo.status,
    price: 1234567.5,
    produceDate: '2026-03-15',
    remark: '限量复刻，附收藏证书与木盒包装',
  });
  expect(added.success, added.message).toBe(true);
  return name;
}

/** 产品信息 searched for one product; its row */
async function productRow(page: Page, name: string): Promise<Locator> {
  await body(page).getByLabel('产品名称').fill(name);
  await body(page).getByLabel('产品名称').press('Enter');
  const row = rowOf(body(page), name);
  await expect(row).toHaveCount(1);
  return row;
}

test('产品信息 at 1440 px: 投产日期 and 备注 whole, beside the pinned 操作 column', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  // the first page of the demo products, long 规格型号 included
  await expect(body(page).locator('tbody tr')).toHaveCount(10);
  await shot(page, 'first-hour-product-list');
  const action = await box(body(page).getByRole('columnheader', { name: '操作' }));
  for (const title of ['投产日期', '备注']) {
    const header = body(page).getByRole('columnheader', { name: title });
    const h = await box(header);
    expect(h.x + h.width, `${title} ends before 操作`).toBeLessThanOrEqual(action.x + 1);
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth), `${title} is whole`).toBe(true);
  }
  // the latest 投产日期 first (empty ones sort last descending): other tests add products without one
  const produced = body(page).getByRole('columnheader', { name: '投产日期' });
  for (const order of ['asc', 'desc']) {
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/pro/product/list') && r.url().includes(`column=produceDate&order=${order}`),
      ),
      produced.click(),
    ]);
  }
  await expect(produced).toHaveAttribute('aria-sort', 'descending');
  const dates = await body(page).locator('tbody tr td:nth-child(9)').all();
  await expect(dates[0]).toHaveText(/^\d{4}-\d\d-\d\d$/);
  for (const date of dates) {
    if (!(await date.innerText()).trim()) continue;
    const d = await box(date);
    expect(d.x + d.width, '投产日期 value before 操作').toBeLessThanOrEqual(action.x + 1);
    expect(await date.evaluate((el) => el.scrollWidth <= el.clientWidth), '投产日期 value is whole').toBe(
      true,
    );
    // on one line: a date broken at its hyphens is cut too
    const lines = await date.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, '投产日期 value on one line').toBe(1);
  }
});

test('money shows thousands separators and its scale, in the list and in 详细信息', async ({
  page,
  request,
}) => {
  const name = await addProduct(request);
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  const row = await productRow(page, name);
  await expect(row.getByRole('cell', { name: '1,234,567.50', exact: true })).toBeVisible();
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect(detail.getByLabel('单价(元)')).toHaveValue('1,234,567.50');
  await shot(page, 'first-hour-product-detail');
});

test('详细信息 is read, not filled in: no required marks, no placeholders', async ({ page, request }) => {
  const name = await addProduct(request);
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  const row = await productRow(page, name);
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect(detail.getByLabel('产品名称')).toHaveValue(name);
  await expect(detail.locator('.ant-form-item-required')).toHaveCount(0);
  // 规格型号 is empty: an editor would invite 请输入规格型号 there
  await expect(detail.locator('[placeholder]:not([placeholder=""])')).toHaveCount(0);
  await expect(detail.locator('.ant-select-selection-placeholder:not(:empty)')).toHaveCount(0);
});

test('an empty list says 共 0 条, without a 0-0 range', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  await body(page).getByLabel('产品名称').fill(`没有这个产品${stamp()}`);
  await body(page).getByLabel('产品名称').press('Enter');
  const total = body(page).locator('.ant-pagination-total-text');
  await expect(total).toHaveText('共 0 条');
  await shot(page, 'first-hour-empty-list');
});

test('the bell stays visible in the dark top menu', async ({ page }) => {
  await loginAs(page);
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await drawer.getByText('暗色菜单风格').click();
  await drawer.getByText('顶部栏导航').click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const header = page.locator('.shell-header-dark');
  await expect(header).toBeVisible();
  const bell = page.getByRole('button', { name: /^消息通知/ }).locator('.anticon-bell');
  await expect(bell).toHaveCSS('color', 'rgb(255, 255, 255)');
  await shot(page, 'first-hour-dark-top-bell');
});

test('at 390 px 用户管理 is cards: the checkbox and the ⋯ menu cover no data, the menu holds 密码 and 冻结', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page);
  await page.goto('/system/user');
  // other tests add users: admin is found by its account, not on the first page of the newest
  await body(page).getByLabel('用户账号').fill('admin');
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  // mobile width: cards in place of the table (renderers/list/CardList.tsx)
  const admin = body(page)
    .locator('li')
    .filter({ has: page.getByRole('heading', { name: 'admin', exact: true }) });
  await expect(admin).toBeVisible();
  await expect(body(page).locator('table')).toHaveCount(0);
  await shot(page, 'first-hour-users-390');
  const check = await box(admin.getByRole('checkbox'));
  const menu = await box(admin.getByRole('button', { name: /操作$/ }));
  for (const part of await admin.locator('dt, dd, h2').all()) {
    const b = await part.boundingBox();
    if (!b || b.width === 0) continue;
    expect(overlap(menu, b), 'the menu covers data').toBe(false);
    expect(overlap(check, b), 'the checkbox covers data').toBe(false);
  }
  await admin.getByRole('button', { name: /操作$/ }).click();
  const items = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');
  await expect(items.filter({ hasText: '密码' })).toHaveCount(1);
  await expect(items.filter({ hasText: '冻结' })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// a phone shows cards (phone-cards.spec.ts); a tablet's narrow table still wraps by column
test('at 800 px a code (借展编号 JZ-2026-002) keeps one line in its cell, while text may wrap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 844 });
  await loginAs(page);
  await page.goto('/online/cgformTabList/museum_loan');
  const table = body(page).locator('table');
  /** the lines a cell's text takes: its rendered line boxes, by their distinct tops */
  const lines = (cell: Locator) =>
    cell.evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  const code = table.getByRole('cell', { name: 'JZ-2026-002', exact: true });
  await expect(code).toBeAttached();
  await shot(page, 'first-hour-loans-800');
  expect(await lines(code)).toBe(1);
  // the rule is the column's, not the page's: the partner beside it still wraps where it must
  const partner = table.getByRole('cell', { name: '市美术馆', exact: true });
  await expect(partner).toHaveCSS('white-space', 'normal');
  await expect(code).toHaveCSS('white-space', 'nowrap');
});

test('the 404 picture follows the theme colour', async ({ page }) => {
  await loginAs(page);
  await pickColour(page, /薄暮/);
  await page.goto('/404');
  await expect(page.locator('.ant-result-image circle[r="29.5"]')).toHaveCSS('fill', DUSK);
  await shot(page, 'first-hour-404');
});

test('the 登录已过期 dialog follows the theme colour', async ({ page }) => {
  await loginAs(page);
  await pickColour(page, /薄暮/);
  // our server says 401 for a dead session; the spec's catalogue also knows a 500 naming Token失效,
  // answered here for one list request so the dialog it opens can be seen
  await page.route('**/api/base/unit/list**', (r) =>
    r.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 500, message: 'Token失效，请重新登录!', result: null }),
    }),
  );
  await openFromMenu(page, '基础数据', '计量单位').catch(() => undefined);
  const expired = page.locator('.ant-modal-confirm').filter({ hasText: '登录已过期' });
  await expect(expired).toBeVisible();
  await expect(expired.getByRole('button', { name: '重新登录' })).toHaveCSS('background-color', DUSK_BUTTON);
  await shot(page, 'first-hour-expired');
});

test('授权 leaves out a group with nothing under it', async ({ page, request }) => {
  const admin = await adminToken(request);
  const group = `空分组${stamp()}`;
  const added = await api(request, admin, 'POST', '/sys/permission/add', {
    name: group,
    menuType: 0,
    url: `/g${stamp()}`,
  });
  expect(added.success, added.message).toBe(true);
  await loginAs(page);
  await openFromMenu(page, '系统管理', '角色管理');
  // searched: roles other tests made may have pushed it off the first page
  await body(page).getByLabel('角色名称').fill('审计员');
  await body(page).getByLabel('角色名称').press('Enter');
  await expect(body(page).locator('tbody tr')).toHaveCount(1);
  await rowOf(body(page), '审计员').getByRole('button', { name: '授权' }).click();
  const drawer = page.getByRole('dialog', { name: /^角色权限配置/ });
  await expect(treeNode(drawer, '数字博物馆')).toBeVisible();
  await expect(treeNode(drawer, group)).toHaveCount(0);
  await shot(page, 'first-hour-grant-tree');
  expect((await api(request, admin, 'DELETE', `/sys/permission/delete?id=${added.result}`)).success).toBe(
    true,
  );
});
