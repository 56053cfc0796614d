import path from 'node:path';
import {
  addUser,
  adminToken,
  api,
  body,
  expect,
  loginAs,
  openFromMenu,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
} from './fixtures';

const AVATAR = path.resolve('fixtures/files/avatar.png');

/** a shown picture: its bytes were read (with the session) and decoded */
const decoded = (img: import('@playwright/test').Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth);

test('an avatar uploaded in 用户管理 shows in the form and in that user’s header', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const username = `avatar_${stamp}`;
  const admin = await adminToken(request);
  const { password } = await addUser(request, admin, { username, realname: `头像${stamp}` });

  await loginAs(page);
  await openFromMenu(page, '系统管理', '用户管理');
  await body(page).getByLabel('用户账号').fill(username);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await rowOf(body(page), username).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  const input = edit.locator('input[type=file]');

  // not a picture: refused before anything is sent
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  // an image field's own refusal, not the generic list of types
  await expect(page.getByText('please upload a picture-format file')).toBeVisible();
  await expect(edit.getByRole('img', { name: '头像' })).toHaveCount(0);

  await input.setInputFiles(AVATAR);
  const picture = edit.getByRole('img', { name: '头像' });
  await expect(picture).toBeVisible();
  // the upload says so, by the file's name
  await expect(page.getByText('avatar.png 上传成功!')).toBeVisible();
  await expect.poll(() => decoded(picture)).toBe(96);
  await shot(page, 'system-user-avatar');
  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden();

  const stored = await api(request, admin, 'GET', `/sys/user/list?username=${username}`);
  expect(stored.result.records[0].avatar).toMatch(/^avatar\/avatar_\d+[0-9a-f]{6}\.png$/);

  // the user's own header shows it
  const { context, page: other } = await signInElsewhere(browser, username, password);
  const avatar = other
    .locator('.shell-header')
    .getByRole('button', { name: /用户菜单/ })
    .locator('img');
  await expect.poll(() => decoded(avatar)).toBe(96);
  await context.close();

  // 删除 clears the field
  await rowOf(body(page), username).getByRole('button', { name: '编辑' }).click();
  await expect.poll(() => decoded(edit.getByRole('img', { name: '头像' }))).toBe(96);
  await edit.getByRole('button', { name: '删除' }).click();
  await expect(edit.getByRole('img', { name: '头像' })).toHaveCount(0);
  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden();
  const cleared = await api(request, admin, 'GET', `/sys/user/list?username=${username}`);
  expect(cleared.result.records[0].avatar ?? '').toBe('');
});
