import { addUser, adminToken, expect, shot, test } from './fixtures';

/**
 * What staff hit in their first hour (issue 8): signing in by phone, switching department,
 * an expired session, the home page's notices, a user's details and image uploads.
 */

const unique = () => Date.now().toString(36);

/** an 11-digit mobile number no other test uses (starts 13, spec 5.3) */
const freshMobile = () => `13${String(Date.now()).slice(-9)}`;

/** the code the SMS gateway received for a number (a real HTTP receiver in e2e) */
async function smsCode(mobile: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await fetch(`${process.env.E2E_SMS_URL}/?mobile=${mobile}`);
    code = ((await res.json()) as { code?: string } | null)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code;
}

test('手机号登录: the login page asks for a valid number, sends the code to it and signs in', async ({
  page,
  request,
}) => {
  const mobile = freshMobile();
  const admin = await adminToken(request);
  await addUser(request, admin, { username: `ph${unique()}`, realname: '手机登录员', phone: mobile });
  const smsBodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/sys/sms')) smsBodies.push(r.postDataJSON());
  });

  await page.goto('/user/login');
  await page.getByRole('tab', { name: '手机号登录' }).click();
  const send = page.getByRole('button', { name: '获取验证码' });

  // empty: the field says what is missing and nothing is sent
  await send.click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText(['请输入手机号']);
  // a wrong number: its own message, still nothing sent
  await page.getByRole('textbox', { name: '手机号' }).fill('12345');
  await send.click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText(['请输入正确手机号']);
  expect(smsBodies).toEqual([]);

  // a valid number: no error, and the code goes to that number
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await send.click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  expect(smsBodies).toEqual([{ mobile, smsmode: '0' }]);

  await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(mobile));
  await shot(page, 'signin-phone-login');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/dashboard/analysis');
  await expect(page.getByRole('button', { name: /用户菜单/ })).toContainText('手机登录员');
});
