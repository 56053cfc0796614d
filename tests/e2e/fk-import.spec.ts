import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { adminToken, api, body, expect, loginAs, openFromMenu, rowOf, shot, test } from './fixtures';

/**
 * 导入 from a master's sub-table tab (foreignKeys): in the 展览 inner-table list, an
 * exhibition's 展览展品 tab imports a file that has no 展览 column (a required field), and the rows
 * land under that exhibition. The exhibition is the test's own, so the seeded ones stay as they are.
 */

const stamp = Date.now().toString(36).toUpperCase();
const name = `导入专题展${stamp}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-e2e-fk-import-'));
const file = path.join(dir, '展览展品.xlsx');
let exhibitionId = '';

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  // opening far ahead: the list (newest opening first) shows it on its first page
  const added = await api(request, admin, 'POST', '/museum/exhibition/add', { name, openOn: '2099-01-01' });
  expect(added.success, added.message).toBe(true);
  exhibitionId = added.result as string;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('展览展品');
  sheet.addRow(['展览展品报表']);
  sheet.addRow(['导出人:管理员']);
  sheet.addRow(['藏品', '展柜', '陈列顺序']);
  sheet.addRow(['兽面纹铜鼎', `F-${stamp}-1`, 1]);
  sheet.addRow(['玉琮', `F-${stamp}-2`, 2]);
  await book.xlsx.writeFile(file);
});

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('an exhibition’s 展览展品 tab imports a file without the 展览 column into that exhibition', async ({
  page,
  request,
}) => {
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '展览');
  await rowOf(body(page), name).getByRole('button', { name: '展开明细' }).click();
  const inner = body(page)
    .locator('tr')
    .filter({ has: page.getByRole('tab', { name: '展览展品' }) });
  await expect(inner.locator('.ant-empty-description')).toHaveText('暂无数据');

  await inner.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入EXCEL' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: '开始上传' }).click();
  await expect(page.getByText('文件导入成功！数据行数：2')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(rowOf(inner, '兽面纹铜鼎')).toContainText(`F-${stamp}-1`);
  await expect(rowOf(inner, '玉琮')).toContainText(`F-${stamp}-2`);
  await shot(page, 'fk-import-exhibition-items');
  // stored under this exhibition, not merely shown in its tab
  const admin = await adminToken(request);
  const items = await api(request, admin, 'GET', `/museum/exhibitionItem/list?exhibitionId=${exhibitionId}`);
  expect(items.result.records.map((r: { showcase: string }) => r.showcase).sort()).toEqual([
    `F-${stamp}-1`,
    `F-${stamp}-2`,
  ]);
});
