import type { APIRequestContext, Locator } from '@playwright/test';
import {
  adminToken,
  api,
  expect,
  loginAs,
  openFromMenu,
  popconfirmOk,
  shot,
  signInElsewhere,
  spaced,
  test,
  userWithGrants,
} from './fixtures';
import { loanDetails, openLoanItems } from './loan-grid';

/**
 * A one-to-one sub-table (tab list, issue 10 §1): a loan's 保险信息 is one form on the
 * loan's tab form, filled, checked, saved with the loan, and cleared.
 */

const field = (d: Locator, key: string) => d.locator(`[data-field="museum_loan_insurance:${key}"]`);

async function newLoan(request: APIRequestContext, admin: string): Promise<{ id: string; loanNo: string }> {
  const loanNo = `JZ-I-${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const res = await api(request, admin, 'POST', '/museum/loan/add', {
    loanNo,
    partner: '湖南博物院',
    loanType: 'out',
    startOn: '2026-12-10',
  });
  expect(res.success, res.message).toBe(true);
  return { id: res.result, loanNo };
}

const insuranceOf = (request: APIRequestContext, admin: string, loanId: string) =>
  loanDetails(request, admin, loanId, 'museum_loan_insurance');

test('保险信息: filled on the loan’s form, refused until valid, saved with the loan, then cleared', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const loan = await newLoan(request, admin);
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const d = await openLoanItems(page, loan.loanNo, '保险信息');
  await expect(d.getByText('暂无保险信息')).toBeVisible();
  await d.getByRole('button', { name: '填写保险信息' }).click();
  await field(d, 'insurer').getByRole('textbox').fill('中国太平洋财产保险');
  await field(d, 'policyNo').getByRole('textbox').fill('CPIC#1');
  await field(d, 'amount').getByRole('textbox').fill('2600000');

  // saved from the loan's tab: refused, the 保险信息 tab comes forward and says why on its fields
  await d.getByRole('tab', { name: '借展单' }).click();
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d.getByRole('tab', { name: '保险信息' })).toHaveAttribute('aria-selected', 'true');
  await expect(field(d, 'policyNo').getByRole('alert')).toHaveText('保单号为6到50位字母、数字或中划线');
  await expect(field(d, 'startOn').getByRole('alert')).toHaveText('请选择起保日期');
  await field(d, 'policyNo').getByRole('textbox').fill('CPIC-2026-118');
  const start = field(d, 'startOn').getByRole('textbox');
  await start.fill('2026-12-08');
  await start.press('Enter');
  await expect(d.getByRole('alert')).toHaveCount(0);
  await shot(page, 'one-to-one-form');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  expect(await insuranceOf(request, admin, loan.id)).toMatchObject([
    { insurer: '中国太平洋财产保险', policyNo: 'CPIC-2026-118', amount: 2600000, startOn: '2026-12-08' },
  ]);

  // reopened: the policy shows; 清除 after a confirmation removes it on save
  const e = await openLoanItems(page, loan.loanNo, '保险信息');
  await expect(field(e, 'policyNo').getByRole('textbox')).toHaveValue('CPIC-2026-118');
  await e.getByRole('button', { name: '清除保险信息' }).click();
  await popconfirmOk(page).click();
  await expect(e.getByText('暂无保险信息')).toBeVisible();
  await e.getByRole('button', { name: spaced('确定') }).click();
  await expect(e).toBeHidden();
  expect(await insuranceOf(request, admin, loan.id)).toEqual([]);
});

test('a role that may only read 保险信息 sees the policy but cannot change or clear it', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const user = await userWithGrants(
    request,
    admin,
    'insread',
    'grp_museum,doc_museum_loan,doc_museum_loan_edit,doc_museum_loan_insurance',
  );
  const { context, page } = await signInElsewhere(browser, user.username, user.password);
  await openFromMenu(page, '数字博物馆', '借展单');
  const d = await openLoanItems(page, 'JZ-2026-001', '保险信息');
  await expect(field(d, 'insurer').getByRole('textbox')).toHaveValue('中国人民财产保险股份有限公司');
  await expect(field(d, 'insurer').getByRole('textbox')).toBeDisabled();
  await expect(d.getByRole('button', { name: '清除保险信息' })).toHaveCount(0);
  await shot(page, 'one-to-one-read-only');
  await context.close();
});
