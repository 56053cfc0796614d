import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import {
  addUser,
  adminToken,
  api,
  body,
  expect,
  loginAs,
  openFromMenu,
  shot,
  spaced,
  test,
} from './fixtures';

/**
 * A staff member who may only list and import 监测点位 imports a 30,000-row file: the dialog's
 * progress bar follows the upload and then the server's job batch by batch, the list grows by
 * the rows, the dialog lists the import, and the same file again is only imported after a
 * confirmation. 监测点位 is a list no other browser test counts.
 */
test.describe.configure({ mode: 'serial' });

const ROWS = 30_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-e2e-import-'));
const file = path.join(dir, '监测点位.xlsx');
let page: Page;

const card = () => body(page);
const totalText = () => card().locator('.ant-pagination-total-text');
const dialog = () => page.getByRole('dialog', { name: '导入EXCEL' });

/** the export layout, written by ExcelJS's streaming writer: title, exporter, header, then the points */
async function writePoints(): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = book.addWorksheet('监测点位');
  sheet.addRow(['监测点位报表']).commit();
  sheet.addRow(['导出人:管理员']).commit();
  sheet.addRow(['点位名称', '点位编码', '点位类型', '所属工位', '状态']).commit();
  const stamp = Date.now().toString(36).toUpperCase();
  for (let i = 0; i < ROWS; i++)
    sheet.addRow([`导入点位${i}`, `IMP-${stamp}-${i}`, '温度', '铸造车间1号工位', '启用']).commit();
  sheet.commit();
  await book.commit();
}

async function openImport(): Promise<void> {
  await card()
    .getByRole('button', { name: /导\s*入/ })
    .click();
  await expect(dialog()).toBeVisible();
}

test.beforeAll(async ({ browser, request }) => {
  await writePoints();
  const admin = await adminToken(request);
  const roleCode = `imp_${Date.now().toString(36)}`;
  const role = (
    await api(request, admin, 'POST', '/sys/role/add', { roleName: `导入员${roleCode}`, roleCode })
  ).result as string;
  const grant = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role,
    permissionIds: 'grp_production,doc_pro_point,doc_pro_point_import',
    lastpermissionIds: '',
  });
  expect(grant.success, grant.message).toBe(true);
  const username = `imp_${Date.now().toString(36)}`;
  const user = await addUser(request, admin, { username, realname: '导入员', selectedroles: role });
  page = await browser.newPage();
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  await loginAs(page, user.username, user.password);
  await openFromMenu(page, '生产数据', '监测点位');
});

test.afterAll(async () => {
  await page.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a 30,000-row import shows its progress, then the rows are in the list', async () => {
  await expect(totalText()).toHaveText('1-10 共 15 条');
  // the role holds 导入 but neither 添加 nor 删除
  await expect(card().getByRole('button', { name: spaced('新增') })).toHaveCount(0);
  await openImport();
  await dialog().locator('input[type=file]').setInputFiles(file);
  await dialog().getByRole('button', { name: '开始上传' }).click();
  // the server's job, batch by batch: some rows processed, not yet all
  await expect(dialog().getByRole('status')).toContainText(/正在导入：已处理 [1-9]\d* \/ 30000 行/, {
    timeout: 60_000,
  });
  await expect(dialog().getByRole('progressbar', { name: '正在导入' })).toBeVisible();
  await shot(page, 'import-progress');
  await expect(page.getByText('文件导入成功！数据行数：30000')).toBeVisible({ timeout: 90_000 });
  await expect(dialog()).toBeHidden();
  await expect(totalText()).toHaveText('1-10 共 30015 条');
});

test('the dialog lists the import; the same file again asks first and imports nothing when cancelled', async () => {
  await openImport();
  const recent = dialog().getByRole('region', { name: '最近的导入' }).getByRole('list');
  await expect(dialog()).toContainText('最近的导入');
  await expect(recent.getByRole('listitem').first()).toContainText('已完成');
  await expect(recent.getByRole('listitem').first()).toContainText('监测点位.xlsx');
  await expect(recent.getByRole('listitem').first()).toContainText('已导入 30000 / 30000 行');

  await dialog().locator('input[type=file]').setInputFiles(file);
  await dialog().getByRole('button', { name: '开始上传' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '该文件已导入过' });
  await expect(confirm).toContainText(
    /该文件已于 .* 导入过（已导入 30000 行），再次导入可能产生重复数据。确定仍要导入吗？/,
  );
  await shot(page, 'import-reimport-confirm');
  await confirm.getByRole('button', { name: spaced('取消') }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog().getByRole('button', { name: '开始上传' })).toBeEnabled();
  await dialog()
    .locator('.ant-modal-footer')
    .getByRole('button', { name: spaced('关闭') })
    .click();
  await expect(totalText()).toHaveText('1-10 共 30015 条');
});
