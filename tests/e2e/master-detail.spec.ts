import {
  adminToken,
  api,
  body,
  choose,
  closeDialog,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  tokenOf,
  userWithGrants,
} from './fixtures';

/**
 * The master–detail list kinds on the seeded documents: 展览 is an inner-table list (a
 * row opens its 展览展品 in place), 生产工单 an ERP list (a clicked order shows its 工序步骤 below).
 * The detail lists are the child's own: limited to the master, adding fills the master in.
 */
test('展览 opens a row’s exhibits in place; one added there belongs to that exhibition', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '展览');
  const bronze = rowOf(body(page), '吉金光华');
  await bronze.getByRole('button', { name: '展开明细' }).click();
  const inner = body(page)
    .locator('tr')
    .filter({ has: page.getByRole('tab', { name: '展览展品' }) });
  await expect(inner.getByRole('cell', { name: '兽面纹铜鼎', exact: true })).toBeVisible();
  await expect(inner.getByRole('cell', { name: '玉琮', exact: true })).toBeVisible();
  // the other exhibition's exhibits are not this one's
  await expect(inner.getByRole('cell', { name: '青花缠枝莲纹梅瓶', exact: true })).toHaveCount(0);

  await inner.getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await choose(d, '藏品', '青花缠枝莲纹梅瓶');
  await d.getByLabel('展柜').fill('A-09');
  await d.getByLabel('陈列顺序').fill('3');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await expect(rowOf(inner, '青花缠枝莲纹梅瓶')).toContainText('A-09');
  await shot(page, 'inner-table-exhibition');

  // an item without its exhibit is refused with the rule's message
  await inner.getByRole('button', { name: '新增' }).click();
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d.locator('#form_museum_exhibition_item_exhibitId__error')).toHaveText('请选择藏品');
  await closeDialog(d);

  await bronze.getByRole('button', { name: '收起明细' }).click();
  await expect(page.getByRole('tab', { name: '展览展品' })).toHaveCount(0);
});

test('生产工单 shows the clicked order’s steps below the list', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '生产工单');
  await expect(body(page).getByText('点击一条生产工单查看明细')).toBeVisible();
  const steps = body(page).getByRole('tabpanel');

  await rowOf(body(page), 'GD-2026-0003').getByRole('cell').nth(2).click();
  await expect(page.getByRole('tab', { name: '工序步骤' })).toBeVisible();
  await expect(steps.locator('tbody tr')).toHaveCount(3);

  await rowOf(body(page), 'GD-2026-0001').getByRole('cell').nth(2).click();
  await expect(steps.locator('tbody tr')).toHaveCount(4);
  await expect(rowOf(body(page), 'GD-2026-0001').getByRole('checkbox', { name: '选择' })).toBeChecked();
  await expect(rowOf(body(page), 'GD-2026-0003').getByRole('checkbox', { name: '选择' })).not.toBeChecked();
  await shot(page, 'erp-work-order');
});

test('a role that may read 展览 but not its exhibits sees no exhibit tab, and says so', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const { username, password } = await userWithGrants(
    request,
    admin,
    'exn',
    'grp_museum,doc_museum_exhibition',
  );
  const { context, page } = await signInElsewhere(browser, username, password);
  await openFromMenu(page, '数字博物馆', '展览');
  await rowOf(body(page), '青花与山水').getByRole('button', { name: '展开明细' }).click();
  await expect(body(page).getByText('没有可查看的明细（未授权）')).toBeVisible();
  await expect(page.getByRole('tab', { name: '展览展品' })).toHaveCount(0);
  // and the server refuses the exhibits to it all the same
  const listed = await api(page.request, await tokenOf(page), 'GET', '/museum/exhibitionItem/list');
  expect(listed.success).toBe(false);
  await context.close();
});

test('the advanced query offers the steps’ fields as a group and keeps the orders some step of which holds', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '生产工单');
  await body(page).getByRole('button', { name: '高级查询' }).click();
  const d = page.getByRole('dialog', { name: '高级查询构造器' });
  await choose(d, '条件1字段', '工序步骤-实际数量');
  await choose(d, '条件1规则', '大于等于');
  await d.getByLabel('条件1值').fill('100');
  await d.getByLabel('条件1值').press('Enter');
  await expect(d).toBeHidden();
  // GD-2026-0002's steps made 300 and more; 0001's at most 50; 0003 has none done
  await expect(rowOf(body(page), 'GD-2026-0002')).toHaveCount(1);
  await expect(rowOf(body(page), 'GD-2026-0001')).toHaveCount(0);
  await expect(rowOf(body(page), 'GD-2026-0003')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]sq=/);
});
