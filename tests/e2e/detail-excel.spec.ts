import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { adminToken, api, body, expect, loginAs, openFromMenu, rowOf, shot, test } from './fixtures';

/**
 * 生产工单 with its 工序步骤 through the generic list's 导出 and 导入 (issue 10 §1): the download
 * holds both sheets; the file, with its order renamed, imports back with its steps; a bad step
 * row fails its order and shows the 201 warning with the error report.
 */

/** the downloaded workbook with GD-2026-0003 renamed to `to` (and `edit` applied), as .xls */
function renamed(book: XLSX.WorkBook, to: string, edit: (steps: XLSX.WorkSheet) => void = () => {}): Buffer {
  const copy = XLSX.read(XLSX.write(book, { type: 'buffer', bookType: 'xls' }), {
    type: 'buffer',
    cellNF: true,
  });
  for (const name of copy.SheetNames)
    for (const [ref, cell] of Object.entries(copy.Sheets[name]))
      if (!ref.startsWith('!') && (cell as XLSX.CellObject).v === 'GD-2026-0003') {
        (cell as XLSX.CellObject).v = to;
        delete (cell as XLSX.CellObject).w;
      }
  edit(copy.Sheets['工序步骤']);
  return XLSX.write(copy, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

test('export downloads the order with its steps; the file imports back, and a bad step is reported', async ({
  page,
  request,
}) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '生产工单');
  await rowOf(body(page), 'GD-2026-0003').getByRole('checkbox', { name: '选择' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    body(page)
      .getByRole('button', { name: /导\s*出/ })
      // the master's toolbar; the selected order's 工序步骤 tab has a toolbar of its own
      .first()
      .click(),
  ]);
  const book = XLSX.read(fs.readFileSync(await download.path()), { type: 'buffer', cellNF: true });
  expect(book.SheetNames).toEqual(['生产工单', '工序步骤']);
  const steps = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['工序步骤'], { header: 1 });
  expect(steps[2].slice(0, 2)).toEqual(['工单编号', '序号']);
  expect(steps.slice(3).map((r) => r[0])).toEqual(['GD-2026-0003', 'GD-2026-0003', 'GD-2026-0003']);

  const to = `E2E-DX-${Date.now().toString(36)}`;
  const importFile = async (file: Buffer) => {
    await body(page)
      .getByRole('button', { name: /导\s*入/ })
      .first()
      .click();
    const d = page.getByRole('dialog', { name: '导入EXCEL' });
    await d.locator('input[type=file]').setInputFiles({
      name: `${to}.xls`,
      mimeType: 'application/vnd.ms-excel',
      buffer: file,
    });
    await d.getByRole('button', { name: '开始上传' }).click();
    return d;
  };

  // a step numbered 0: the order and its steps stay out, the warning offers the report
  const bad = renamed(book, to, (sheet) => {
    sheet.B5 = { t: 'n', v: 0 };
  });
  await importFile(bad);
  const warning = page.getByRole('dialog').filter({ hasText: '文件导入成功，但有错误。' });
  await expect(warning).toContainText('总上传行数：4，已导入行数：0，错误行数：4');
  await shot(page, 'detail-import-warning');
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    warning.getByRole('button', { name: '下载错误信息' }).click(),
  ]);
  expect(fs.readFileSync(await report.path(), 'utf8')).toContain('工序步骤 第 5 行：序号须在1到999之间');
  await warning.getByRole('button', { name: '知道了' }).click();

  // the file as exported, renamed: the order lands with its three steps
  const good = await importFile(renamed(book, to));
  await expect(good).toBeHidden();
  await expect(page.getByText('文件导入成功！数据行数：4')).toBeVisible();
  await rowOf(body(page), to).getByRole('cell').nth(2).click();
  await expect(body(page).getByRole('tabpanel').locator('tbody tr')).toHaveCount(3);

  // leave the shared database as it was
  const admin = await adminToken(request);
  const listed = await api(request, admin, 'GET', `/production/workOrder/list?orderNo=${to}`);
  for (const r of listed.result.records)
    expect((await api(request, admin, 'DELETE', `/production/workOrder/delete?id=${r.id}`)).success).toBe(
      true,
    );
});
