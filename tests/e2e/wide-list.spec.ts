import { expect, loginAs, openFromMenu, test } from './fixtures';

test('a wide list scrolls inside its box and keeps the action column in view; sortable columns sort', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  const body = page.locator('.shell-page-body');
  const scroller = body.locator('table').locator('..');
  // the page itself does not grow sideways; the table's own box scrolls
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const edit = body.locator('tbody tr').first().getByRole('button', { name: '编辑' });
  const box = await edit.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(edit).toBeInViewport();

  const price = body.getByRole('columnheader', { name: '单价(元)' });
  const prices = async () =>
    (await body.locator('tbody tr td:nth-child(7)').allInnerTexts()).map((t) => Number(t));
  await price.click();
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(prices).toEqual([...(await prices())].sort((a, b) => a - b));
  const lowest = (await prices())[0];
  await price.click();
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await prices())[0]).toBeGreaterThan(lowest);
  expect(await prices()).toEqual([...(await prices())].sort((a, b) => b - a));
});
