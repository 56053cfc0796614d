import type { APIRequestContext, Locator } from '@playwright/test';
import {
  adminToken,
  api,
  body,
  choose,
  closeDialog,
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
import { cell, loanDetails, openLoanItems } from './loan-grid';

/**
 * The editable grid's behaviour ("Editable table"): drag sort, click-to-edit cells, the
 * sub-table's disabled-rows rule; and live sync of an open grid ("Live socket"): detail
 * rows saved in one console reach the other's open grid, and deleted rows leave the other's list.
 */
const exhibits = (d: Locator) => d.locator('[data-cell$=":exhibitId"]');

/** a loan with its items, added through the API; its id */
async function addLoan(
  request: APIRequestContext,
  admin: string,
  loanNo: string,
  items: Record<string, unknown>[],
): Promise<string> {
  const rows = items.map((r, i) => ({ id: `Tmp${String(i).padStart(3, '0')}`, orderNum: i + 1, ...r }));
  const res = await api(request, admin, 'POST', '/museum/loan/addWithDetails', {
    loanNo,
    partner: '上海博物馆',
    loanType: 'in',
    startOn: '2031-01-01',
    details: { museum_loan_item: { rows } },
  });
  expect(res.success, res.message).toBe(true);
  return String(res.result);
}

const itemsOf = (request: APIRequestContext, admin: string, loanId: string) =>
  loanDetails(request, admin, loanId, 'museum_loan_item');

test('a row dragged by its handle is renumbered and saved; a click-to-edit cell; a locked row', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const loanNo = `JZ-DRAG-${Date.now().toString(36)}`;
  const loanId = await addLoan(request, admin, loanNo, [
    { exhibitId: 'exh-ding', pieces: 1 },
    { exhibitId: 'exh-jade', pieces: 1 },
    { exhibitId: 'exh-vase', pieces: 1 },
    { exhibitId: 'exh-scroll', pieces: 1, packing: '已封箱' },
  ]);
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const e = await openLoanItems(page, loanNo);
  await expect(exhibits(e)).toHaveCount(4);

  // 梅瓶 (third) dragged onto the first row lands first; the order is 1..4 again
  await e.getByRole('button', { name: '拖动第3行' }).dragTo(e.locator('tr[data-row="0"]'));
  await expect(cell(e, 0, 'exhibitId')).toContainText('青花缠枝莲纹梅瓶');
  await expect(cell(e, 1, 'exhibitId')).toContainText('兽面纹铜鼎');
  await expect(cell(e, 2, 'exhibitId')).toContainText('玉琮');
  for (const i of [0, 1, 2, 3])
    await expect(cell(e, i, 'orderNum').getByRole('textbox')).toHaveValue(String(i + 1));

  // the sealed row (disabledRows packing 已封箱) is locked: no selecting, no editing, no dragging
  const locked = e.locator('tr[data-row="3"]');
  await expect(locked.getByRole('checkbox')).toBeDisabled();
  await expect(locked.getByLabel('件数')).toBeDisabled();
  await expect(locked.getByRole('button', { name: '拖动第4行' })).toHaveCount(0);

  // 包装要求 is text until clicked, and text again after a click elsewhere, keeping what was typed
  const packing = cell(e, 0, 'packing');
  await expect(packing.getByRole('textbox')).toHaveCount(0);
  await packing.click();
  await expect(packing.getByRole('textbox')).toBeFocused();
  await packing.getByRole('textbox').fill('樟木箱');
  await shot(page, 'grid-drag-click-to-edit');
  await e.locator('thead').click();
  await expect(packing.getByRole('textbox')).toHaveCount(0);
  await expect(packing).toHaveText('樟木箱');

  await e.getByRole('button', { name: spaced('确定') }).click();
  await expect(e).toBeHidden();
  const saved = await itemsOf(request, admin, loanId);
  const byOrder = saved.sort((x, y) => Number(x.orderNum) - Number(y.orderNum));
  expect(byOrder.map((r) => [r.exhibitId, r.orderNum, r.packing ?? null])).toEqual([
    ['exh-vase', 1, '樟木箱'],
    ['exh-ding', 2, null],
    ['exh-jade', 3, null],
    ['exh-scroll', 4, '已封箱'],
  ]);
  await api(request, admin, 'DELETE', `/museum/loan/delete?id=${loanId}`);
});

test('detail rows saved in one console reach the other’s open grid; a deleted loan leaves its list', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const { username, password } = await userWithGrants(
    request,
    admin,
    'gridlive',
    'grp_museum,doc_museum_loan,doc_museum_loan_edit,doc_museum_loan_item,doc_museum_loan_item_edit',
  );
  const loanNo = `JZ-LIVE-${stamp}`;
  const loanId = await addLoan(request, admin, loanNo, [
    { exhibitId: 'exh-ding', pieces: 1 },
    { exhibitId: 'exh-jade', pieces: 2 },
  ]);

  // the role user opens the loan and changes 件数 of the second row, without saving yet
  const other = await signInElsewhere(browser, username, password);
  await openFromMenu(other.page, '数字博物馆', '借展单');
  const o = await openLoanItems(other.page, loanNo);
  await expect(exhibits(o)).toHaveCount(2);
  await cell(o, 1, 'pieces').getByRole('textbox').fill('5');

  // the admin saves the loan with both rows changed and a third added
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const a = await openLoanItems(page, loanNo);
  await cell(a, 0, 'packing').click();
  await cell(a, 0, 'packing').getByRole('textbox').fill('恒温箱');
  await cell(a, 1, 'pieces').getByRole('textbox').fill('3');
  await expect(async () => {
    await a
      .getByRole('button', { name: spaced('新增') })
      .first()
      .click();
    await expect(exhibits(a)).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await choose(a.locator('tr[data-row="2"]'), '藏品', '青花缠枝莲纹梅瓶');
  await cell(a, 2, 'pieces').getByRole('textbox').fill('1');
  await a.getByRole('button', { name: spaced('确定') }).click();
  await expect(a).toBeHidden();

  // the other grid: the untouched row is replaced, the edited one keeps 5 and says it changed
  // elsewhere, the new row appears
  await expect(cell(o, 0, 'packing')).toHaveText('恒温箱');
  await expect(exhibits(o)).toHaveCount(3);
  await expect(cell(o, 2, 'exhibitId')).toContainText('青花缠枝莲纹梅瓶');
  await expect(cell(o, 1, 'pieces').getByRole('textbox')).toHaveValue('5');
  await expect(o.getByText('第2行：该行已被他人修改，保存将被拒绝，请刷新后重试')).toBeVisible();
  await shot(other.page, 'grid-live-stale-row');
  // its save is refused, as it said (the admin's save changed the loan itself too)
  await o.getByRole('button', { name: spaced('确定') }).click();
  await expect(other.page.getByText(/此记录已被 管理员 于 .* 修改，请刷新后重试/)).toBeVisible();
  await expect(o).toBeVisible();
  await closeDialog(o);

  // the other console opens the loan again; the admin deletes it: the other's open grid drops its
  // rows, and its list the loan, without a reload
  const again = await openLoanItems(other.page, loanNo);
  await expect(exhibits(again)).toHaveCount(3);
  await rowOf(body(page), loanNo).getByRole('button', { name: '删除' }).click();
  await popconfirmOk(page).click();
  await expect(rowOf(body(page), loanNo)).toHaveCount(0);
  await expect(exhibits(again)).toHaveCount(0);
  await expect(rowOf(body(other.page), loanNo)).toHaveCount(0);
  expect((await api(request, admin, 'GET', `/museum/loan/queryDetails?id=${loanId}`)).success).toBe(false);
  await other.context.close();
});
