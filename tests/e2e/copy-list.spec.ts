import { body, expect, loginAs, openFromMenu, spaced, test } from './fixtures';

/**
 * 活动管理 is a copy list: 复制 opens 新增 with the row's values, so the next session of an
 * activity is one changed date away. The copy is a new record; the original stays as it was.
 */
test('复制 opens 新增 with the row’s values and saves a second activity', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '活动管理');
  const card = body(page);
  const rows = card.locator('tbody tr');
  const source = rows.filter({ hasText: '亲子拓印体验课' });
  await expect(source).toHaveCount(1);
  const before = await rows.count();

  await source.getByRole('button', { name: '复制' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await expect(d.getByLabel('活动名称')).toHaveValue('亲子拓印体验课');
  await expect(d.getByLabel('活动地点')).not.toHaveValue('');
  await d.getByLabel('活动名称').fill('亲子拓印体验课（第二期）');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();

  await expect(rows).toHaveCount(before + 1);
  await expect(rows.filter({ hasText: '亲子拓印体验课（第二期）' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '亲子拓印体验课' })).toHaveCount(2);
});
