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
  signInElsewhere,
  spaced,
  test,
  userWithGrants,
} from './fixtures';
import { addRow, cell, gridRow, newLoan, openLoanItems } from './loan-grid';

/**
 * The editable grid's typed cells (column types, "Upload cell") on 借展单's 借展明细:
 * a date, a user and a department through their pickers, a picture uploaded and removed, a switch
 * on by default (customValue 1/0), a tags cell, and the handler rule asking the server whether a
 * crate number is taken; saved, then reopened with the values.
 */
const AVATAR = path.resolve('fixtures/files/avatar.png');
const crate = (n: number) => `XC${String((Date.now() + n) % 1e6).padStart(6, '0')}`;

/** picks one row of a picker modal (a radio for a single value), then 确定 */
async function pickIn(page: Page, dialog: string, pick: (picker: Locator) => Promise<void>) {
  const picker = page.getByRole('dialog', { name: dialog });
  await pick(picker);
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await expect(picker).toBeHidden();
}

test('借展明细: typed cells are picked, uploaded, checked by the server, saved and reopened', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  // a crate already on another loan: the handler rule hears it from the server
  const taken = crate(0);
  const other = await api(request, admin, 'POST', '/museum/loan/addWithDetails', {
    loanNo: `JZ-C-${stamp}`,
    partner: '上海博物馆',
    loanType: 'in',
    startOn: '2026-10-01',
    details: {
      museum_loan_item: { rows: [{ id: 'tmp001', exhibitId: 'exh-jade', pieces: 1, crateNo: taken }] },
    },
  });
  expect(other.success).toBe(true);

  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '借展单');
  const loanNo = `JZ-CELL-${stamp}`;
  const d = await newLoan(page, { loanNo, org: '湖北省博物馆', kind: '借出', start: '2026-11-01' });
  await d.getByRole('tab', { name: '借展明细' }).click();
  await addRow(d, 1);
  await choose(gridRow(d, 0), '藏品', '兽面纹铜鼎');
  await cell(d, 0, 'pieces').getByRole('textbox').fill('1');

  // a new row's switch starts on (defaultChecked)
  await expect(cell(d, 0, 'insured').getByRole('switch')).toBeChecked();

  // a date, in the form's format
  const date = cell(d, 0, 'handoverOn').getByRole('textbox');
  await date.fill('2026-11-05');
  await date.press('Enter');
  await expect(date).toHaveValue('2026-11-05');

  // a user and a department through their pickers
  await cell(d, 0, 'courierId').getByRole('button', { name: '选择押运人' }).click();
  await pickIn(page, '根据部门选择用户', async (picker) => {
    await picker.getByLabel('用户账号').fill('admin');
    await picker.getByLabel('用户账号').press('Enter');
    const rows = picker.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveText([/admin/]);
    await rows.getByRole('radio').check();
  });
  await expect(cell(d, 0, 'courierId')).toContainText('管理员');
  await cell(d, 0, 'custodianDepart').getByRole('button', { name: '选择保管部门' }).click();
  await pickIn(page, '选择部门', async (picker) => {
    await picker
      .locator('.ant-tree-treenode')
      .filter({ hasText: '藏品保管组' })
      .locator('.ant-tree-checkbox')
      .click();
  });
  await expect(cell(d, 0, 'custodianDepart')).toContainText('藏品保管组');

  // a tags cell: a ';' after every 2 characters as they are typed
  const marks = cell(d, 0, 'marks').getByRole('textbox');
  await marks.pressSequentially('易碎防潮');
  await expect(marks).toHaveValue('易碎;防潮');

  // a picture: anything else is refused; uploaded it shows its thumbnail and a check mark
  const photo = cell(d, 0, 'photo');
  await photo
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('please upload a picture-format file').first()).toBeVisible();
  await expect(photo.getByLabel('上传出错')).toBeVisible();
  await photo.locator('input[type=file]').setInputFiles(AVATAR);
  await expect(photo.getByLabel('上传完成')).toBeVisible();
  await expect(photo.locator('img')).toBeVisible();
  await expect(photo.getByRole('button', { name: '下载照片' })).toBeVisible();
  // removed: the value is cleared and the upload offered again
  await photo.getByRole('button', { name: '删除照片' }).click();
  await expect(photo.locator('img')).toHaveCount(0);
  await expect(photo.getByLabel('上传完成')).toHaveCount(0);
  await photo.locator('input[type=file]').setInputFiles(AVATAR);
  await expect(photo.getByLabel('上传完成')).toBeVisible();

  // the handler rule: a crate number on another loan is refused with the unique rule's message, and so is the save
  const crateBox = cell(d, 0, 'crateNo').getByRole('textbox');
  await crateBox.fill(taken);
  await expect(cell(d, 0, 'crateNo').getByRole('alert')).toHaveText('箱号已被占用');
  await shot(page, 'grid-cells-handler');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(cell(d, 0, 'crateNo').getByRole('alert')).toHaveText('箱号已被占用');
  await expect(d).toBeVisible();
  // the pattern comes after the handler: a free but malformed number says so
  await crateBox.fill('xc1');
  await expect(cell(d, 0, 'crateNo').getByRole('alert')).toHaveText(
    '箱号须以两位大写字母开头，共5到30位字母或数字',
  );
  const free = crate(1);
  await crateBox.fill(free);
  await expect(cell(d, 0, 'crateNo').getByRole('alert')).toHaveCount(0);
  await shot(page, 'grid-cells');

  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await expect(rowOf(body(page), loanNo)).toContainText('湖北省博物馆');

  // reopened: every cell shows what was saved
  const e = await openLoanItems(page, loanNo);
  await expect(e.locator('tr[data-row]')).toHaveCount(1);
  await expect(cell(e, 0, 'handoverOn').getByRole('textbox')).toHaveValue('2026-11-05');
  await expect(cell(e, 0, 'courierId')).toContainText('管理员');
  await expect(cell(e, 0, 'custodianDepart')).toContainText('藏品保管组');
  await expect(cell(e, 0, 'marks').getByRole('textbox')).toHaveValue('易碎;防潮');
  await expect(cell(e, 0, 'insured').getByRole('switch')).toBeChecked();
  await expect(cell(e, 0, 'crateNo').getByRole('textbox')).toHaveValue(free);
  await expect(cell(e, 0, 'photo').locator('img')).toBeVisible();
  // a saved row's own crate number is not a duplicate of itself
  await expect(cell(e, 0, 'crateNo').getByRole('alert')).toHaveCount(0);
  await shot(page, 'grid-cells-reopened');
  await closeDialog(e);

  const loans = await api(request, admin, 'GET', `/museum/loan/list?loanNo=${loanNo}`);
  const loanId = loans.result.records[0].id;
  const details = await api(request, admin, 'GET', `/museum/loan/queryDetails?id=${loanId}`);
  expect(details.result.museum_loan_item).toMatchObject([
    {
      exhibitId: 'exh-ding',
      handoverOn: '2026-11-05',
      courierId: 'user_admin',
      insured: '1',
      marks: '易碎;防潮',
      crateNo: free,
    },
  ]);
  expect(details.result.museum_loan_item[0].photo).toMatch(/^museum\/.+\.png$/);

  // the loans made here leave the list as they found it
  for (const id of [loanId, other.result])
    await api(request, admin, 'DELETE', `/museum/loan/delete?id=${id}`);
});

test('a role that may add loans and items: the handler asks the server for it, its picture and date are saved', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const { username, password } = await userWithGrants(
    request,
    admin,
    'cells',
    'grp_museum,doc_museum_loan,doc_museum_loan_add,doc_museum_loan_item,doc_museum_loan_item_add',
  );
  const { context, page } = await signInElsewhere(browser, username, password);
  await openFromMenu(page, '数字博物馆', '借展单');
  const loanNo = `JZ-CU-${Date.now().toString(36)}`;
  const d = await newLoan(page, { loanNo, org: '陕西历史博物馆', kind: '借入', start: '2026-12-10' });
  await d.getByRole('tab', { name: '借展明细' }).click();
  await addRow(d, 1);
  await choose(gridRow(d, 0), '藏品', '玉琮');
  await cell(d, 0, 'pieces').getByRole('textbox').fill('1');
  // GG001 is a demo loan's crate
  const crateBox = cell(d, 0, 'crateNo').getByRole('textbox');
  await crateBox.fill('GG001');
  await expect(cell(d, 0, 'crateNo').getByRole('alert')).toHaveText('箱号已被占用');
  const free = crate(2);
  await crateBox.fill(free);
  await expect(cell(d, 0, 'crateNo').getByRole('alert')).toHaveCount(0);
  const date = cell(d, 0, 'handoverOn').getByRole('textbox');
  await date.fill('2026-12-11');
  await date.press('Enter');
  await cell(d, 0, 'photo').locator('input[type=file]').setInputFiles(AVATAR);
  await expect(cell(d, 0, 'photo').getByLabel('上传完成')).toBeVisible();
  await shot(page, 'grid-cells-non-admin');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();

  const loans = await api(request, admin, 'GET', `/museum/loan/list?loanNo=${loanNo}`);
  const loanId = loans.result.records[0].id;
  const details = await api(request, admin, 'GET', `/museum/loan/queryDetails?id=${loanId}`);
  expect(details.result.museum_loan_item).toMatchObject([
    { exhibitId: 'exh-jade', crateNo: free, handoverOn: '2026-12-11', insured: '1' },
  ]);
  expect(details.result.museum_loan_item[0].photo).toMatch(/^museum\/.+\.png$/);
  await api(request, admin, 'DELETE', `/museum/loan/delete?id=${loanId}`);
  await context.close();
});
