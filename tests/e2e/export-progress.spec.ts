import fs from 'node:fs';
import type { Page, Route } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { body, expect, loginAs, openFromMenu, test } from './fixtures';

/**
 * Issue 21 item 9: an export showed nothing while it ran. 导出 now shows a notice with the rows the
 * server has written (of the file's rows) and the bytes received, and 取消 stops it. The server's
 * answer is held on its way to the browser (route.fetch, then fulfil when the test says), so the
 * notice can be read while the download is under way; the server, the progress calls and the file
 * are real.
 */

/** holds the next exportXls answer (already complete on the server) until `release` is called */
async function holdExport(page: Page): Promise<{ release: () => void; asked: Promise<URL> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked: (url: URL) => void = () => {};
  const askedFor = new Promise<URL>((resolve) => (asked = resolve));
  await page.route('**/exportXls*', async (route: Route) => {
    asked(new URL(route.request().url()));
    const response = await route.fetch();
    await held;
    await route.fulfill({ response }).catch(() => undefined);
  });
  return { release, asked: askedFor };
}

const exportButton = (page: Page) => body(page).getByRole('button', { name: /导\s*出/ });

test('导出 shows the rows written and the bytes received, then the file downloads; 取消 stops it', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '基础数据', '计量单位');
  const totalText = body(page).locator('.ant-pagination-total-text');
  await expect(totalText).toHaveText(/共 [1-9]\d* 条/);
  const rows = Number(/共 (\d+) 条/.exec((await totalText.textContent())!)![1]);

  const first = await holdExport(page);
  const downloading = page.waitForEvent('download');
  await exportButton(page).click();
  const url = await first.asked;
  expect(url.searchParams.get('exportType')).toBe('xls');
  expect(url.searchParams.get('exportId')).toMatch(/^[0-9a-f]{24}$/);
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '正在导出 计量单位' });
  await expect(notice).toBeVisible();
  // the server has written the file: its progress says so while the answer is held
  await expect(notice.getByTestId('export-progress')).toContainText(`已写出 ${rows} / ${rows} 行`);
  await expect(notice.getByRole('progressbar')).toBeVisible();
  first.release();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('计量单位.xls');
  const book = XLSX.read(fs.readFileSync(await download.path()), { type: 'buffer' });
  const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  expect(sheet.slice(3)).toHaveLength(rows);
  await expect(notice).toBeHidden();
  await page.unrouteAll({ behavior: 'wait' });

  const second = await holdExport(page);
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await exportButton(page).click();
  await second.asked;
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByText('已取消导出')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(exportButton(page)).toBeEnabled();
  second.release();
  await page.unrouteAll({ behavior: 'wait' });
  expect(downloaded).toBe(false);
});
