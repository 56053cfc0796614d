import { body as pageBody, expect, loginAs, openFromMenu, test } from './fixtures';

// narrower than the 1440 px of the other specs: there 产品信息 fits its box (its texts wrap)
test.use({ viewport: { width: 1100, height: 900 } });

test('a wide list scrolls inside its box and keeps the action column in view; sortable columns sort', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  const body = pageBody(page);
  const scroller = body.locator('table').locator('..');
  await expect(body.locator('tbody tr')).toHaveCount(10);
  // the page itself does not grow sideways; the table's own box scrolls
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1100);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const edit = body.locator('tbody tr').first().getByRole('button', { name: '编辑' });
  const box = await edit.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1100);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(edit).toBeInViewport();

  const price = body.getByRole('columnheader', { name: '单价(元)' });
  const sortedBy = (dir: 'asc' | 'desc') => async () => {
    // prices show thousands separators (5,200.00)
    const p = (await body.locator('tbody tr td:nth-child(7)').allInnerTexts()).map((t) =>
      Number(t.replace(/,/g, '')),
    );
    return p.length === 10 && p.every((v, i) => i === 0 || (dir === 'asc' ? p[i - 1] <= v : p[i - 1] >= v));
  };
  // the newest products first (the default sort) are not in price order
  expect(await sortedBy('asc')()).toBe(false);
  for (const dir of ['asc', 'desc'] as const) {
    // the server sorts: the request names the column and the order
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/pro/product/list') && r.url().includes(`column=price&order=${dir}`),
      ),
      price.click(),
    ]);
    await expect(price).toHaveAttribute('aria-sort', dir === 'asc' ? 'ascending' : 'descending');
    await expect.poll(sortedBy(dir)).toBe(true);
  }
});
