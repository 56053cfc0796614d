import type { Locator, Page } from '@playwright/test';
import { addUser, adminToken, body, expect, loginAs, openFromMenu, shot, spaced, test } from './fixtures';

/**
 * Issue 8 item 11: unique fields (用户账号, 手机号码, any `unique` field) are checked as they are
 * typed, a field naming a check rule against that rule, and 确定 shows the same words under the field.
 */

/** the error under a form field (rjsf's error list of that field) */
const fieldError = (dialog: Locator, text: string) =>
  dialog.locator('.ant-form-item-explain').getByText(text);

async function saveRefused(page: Page, dialog: Locator, text: string): Promise<void> {
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.locator('.ant-message')).toContainText(text);
  await expect(dialog).toBeVisible();
  // the typed check and the save's answer are one message, shown once
  await expect(fieldError(dialog, text)).toHaveCount(1);
}

test('用户管理: a taken account or mobile number is told as it is typed, and the save says the same', async ({
  page,
  request,
}) => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  await addUser(request, await adminToken(request), {
    username: `ph_${Date.now().toString(36)}`,
    realname: '有手机的人',
    phone,
  });
  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('用户姓名').fill('重名的人');
  await d.getByLabel('用户账号').fill('admin');
  await expect(fieldError(d, '用户账号已存在')).toBeVisible();
  await d.getByLabel('手机号码').fill(phone);
  await expect(fieldError(d, '手机号码已存在')).toBeVisible();
  await shot(page, 'field-checks-user');
  await saveRefused(page, d, '用户账号已存在');
  // a free value clears the message once the check answers
  await d.getByLabel('用户账号').fill(`free_${Date.now().toString(36)}`);
  await expect(fieldError(d, '用户账号已存在')).toHaveCount(0);
  await expect(fieldError(d, '手机号码已存在')).toBeVisible();
  // an emptied field is not checked
  await d.getByLabel('手机号码').fill('');
  await expect(fieldError(d, '手机号码已存在')).toHaveCount(0);
});

test('职务管理: 职务编码 names a check rule; its message shows as typed and on save', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '职务管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('职务名称').fill('数字开头的职务');
  // a click during the drop-down's opening can miss the option: tried until the box shows it
  await expect(async () => {
    await d.getByLabel('职级').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="员级"]')
      .click({ timeout: 2000 });
    await expect(d.getByLabel('职级').locator('xpath=..')).toHaveAttribute('title', '员级', {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await d.getByLabel('职务编码').fill('1abc');
  await expect(fieldError(d, '编码须以字母开头')).toBeVisible();
  await shot(page, 'field-checks-rule');
  await saveRefused(page, d, '编码须以字母开头');
  // the rule passes, then the duplicate check speaks
  await d.getByLabel('职务编码').fill('restorer');
  await expect(fieldError(d, '编码须以字母开头')).toHaveCount(0);
  await expect(fieldError(d, '职务编码已存在')).toBeVisible();
});
