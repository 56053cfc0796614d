import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
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
  spaced,
  test,
} from './fixtures';
import { addRow, cell, gridRow, loanDetails, newLoan, openLoanItems } from './loan-grid';

/**
 * 借展单's 藏品检查记录 (schemas/museum/loan-check.json): the grid where a person tries every cell
 * type the other demo grids lack. Each is edited, the loan saved, reopened, and each value is there;
 * the slot cell (记录状态, renderers/slots/row-status.tsx) draws whether the row is saved.
 */
const AVATAR = path.resolve('fixtures/files/avatar.png');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const TAB = '藏品检查记录';

/** the open drop-down's option with this text */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({
    hasText: new RegExp(`^${text}$`),
  });

/** the text a single-choice select shows (antd puts it on the box around the input) */
const chosen = (scope: Locator, label: string) => scope.getByLabel(label).locator('xpath=..');

test('藏品检查记录: checkbox, radio, list_multi, sel_search, popup, datetime, input_pop, upload, file and slot cells are edited, saved and reopened', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const loanNo = `JZ-ALL-${Date.now().toString(36)}`;
  const d = await newLoan(page, { loanNo, org: '陕西历史博物馆', kind: '借入', start: '2026-11-01' });
  await d.getByRole('tab', { name: TAB }).click();
  await addRow(d, 1);
  const row = gridRow(d, 0);

  // slot: drawn by its registered part; a new row is not saved yet
  await expect(cell(d, 0, 'status')).toHaveText('未保存');

  // sel_search: the exhibits are searched on the server as one types
  const exhibit = cell(d, 0, 'exhibitId').getByRole('combobox');
  await exhibit.click();
  await exhibit.fill('铜鼎');
  await option(page, '兽面纹铜鼎').click();
  await expect(cell(d, 0, 'exhibitId')).toContainText('兽面纹铜鼎');

  // datetime, in the form's format
  const at = cell(d, 0, 'checkedAt').getByRole('textbox');
  await at.fill('2026-11-02 09:15:00');
  await at.press('Enter');
  await expect(at).toHaveValue('2026-11-02 09:15:00');

  // checkbox: two of the options
  await cell(d, 0, 'checkItems').getByRole('checkbox', { name: '外观' }).check();
  await cell(d, 0, 'checkItems').getByRole('checkbox', { name: '温湿度' }).check();

  // radio (a drop-down in a grid row)
  await choose(row, '检查结论', '需修复');

  // list_multi: two values
  const issues = cell(d, 0, 'issues').getByRole('combobox');
  await issues.click();
  await option(page, '裂纹').click();
  await option(page, '污渍').click();
  await issues.press('Escape');
  await expect(cell(d, 0, 'issues')).toContainText('裂纹');

  // popup: 藏品档案's selector; the chosen row's 藏品编号 fills the cell
  await cell(d, 0, 'archiveNo').getByRole('button', { name: '选择对照档案' }).click();
  const selector = page.getByRole('dialog', { name: '藏品档案' });
  await rowOf(selector, '玉琮').click();
  await expect(selector.getByText('已选择 1 项')).toBeVisible();
  await selector.getByRole('button', { name: spaced('确定') }).click();
  await expect(selector).toBeHidden();
  await expect(cell(d, 0, 'archiveNo').getByRole('textbox')).toHaveValue('YQ-0032');

  // input_pop: typed in place
  await cell(d, 0, 'note').getByRole('textbox').fill('口沿一处旧裂，需修复后再展出');

  // upload and file: real small files
  await cell(d, 0, 'report')
    .locator('input[type=file]')
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(cell(d, 0, 'report').getByLabel('上传完成')).toBeVisible();
  await cell(d, 0, 'attachments').locator('input[type=file]').setInputFiles(AVATAR);
  await expect(cell(d, 0, 'attachments').getByLabel('上传完成')).toBeVisible();
  await shot(page, 'grid-all-cells');

  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await expect(rowOf(body(page), loanNo)).toContainText('陕西历史博物馆');

  // reopened: each cell shows what was saved, and the slot says the row is saved
  const e = await openLoanItems(page, loanNo, TAB);
  await expect(e.locator('tr[data-row]')).toHaveCount(1);
  await expect(cell(e, 0, 'status')).toHaveText('已保存');
  await expect(cell(e, 0, 'exhibitId')).toContainText('兽面纹铜鼎');
  await expect(cell(e, 0, 'checkedAt').getByRole('textbox')).toHaveValue('2026-11-02 09:15:00');
  await expect(cell(e, 0, 'checkItems').getByRole('checkbox', { name: '外观' })).toBeChecked();
  await expect(cell(e, 0, 'checkItems').getByRole('checkbox', { name: '温湿度' })).toBeChecked();
  await expect(cell(e, 0, 'checkItems').getByRole('checkbox', { name: '包装' })).not.toBeChecked();
  await expect(chosen(gridRow(e, 0), '检查结论')).toHaveAttribute('title', '需修复');
  // one tag shows, the other is counted
  await expect(cell(e, 0, 'issues')).toContainText('裂纹');
  await expect(cell(e, 0, 'issues')).toContainText('+ 1');
  await expect(cell(e, 0, 'archiveNo').getByRole('textbox')).toHaveValue('YQ-0032');
  await expect(cell(e, 0, 'note').getByRole('textbox')).toHaveValue('口沿一处旧裂，需修复后再展出');
  await expect(cell(e, 0, 'report')).toContainText('report.pdf');
  await expect(cell(e, 0, 'attachments')).toContainText('avatar.png');
  await shot(page, 'grid-all-cells-reopened');
  await closeDialog(e);

  const loans = await api(request, admin, 'GET', `/museum/loan/list?loanNo=${loanNo}`);
  const loanId = loans.result.records[0].id;
  const [saved] = await loanDetails(request, admin, loanId, 'museum_loan_check');
  expect(saved).toMatchObject({
    exhibitId: 'exh-ding',
    checkedAt: '2026-11-02 09:15:00',
    checkItems: 'look,climate',
    result: 'repair',
    issues: 'crack,stain',
    archiveNo: 'YQ-0032',
    note: '口沿一处旧裂，需修复后再展出',
  });
  expect(saved.report).toMatch(/^museum\/report.*\.pdf$/);
  expect(saved.attachments).toMatch(/^museum\/avatar.*\.png$/);
  await api(request, admin, 'DELETE', `/museum/loan/delete?id=${loanId}`);
});
