import { body, expect, loginAs, openFromMenu, test } from './fixtures';

/**
 * A field's rules speak as the field is left, before any 确定 (renderers/form/validation.ts
 * leftFieldErrors): a bad phone or email is named at once and the message goes as it is fixed;
 * an empty required field stays quiet until 确定.
 */
test('a bad phone or email is named as the field is left and cleared as it is fixed', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  const phone = add.getByLabel('手机号码');
  const email = add.getByLabel('电子邮件');

  await phone.fill('123');
  await expect(add.getByText('请输入正确的手机号码')).toHaveCount(0);
  await phone.press('Tab');
  await expect(add.getByText('请输入正确的手机号码')).toBeVisible();
  await email.fill('someone@');
  await email.press('Tab');
  await expect(add.getByText('邮箱格式不正确')).toBeVisible();
  // the empty required fields it passed are not yet mistakes
  await expect(add.getByText('请输入用户账号')).toHaveCount(0);

  await phone.fill('13912345678');
  await expect(add.getByText('请输入正确的手机号码')).toHaveCount(0);
  await email.fill('someone@museum.example');
  await expect(add.getByText('邮箱格式不正确')).toHaveCount(0);

  // 确定 names the rest as before
  await add.getByRole('button', { name: /确\s*定/ }).click();
  await expect(add.getByText(/请输入用户账号/)).toBeVisible();
});
