import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addUser, adminToken, api, body, expect, loginAs, rowOf, shot, spaced, test } from './fixtures';

/**
 * The popup field (online-report popup selector): a work order's 产品名称 is chosen in
 * 产品价格报表, and the chosen row fills 产品, 产品名称 and 单价 at once. The same popup in the list's
 * search puts the chosen name into the search. A planner (demo role) picks through it too.
 */

// two busy cores: the list, the form and the selector take their time
test.setTimeout(180_000);

/** a work order of 兵马俑Q版冰箱贴, made through the API */
async function newWorkOrder(request: APIRequestContext, orderNo: string): Promise<void> {
  const res = await api(request, await adminToken(request), 'POST', '/production/workOrder/add', {
    orderNo,
    productId: 'prod-08',
    productName: '兵马俑Q版冰箱贴',
    unitPrice: 25,
    planQty: 40,
    planStart: '2026-05-01',
    planFinish: '2026-05-20',
    status: '1',
  });
  expect(res.success, res.message).toBe(true);
}

/** the search form's 查询 (its name carries its icon's) */
const QUERY = /^(search )?查\s*询$/;

async function openWorkOrders(page: Page) {
  await page.goto('/production/workOrder');
  await expect(page.getByRole('heading', { level: 1, name: '生产工单' })).toBeVisible({ timeout: 60_000 });
}

/** the search area's fields past its first row wait behind 展开 */
async function expandSearch(page: Page) {
  const more = body(page).getByRole('button', { name: /展\s*开/ });
  if (await more.isVisible()) await more.click();
}

/** the 产品价格报表 selector, opened by the popup's search icon within `scope` */
async function openSelector(page: Page, scope: Locator): Promise<Locator> {
  await scope.getByRole('button', { name: '选择产品名称' }).click();
  const selector = page.getByRole('dialog', { name: '产品价格报表' });
  await expect(selector).toBeVisible();
  return selector;
}

/** searches the selector's report by 产品名称 and checks the one row found */
async function pickProduct(selector: Locator, words: string, name: string) {
  await selector.getByLabel('产品名称').fill(words);
  await selector.getByRole('button', { name: QUERY }).click();
  const row = rowOf(selector, name);
  await expect(row).toHaveCount(1);
  await expect(selector.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await row.click();
  await expect(selector.getByText('已选择 1 项')).toBeVisible();
}

test('a work order’s 产品, 产品名称 and 单价 are filled at once from 产品价格报表, saved, and searched through the popup', async ({
  page,
  request,
}) => {
  const orderNo = `GD-POP-${Date.now().toString(36)}`;
  await newWorkOrder(request, orderNo);
  await loginAs(page);
  await openWorkOrders(page);
  await body(page).getByLabel('工单编号').fill(orderNo);
  await body(page).getByRole('button', { name: QUERY }).click();
  const row = rowOf(body(page), orderNo);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit.getByLabel('产品名称', { exact: true })).toHaveValue('兵马俑Q版冰箱贴');

  const selector = await openSelector(page, edit);
  await expect(selector.getByText('已选择 0 项')).toBeVisible();
  await expect(selector.getByRole('columnheader', { name: '单价' })).toBeVisible();
  // 确定 with nothing chosen says so and keeps the selector open
  await selector.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('请选择一条记录')).toBeVisible();
  await expect(selector).toBeVisible();

  await pickProduct(selector, '品茗杯', '汝窑天青釉品茗杯');
  await shot(page, 'popup-selector');
  await selector.getByRole('button', { name: spaced('确定') }).click();
  await expect(selector).toBeHidden();
  // one choice, three fields: the product (by its id, shown by name), its name and its price
  await expect(edit.getByLabel('产品', { exact: true }).locator('xpath=..')).toHaveAttribute(
    'title',
    '汝窑天青釉品茗杯',
  );
  await expect(edit.getByLabel('产品名称', { exact: true })).toHaveValue('汝窑天青釉品茗杯');
  await expect(edit.getByLabel('单价')).toHaveValue(/^128(\.00)?$/);
  // 备注 (input_pop) is written in its larger editor
  await edit.getByRole('button', { name: '展开备注' }).click();
  const note = page.getByRole('dialog', { name: '备注' });
  await note.getByRole('textbox', { name: '备注（展开）' }).fill('茶具礼盒，春节前交付');
  await note.getByRole('button', { name: spaced('确定') }).click();
  await expect(note).toBeHidden();
  await expect(edit.getByLabel('备注', { exact: true })).toHaveValue('茶具礼盒，春节前交付');
  await shot(page, 'popup-form');
  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: '汝窑天青釉品茗杯' })).toHaveCount(2);
  await expect(row.getByRole('cell', { name: /^128(\.00)?$/ })).toBeVisible();
  await expect(row).toContainText('茶具礼盒，春节前交付');

  // the list's search: the popup puts the chosen name into 产品名称, and the rows narrow to it
  await body(page).getByLabel('工单编号').fill('');
  await expandSearch(page);
  const search = await openSelector(page, body(page));
  await pickProduct(search, '后母戊', '后母戊鼎1:10复制品');
  await search.getByRole('button', { name: spaced('确定') }).click();
  await expect(search).toBeHidden();
  await expect(body(page).getByLabel('产品名称', { exact: true })).toHaveValue('后母戊鼎1:10复制品');
  await body(page).getByRole('button', { name: QUERY }).click();
  await expect(rowOf(body(page), 'GD-2026-0001')).toHaveCount(1);
  await expect(row).toHaveCount(0);
  const names = body(page).locator('tbody tr');
  await expect(names.first()).toContainText('后母戊鼎1:10复制品');
  for (const text of await names.allInnerTexts()) expect(text).toContain('后母戊鼎1:10复制品');
  await shot(page, 'popup-list-search');
});

test('a planner (demo role) picks from the report popup too', async ({ page, request }) => {
  const admin = await adminToken(request);
  const planner = await addUser(request, admin, {
    username: `planner_${Date.now().toString(36)}`,
    realname: '计划员',
    selectedroles: 'role_production',
    selecteddeparts: 'dep_it',
  });
  const orderNo = `GD-PLN-${Date.now().toString(36)}`;
  await newWorkOrder(request, orderNo);
  await loginAs(page, planner.username, planner.password);
  await openWorkOrders(page);
  await body(page).getByLabel('工单编号').fill(orderNo);
  await body(page).getByRole('button', { name: QUERY }).click();
  await rowOf(body(page), orderNo).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  const selector = await openSelector(page, edit);
  await pickProduct(selector, '四羊方尊', '四羊方尊1:4复制品');
  await shot(page, 'popup-selector-planner');
  await selector.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit.getByLabel('产品名称', { exact: true })).toHaveValue('四羊方尊1:4复制品');
  await expect(edit.getByLabel('单价')).toHaveValue(/^2,?680(\.00)?$/);
  await expect(edit.getByLabel('产品', { exact: true }).locator('xpath=..')).toHaveAttribute(
    'title',
    '四羊方尊1:4复制品',
  );
});

test('an editor of work orders without the report’s grant is told so, and no selector opens', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const roleCode = `popup_${Date.now().toString(36)}`;
  const role = (
    await api(request, admin, 'POST', '/sys/role/add', { roleName: `工单编辑${roleCode}`, roleCode })
  ).result as string;
  const granted = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role,
    permissionIds: 'grp_production,doc_pro_work_order,doc_pro_work_order_edit',
    lastpermissionIds: '',
  });
  expect(granted.success, granted.message).toBe(true);
  const editor = await addUser(request, admin, {
    username: roleCode,
    realname: '工单编辑',
    selectedroles: role,
  });
  const orderNo = `GD-NOR-${Date.now().toString(36)}`;
  await newWorkOrder(request, orderNo);
  await loginAs(page, editor.username, editor.password);
  await openWorkOrders(page);
  await body(page).getByLabel('工单编号').fill(orderNo);
  await body(page).getByRole('button', { name: QUERY }).click();
  await rowOf(body(page), orderNo).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await edit.getByRole('button', { name: '选择产品名称' }).click();
  await expect(page.getByText('没有权限，请联系管理员授权').first()).toBeVisible();
  await shot(page, 'popup-refused');
  await expect(page.getByRole('dialog', { name: '产品价格报表' })).toHaveCount(0);
  // the form itself stays as it was
  await expect(edit.getByLabel('产品名称', { exact: true })).toHaveValue('兵马俑Q版冰箱贴');
});
