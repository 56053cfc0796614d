import { body, expect, loginAs, openFromMenu, shot, spaced, test } from './fixtures';

/**
 * A field's `when` rules (json-logic over the form's values): 系统通告's 指定用户 shows, and is
 * required, only while 通告对象 is 指定用户 (schemas/system/announcement.json).
 */

test('指定用户 appears with 通告对象 = 指定用户, is required then, and hides again', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '系统通告');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('标题').fill(`条件字段${Date.now().toString(36)}`);
  await d.getByRole('radio', { name: '通知公告' }).check();
  const recipients = d.getByRole('button', { name: '选择指定用户' });

  await d.getByRole('radio', { name: '全体用户' }).check();
  await expect(recipients).toBeHidden();
  await d.getByRole('radio', { name: '指定用户' }).check();
  await expect(recipients).toBeVisible();
  await expect(d.locator('.ant-form-item-required', { hasText: '指定用户' })).toBeVisible();
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d.getByText('请选择指定用户!')).toBeVisible();
  await shot(page, 'conditional-field');

  // back to 全体用户: the field and its error go, and the draft saves
  await d.getByRole('radio', { name: '全体用户' }).check();
  await expect(recipients).toBeHidden();
  await expect(d.getByText('请选择指定用户!')).toBeHidden();
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
});
