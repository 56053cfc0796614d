import {
  adminToken,
  api,
  body,
  choose,
  expect,
  loginAs,
  openFromMenu,
  popconfirmOk,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  userWithGrants,
} from './fixtures';
import { addRow, cell, gridRow, loanDetails, newLoan, openLoanItems } from './loan-grid';

/**
 * The tab list kind and its editable grid (4 "Editable table") on 借展单: the form holds
 * the loan's fields on one tab and its 借展明细 as a grid on the next, saved in one call.
 */

test('借展单: a loan with its items in the editable grid, checked, moved, deleted, saved and reopened', async ({
  page,
  request,
}) => {
  const loanNo = `JZ-E2E-${Date.now().toString(36)}`;
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const d = await newLoan(page, { loanNo, org: '故宫博物院', kind: '借入', start: '2026-11-01' });

  await d.getByRole('tab', { name: '借展明细' }).click();
  await expect(d.getByText('暂无数据，点击新增添加一行')).toBeVisible();
  await addRow(d, 1);
  // a second 新增 at once is throttled
  await d
    .getByRole('button', { name: spaced('新增') })
    .first()
    .click();
  await expect(page.getByText('你点击的太快了，请慢点点击!')).toBeVisible();
  await addRow(d, 2);
  await addRow(d, 3);
  // new rows are numbered one past the largest order
  await expect(cell(d, 2, 'orderNum').getByRole('textbox')).toHaveValue('3');

  await choose(gridRow(d, 0), '藏品', '兽面纹铜鼎');
  await cell(d, 0, 'pieces').getByRole('textbox').fill('1');
  await cell(d, 0, 'insuredValue').getByRole('textbox').fill('3000000');
  await choose(gridRow(d, 1), '藏品', '玉琮');
  await cell(d, 1, 'insuredValue').getByRole('textbox').fill('800000.5');
  await choose(gridRow(d, 2), '藏品', '青花缠枝莲纹梅瓶');
  await cell(d, 2, 'pieces').getByRole('textbox').fill('2');
  await cell(d, 2, 'insuredValue').getByRole('textbox').fill('1200000');
  // a number cell ignores a letter
  await cell(d, 2, 'pieces').getByRole('textbox').press('a');
  await expect(cell(d, 2, 'pieces').getByRole('textbox')).toHaveValue('2');
  await expect(d.locator('[data-stat="insuredValue"]')).toHaveText('5,000,000.50');

  // 件数 of the second row is required: a save from the loan's tab is refused, the grid's tab
  // comes forward and the cell says why
  await d.getByRole('tab', { name: '借展单' }).click();
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d.getByRole('tab', { name: '借展明细' })).toHaveAttribute('aria-selected', 'true');
  await expect(cell(d, 1, 'pieces').getByRole('alert')).toHaveText('请输入件数');
  await expect(cell(d, 1, 'pieces').getByRole('textbox')).toBeFocused();
  await expect(d).toBeVisible();
  await cell(d, 1, 'pieces').getByRole('textbox').fill('3');
  await expect(cell(d, 1, 'pieces').getByRole('alert')).toHaveCount(0);

  // the third row (梅瓶) moves up above 玉琮; 下移 is disabled on the last row
  await gridRow(d, 2).getByRole('checkbox').check();
  await expect(d.getByRole('button', { name: '下 移' })).toBeDisabled();
  await d.getByRole('button', { name: '上 移' }).click();
  await expect(cell(d, 1, 'exhibitId')).toContainText('青花缠枝莲纹梅瓶');
  await expect(cell(d, 1, 'orderNum').getByRole('textbox')).toHaveValue('2');
  await shot(page, 'grid-loan-items');

  // delete 玉琮 (now the last row), after confirming
  await gridRow(d, 1).getByRole('checkbox').uncheck();
  await gridRow(d, 2).getByRole('checkbox').check();
  await d.getByRole('button', { name: spaced('删除') }).click();
  await popconfirmOk(page).click();
  await expect(d.locator('tr[data-row]')).toHaveCount(2);
  await expect(d.locator('[data-stat="insuredValue"]')).toHaveText('4,200,000.00');

  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await expect(rowOf(body(page), loanNo)).toContainText('故宫博物院');

  // reopened: the saved rows in their order
  const e = await openLoanItems(page, loanNo);
  await expect(e.locator('tr[data-row]')).toHaveCount(2);
  await expect(cell(e, 0, 'exhibitId')).toContainText('兽面纹铜鼎');
  await expect(cell(e, 1, 'exhibitId')).toContainText('青花缠枝莲纹梅瓶');
  await expect(cell(e, 1, 'pieces').getByRole('textbox')).toHaveValue('2');

  // only changed rows are sent: the second row's packing changes, and (as a client that allowed it
  // would) its 件数 goes out as 0: the server refuses it, and says so on that cell
  // 包装要求 is click-to-edit: text until clicked
  await cell(e, 1, 'packing').click();
  await cell(e, 1, 'packing').getByRole('textbox').fill('木箱');
  await page.route('**/museum/loan/editWithDetails', async (route) => {
    const sent = route.request().postDataJSON();
    expect(sent.details.museum_loan_item.rows).toHaveLength(1);
    sent.details.museum_loan_item.rows[0].pieces = 0;
    await route.continue({ postData: JSON.stringify(sent) });
  });
  await e.getByRole('button', { name: spaced('确定') }).click();
  await expect(cell(e, 1, 'pieces').getByRole('alert')).toHaveText('件数须在1到9999之间');
  await expect(page.getByText('借展明细第2行：件数须在1到9999之间')).toBeVisible();
  await expect(e).toBeVisible();
  await page.unroute('**/museum/loan/editWithDetails');
  await e.getByRole('button', { name: spaced('确定') }).click();
  await expect(e).toBeHidden();
  const admin = await adminToken(request);
  const loans = await api(request, admin, 'GET', `/museum/loan/list?loanNo=${loanNo}`);
  const details = await api(
    request,
    admin,
    'GET',
    `/museum/loan/queryDetails?id=${loans.result.records[0].id}`,
  );
  expect(details.result.museum_loan_item).toMatchObject([
    { exhibitId: 'exh-ding', pieces: 1, orderNum: 1 },
    { exhibitId: 'exh-vase', pieces: 2, orderNum: 2, packing: '木箱' },
  ]);
});

test('插入 under a row takes the 排序 of its place; the rows after it move down one and are saved so', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const loanNo = `JZ-INS-${Date.now().toString(36)}`;
  const items = ['exh-ding', 'exh-jade', 'exh-vase'].map((exhibitId, i) => ({
    id: `Tmp${i}00`,
    exhibitId,
    pieces: 1,
    orderNum: i + 1,
  }));
  const added = await api(request, admin, 'POST', '/museum/loan/addWithDetails', {
    loanNo,
    partner: '南京博物院',
    loanType: 'in',
    startOn: '2032-01-01',
    details: { museum_loan_item: { rows: items } },
  });
  expect(added.success, added.message).toBe(true);
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const e = await openLoanItems(page, loanNo);
  await expect(e.locator('tr[data-row]')).toHaveCount(3);
  await gridRow(e, 0).getByRole('checkbox').check();
  await e.getByRole('button', { name: spaced('插入') }).click();
  await expect(e.locator('tr[data-row]')).toHaveCount(4);
  const orders = ['1', '2', '3', '4'];
  for (const [i, n] of orders.entries())
    await expect(cell(e, i, 'orderNum').getByRole('textbox')).toHaveValue(n);
  await expect(cell(e, 2, 'exhibitId')).toContainText('玉琮');
  await choose(gridRow(e, 1), '藏品', '溪山行旅图（摹本）');
  await cell(e, 1, 'pieces').getByRole('textbox').fill('1');
  await e.getByRole('button', { name: spaced('确定') }).click();
  await expect(e).toBeHidden();
  const saved = await loanDetails(request, admin, String(added.result), 'museum_loan_item');
  expect(saved.map((r) => [r.exhibitId, r.orderNum])).toEqual([
    ['exh-ding', 1],
    ['exh-scroll', 2],
    ['exh-jade', 3],
    ['exh-vase', 4],
  ]);
});

test('a role that may add loans and their items adds one through the grid; its items are saved', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const { username, password } = await userWithGrants(
    request,
    admin,
    'loan',
    'grp_museum,doc_museum_loan,doc_museum_loan_add,doc_museum_loan_item,doc_museum_loan_item_add',
  );
  const { context, page } = await signInElsewhere(browser, username, password);
  await openFromMenu(page, '数字博物馆', '借展单');
  // no edit grant: no 编辑 on the rows
  await expect(rowOf(body(page), 'JZ-2026-001').getByRole('button', { name: '编辑' })).toHaveCount(0);
  const loanNo = `JZ-U-${stamp}`;
  const d = await newLoan(page, { loanNo, org: '南京博物院', kind: '借出', start: '2026-12-01' });
  await d.getByRole('tab', { name: '借展明细' }).click();
  await addRow(d, 1);
  await choose(gridRow(d, 0), '藏品', '溪山行旅图（摹本）');
  // without the items' edit grant a row is not moved (a move renumbers saved rows)
  await gridRow(d, 0).getByRole('checkbox').check();
  await expect(d.getByRole('button', { name: '上 移' })).toBeDisabled();
  await expect(d.getByRole('button', { name: '删 除' })).toBeEnabled();
  await cell(d, 0, 'pieces').getByRole('textbox').fill('1');
  await cell(d, 0, 'insuredValue').getByRole('textbox').fill('250000');
  await shot(page, 'grid-loan-non-admin');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await expect(rowOf(body(page), loanNo)).toContainText('南京博物院');

  // the items were saved with the loan
  const loans = await api(request, admin, 'GET', `/museum/loan/list?loanNo=${loanNo}`);
  const loanId = loans.result.records[0].id;
  const details = await api(request, admin, 'GET', `/museum/loan/queryDetails?id=${loanId}`);
  expect(details.result.museum_loan_item).toMatchObject([
    { exhibitId: 'exh-scroll', pieces: 1, orderNum: 1 },
  ]);
  await context.close();
});
