import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, body, choose, expect, rowOf, spaced } from './fixtures';

/** The 借展单 form and its 借展明细 grid, as the grid specs drive them. */

export const gridRow = (d: Locator, i: number) => d.locator(`tr[data-row="${i}"]`);
export const cell = (d: Locator, i: number, key: string) => d.locator(`[data-cell="${i}:${key}"]`);

/** 新增 in the grid; a second one within 1500 ms is refused, so wait until the throttle lets it pass */
export async function addRow(d: Locator, expected: number): Promise<void> {
  await expect(async () => {
    await d
      .getByRole('button', { name: spaced('新增') })
      .first()
      .click();
    await expect(d.locator('tr[data-row]')).toHaveCount(expected, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** opens 新增 on the 借展单 list and fills the loan's required fields; answers the dialog */
export async function newLoan(
  page: Page,
  loan: { loanNo: string; org: string; kind: '借入' | '借出'; start: string },
): Promise<Locator> {
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('借展编号').fill(loan.loanNo);
  await d.getByLabel('借入/借出机构').fill(loan.org);
  await choose(d, '借展类型', loan.kind);
  const start = d.getByLabel('开始日期');
  await start.fill(loan.start);
  await start.press('Enter');
  return d;
}

/** 编辑 on a loan of the 借展单 list, on one of its sub-table tabs (借展明细); answers the dialog */
export async function openLoanItems(page: Page, loanNo: string, tab = '借展明细'): Promise<Locator> {
  await rowOf(body(page), loanNo).getByRole('button', { name: '编辑' }).click();
  const e = page.getByRole('dialog', { name: '编辑' });
  await e.getByRole('tab', { name: tab }).click();
  return e;
}

/** one sub-table's rows of a loan as the server answers queryDetails (a tree's top rows) */
export async function loanDetails(
  request: APIRequestContext,
  admin: string,
  loanId: string,
  table: string,
): Promise<Record<string, unknown>[]> {
  return (await api(request, admin, 'GET', `/museum/loan/queryDetails?id=${loanId}`)).result[table];
}
