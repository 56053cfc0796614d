import fs from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { zipDirectory } from '../../src/server/excel/zip';
import { adminToken, api, body, choose, expect, loginAs, openFromMenu, shot, spaced, test } from './fixtures';

/**
 * A person's path through a generated base-data list (计量单位, from schemas/base/unit.json) on the
 * seeded database: 15 demo units. The steps build on each other, so they share one page.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const card = () => body(page);
const rows = () => card().locator('tbody tr');
const row = (text: string) => rows().filter({ hasText: text });
const totalText = () => card().locator('.ant-pagination-total-text');
const dialog = (name: string) => page.getByRole('dialog', { name });
const ok = (d: Locator) => d.getByRole('button', { name: spaced('确定') });
/** the footer's 关闭 (the title bar's × is also named 关闭) */
const close = (d: Locator) => d.locator('.ant-modal-footer').getByRole('button', { name: spaced('关闭') });

async function readDownload(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

/** the data rows of an exported sheet: after the title, exporter and header rows */
function sheetRows(buffer: Buffer): string[][] {
  const book = XLSX.read(buffer, { type: 'buffer' });
  const aoa = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
  return aoa;
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  await loginAs(page);
  await openFromMenu(page, '基础数据', '计量单位');
});

test.afterAll(async () => {
  await page.close();
});

test('the list shows the seeded units, newest first, ten a page', async () => {
  await expect(totalText()).toHaveText('1-10 共 15 条');
  await expect(rows()).toHaveCount(10);
  await expect(card().getByRole('columnheader')).toHaveText([
    '',
    '单位名称',
    '单位编码',
    '单位类型',
    '符号',
    '状态',
    '备注',
    '操作',
  ]);
  await shot(page, 'list');
});

test('add shows the validation errors, then saves once they are fixed', async () => {
  await card().getByRole('button', { name: '新增' }).click();
  const d = dialog('新增');
  await ok(d).click();
  await expect(d).toContainText('请输入单位名称');
  await expect(d).toContainText('请输入单位编码');
  await expect(d).toContainText('请选择单位类型');
  await shot(page, 'add-form-errors');

  await d.getByLabel('单位名称').fill('测试单位');
  await d.getByLabel('单位编码').fill('bad code');
  await expect(d).toContainText('单位编码只能包含字母、数字、下划线和中划线');
  await d.getByLabel('单位编码').fill('E2E-01');
  await expect(d).not.toContainText('单位编码只能包含');
  await choose(d, '单位类型', '重量');
  await expect(d).not.toContainText('请选择单位类型');
  // the status defaults to 启用 (the document's defaultValue)
  await expect(d.getByRole('radio', { name: '启用' })).toBeChecked();
  await ok(d).click();
  await expect(d).toBeHidden();
  await expect(totalText()).toHaveText('1-10 共 16 条');
  await expect(rows().first()).toContainText('测试单位');
  await expect(rows().first()).toContainText('E2E-01');
  await expect(rows().first()).toContainText('重量');
});

test('a server refusal lands under its field', async () => {
  await card().getByRole('button', { name: '新增' }).click();
  const d = dialog('新增');
  await d.getByLabel('单位名称').fill('又一个千克');
  await d.getByLabel('单位编码').fill('KG');
  await choose(d, '单位类型', '重量');
  await ok(d).click();
  // uniqueness is the server's to check: its message sits under 单位编码
  await expect(
    d
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel('单位编码') })
      .last(),
  ).toContainText('单位编码已存在');
  await close(d).click();
  await expect(d).toBeHidden();
  await expect(totalText()).toHaveText('1-10 共 16 条');
});

test('search narrows the list and reset brings it back', async () => {
  await card().getByLabel('单位名称').fill('千');
  await card()
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(totalText()).toHaveText('1-1 共 1 条');
  await expect(rows()).toHaveText([/千克/]);
  await choose(card(), '单位类型', '长度');
  await card().getByLabel('单位名称').fill('');
  await card()
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(totalText()).toHaveText('1-2 共 2 条');
  await card()
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(totalText()).toHaveText('1-10 共 16 条');
});

test('paging and page size', async () => {
  await card().locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(totalText()).toHaveText('11-16 共 16 条');
  await expect(rows()).toHaveCount(6);
  await card().locator('.ant-pagination .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="20 条/页"]').click();
  await expect(totalText()).toHaveText('1-16 共 16 条');
  await expect(rows()).toHaveCount(16);
});

test('edit changes a record; detail shows it read-only', async () => {
  await row('测试单位').getByRole('button', { name: '编辑' }).click();
  const d = dialog('编辑');
  await expect(d.getByLabel('单位编码')).toHaveValue('E2E-01');
  await d.getByLabel('符号').fill('tu');
  await ok(d).click();
  await expect(d).toBeHidden();
  await expect(row('测试单位')).toContainText('tu');

  await row('测试单位').getByRole('button', { name: '详情' }).click();
  const detail = dialog('详细信息');
  await expect(detail.getByLabel('符号')).toHaveValue('tu');
  await expect(detail.getByLabel('单位名称')).toBeDisabled();
  await expect(ok(detail)).toBeDisabled();
  await shot(page, 'detail-modal');
  // the modal goes fullscreen and back
  await detail.getByRole('button', { name: '全屏' }).click();
  await expect.poll(async () => Math.round((await detail.boundingBox())?.width ?? 0)).toBe(1440);
  await detail.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(async () => Math.round((await detail.boundingBox())?.width ?? 0)).toBe(1200);
  await close(detail).click();
  await expect(detail).toBeHidden();
});

test('delete asks first and removes the record', async () => {
  await row('测试单位').getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: spaced('确定') })
    .click();
  await expect(totalText()).toHaveText('1-15 共 15 条');
  await expect(row('测试单位')).toHaveCount(0);
});

test('export downloads an .xls of the list, or of the selected rows', async () => {
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    card()
      .getByRole('button', { name: /导\s*出/ })
      .click(),
  ]);
  expect(all.suggestedFilename()).toBe('计量单位.xls');
  const sheet = sheetRows(await readDownload(all));
  expect(sheet[0][0]).toBe('计量单位报表');
  expect(sheet[2]).toEqual(expect.arrayContaining(['单位名称', '单位编码', '单位类型', '状态']));
  expect(sheet.slice(3)).toHaveLength(15);
  // dictionary columns export their text
  expect(sheet.slice(3).find((r) => r[1] === 'KG')).toEqual(
    expect.arrayContaining(['千克', 'KG', '重量', '启用']),
  );

  await row('千克').getByRole('checkbox').check();
  await row('毫米每秒').getByRole('checkbox').check();
  await expect(card()).toContainText('已选择 2 项');
  const [selected] = await Promise.all([
    page.waitForEvent('download'),
    card()
      .getByRole('button', { name: /导\s*出/ })
      .click(),
  ]);
  const picked = sheetRows(await readDownload(selected)).slice(3);
  expect(picked.map((r) => r[0]).sort()).toEqual(['千克', '毫米每秒'].sort());
  await card().getByRole('button', { name: '清空' }).click();
  await expect(card()).toContainText('已选择 0 项');
});

test('下载模板 in the import dialog saves the template; the export menu saves an .xlsx', async () => {
  await card()
    .getByRole('button', { name: /导\s*入/ })
    .click();
  const d = dialog('导入EXCEL');
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    d.getByRole('button', { name: '下载模板' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('计量单位模板.xls');
  const [header, hints, ...data] = sheetRows(await readDownload(template));
  expect(header).toEqual(expect.arrayContaining(['单位名称', '单位编码', '单位类型', '状态']));
  expect(hints[header.indexOf('状态')]).toBe('可选：启用、停用');
  expect(data).toEqual([]);
  await close(d).click();
  await expect(d).toBeHidden();

  // the format menu, by keyboard: the arrow beside 导出, Enter (the first item, .xls, takes the
  // focus), ArrowDown to .xlsx, Enter
  await card().getByRole('button', { name: '选择文件格式' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: /\.xls）/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /\.xlsx/ })).toBeFocused();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(xlsx.suggestedFilename()).toBe('计量单位.xlsx');
  const book = await readDownload(xlsx);
  expect(book.subarray(0, 2).toString()).toBe('PK');
  expect(sheetRows(book).slice(3)).toHaveLength(15);
});

async function importFile(file: string) {
  await card()
    .getByRole('button', { name: /导\s*入/ })
    .click();
  const d = dialog('导入EXCEL');
  await expect(d.getByRole('button', { name: '开始上传' })).toBeDisabled();
  await d.locator('input[type=file]').setInputFiles(`fixtures/excel/${file}`);
  await expect(d).toContainText(file);
  await expect(d.getByRole('button', { name: '开始上传' })).toBeEnabled();
  return d;
}

test('import of the LibreOffice .xlsx: good rows go in, the bad one is reported in a file', async () => {
  const d = await importFile('units-libreoffice.xlsx');
  await shot(page, 'import-modal');
  await d.getByRole('button', { name: '开始上传' }).click();
  const warning = page.getByRole('dialog').filter({ hasText: '文件导入成功，但有错误。' });
  await expect(warning).toContainText('总上传行数：5，已导入行数：4，错误行数：1');
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    warning.getByRole('button', { name: '下载错误信息' }).click(),
  ]);
  expect((await readDownload(report)).toString('utf8')).toContain('第 8 行：请输入单位名称');
  // antd names the only button of a warning 知道了
  await warning.getByRole('button', { name: '知道了' }).click();
  await expect(d).toBeHidden();
  await expect(totalText()).toHaveText('1-19 共 19 条');
  await expect(row('毫升')).toContainText('体积');
});

test('batch delete warns with nothing selected, asks with a count, then deletes', async () => {
  await card().getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByText('please select a record!')).toBeVisible();
  // the four imported units are the newest, so the first rows
  const codes = [];
  for (let i = 0; i < 4; i++) {
    codes.push(await rows().nth(i).locator('td').nth(2).innerText());
    await rows().nth(i).getByRole('checkbox').check();
  }
  expect(codes.sort()).toEqual(['g', 'kg', 'm', 'ml']);
  await card().getByRole('button', { name: '批量删除' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定要删除这 4 项吗?' });
  await ok(confirm).click();
  await expect(totalText()).toHaveText('1-15 共 15 条');
  await expect(row('毫升')).toHaveCount(0);
});

test('import of the LibreOffice .xls', async () => {
  const d = await importFile('units-libreoffice.xls');
  await d.getByRole('button', { name: '开始上传' }).click();
  const warning = page.getByRole('dialog').filter({ hasText: '文件导入成功，但有错误。' });
  await expect(warning).toContainText('已导入行数：4');
  await warning.getByRole('button', { name: '知道了' }).click();
  await expect(totalText()).toHaveText('1-19 共 19 条');
  // the date-time cell of 毫升 and the number 0.001 came through as text the list shows
  await expect(row('毫升')).toContainText('0.001');
});

test("导出附件 saves the selected rows' files of the chosen field as a .zip", async ({ request }) => {
  const admin = await adminToken(request);
  const uploaded = await request.post('/api/file/upload', {
    headers: { 'X-Access-Token': admin },
    multipart: {
      file: {
        name: 'notes.pdf',
        mimeType: 'application/pdf',
        buffer: fs.readFileSync('fixtures/files/notes.pdf'),
      },
    },
  });
  const filePath = (await uploaded.json()).result[0].filePath as string;
  const at = (minutes: number) =>
    new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const title = `附件导出${Date.now().toString(36)}`;
  const added = await api(request, admin, 'POST', '/museum/activity/add', {
    title,
    place: '一号展厅',
    startTime: at(2 * 24 * 60),
    endTime: at(2 * 24 * 60 + 120),
    signupDeadline: at(24 * 60),
    capacity: 10,
    perPersonLimit: 2,
    status: '0',
    attachments: filePath,
  });
  expect(added.success, added.message).toBe(true);

  await openFromMenu(page, '数字博物馆', '活动管理');
  await card().getByLabel('活动名称').fill(title);
  await card()
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(rows()).toHaveCount(1);
  // offered once rows are selected
  await expect(card().getByRole('button', { name: /导出附件/ })).toHaveCount(0);
  await row(title).getByRole('checkbox').check();
  // three file and image fields: the field is chosen on the button's menu
  await card()
    .getByRole('button', { name: /导出附件/ })
    .click();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '活动附件' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('活动管理_活动附件.zip');
  const entries = zipDirectory(await readDownload(zip));
  expect([...entries.values()].map((e) => e.name)).toEqual(['notes.pdf']);
});
