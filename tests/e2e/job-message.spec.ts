import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { adminToken, api, expect, loginAs, test } from './fixtures';

/**
 * 定时任务 → 我的消息: the report job's message shows as text (not as its HTML) and its attachment,
 * clicked, saves the .xlsx the job made (read with the session: a plain link could not send it).
 */
test('a report job’s message in 我的消息 opens, and its attachment downloads as the report', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const description = `报表推送 ${Date.now().toString(36)}`;
  const added = await api(request, admin, 'POST', '/sys/quartzJob/add', {
    jobClassName: 'report.xlsx',
    cronExpression: '0 0 0 1 1 ? 2099',
    parameter: JSON.stringify({ report: 'product_category_report', username: 'admin' }),
    status: '0',
    description,
  });
  expect(added.success, added.message).toBe(true);
  const job = (
    await api(request, admin, 'GET', `/sys/quartzJob/list?description=${encodeURIComponent(description)}`)
  ).result.records[0];
  expect((await api(request, admin, 'GET', `/sys/quartzJob/execute?id=${job.id}`)).success).toBe(true);
  await expect
    .poll(
      async () =>
        (await api(request, admin, 'GET', `/sys/quartzJob/runs?jobId=${job.id}`)).result.records[0]?.state,
      {
        timeout: 60_000,
      },
    )
    .toBe('success');

  await loginAs(page);
  await page
    .locator('.shell-header')
    .getByRole('button', { name: /^消息通知/ })
    .click();
  const dropdown = page.locator('.ant-popover:visible');
  await dropdown.getByRole('tab', { name: /^系统消息/ }).click();
  await dropdown.getByText('产品分类统计（定时任务）').first().click();
  const detail = page.getByRole('dialog', { name: '产品分类统计（定时任务）' });
  await expect(detail).toContainText('附件：');
  await expect(detail).not.toContainText('<p>');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('link', { name: /\.xlsx$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = XLSX.read(fs.readFileSync(await download.path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
  expect(rows[1]).toEqual(['导出人:定时任务']);
});
