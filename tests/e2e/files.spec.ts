import path from 'node:path';
import type { Locator } from '@playwright/test';
import { adminToken, api, body, expect, loginAs, rowOf, shot, spaced, test } from './fixtures';

/**
 * The file and image fields of 活动管理 (schemas/museum/activity.json): 活动附件 is a file list that
 * keeps 2 (fieldExtendJson.uploadnum), 活动图集 a gallery of at most 3 pictures. Files are added
 * through the file pop-up and the image pop-up, each uploaded at once to POST /file/upload.
 */
const file = (name: string) => path.resolve('fixtures/files', name);
const BAD_TYPE = '文件格式有误,仅支持jpg,jpeg,png,wps,xls,xlsx,pdf,doc,docx,ppt,pptx,mp4,wav,mp3格式文件上传';

/** a date-time as the server takes it (China time), some minutes from now */
const at = (minutes: number) =>
  new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

/** an upload and the reading of its picture, on a machine shared by many */
const UPLOADED = { timeout: 30_000 };

/** the links of a file list, by their text */
const links = (scope: Locator) => scope.getByRole('link').allInnerTexts();

test('a file field keeps the last N files and refuses a program; a gallery hides its button at its cap', async ({
  page,
  request,
}) => {
  // several uploads and their pictures: generous on a busy machine
  test.setTimeout(300_000);
  const admin = await adminToken(request);
  const title = `附件活动${Date.now().toString(36)}`;
  const added = await api(request, admin, 'POST', '/museum/activity/add', {
    title,
    place: '一号展厅',
    startTime: at(2 * 24 * 60),
    endTime: at(2 * 24 * 60 + 120),
    signupDeadline: at(24 * 60),
    capacity: 10,
    perPersonLimit: 2,
    status: '0',
  });
  expect(added.success, added.message).toBe(true);

  await loginAs(page);
  await page.goto('/online/cgformList/museum_activity');
  await body(page).getByLabel('活动名称').fill(title);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await rowOf(body(page), title).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  const attachments = edit.locator('#form_museum_activity_attachments');

  // the file pop-up: confirming with nothing uploaded is refused, and it stays open
  await attachments.getByRole('button', { name: /上传文件/ }).click();
  let popup = page.getByRole('dialog', { name: '文件上传' });
  await expect(popup).toBeVisible();
  // a click while the pop-up still zooms in can be lost on a busy machine: pressed again until answered
  await expect(async () => {
    await popup.getByRole('button', { name: spaced('确定') }).click();
    await expect(page.getByText('没有上传文件')).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(popup).toBeVisible();

  // two files at once, each with its own message
  await popup.locator('input[type=file]').setInputFiles([file('notes.pdf'), file('photo.jpg')]);
  await expect(page.getByText('notes.pdf 上传成功!')).toBeVisible(UPLOADED);
  await expect(page.getByText('photo.jpg 上传成功!')).toBeVisible(UPLOADED);
  await expect(popup.getByRole('list', { name: '已上传' }).getByRole('listitem')).toHaveCount(2);
  await popup.getByRole('button', { name: spaced('确定') }).click();
  await expect(popup).toBeHidden();
  await expect.poll(() => links(attachments)).toEqual(['notes.pdf', 'photo.jpg']);

  // a third: the field keeps the last two
  await attachments.getByRole('button', { name: /上传文件/ }).click();
  popup = page.getByRole('dialog', { name: '文件上传' });
  await popup.locator('input[type=file]').setInputFiles(file('avatar.png'));
  await expect(page.getByText('avatar.png 上传成功!')).toBeVisible(UPLOADED);
  await popup.getByRole('button', { name: spaced('确定') }).click();
  await expect(popup).toBeHidden();
  await expect.poll(() => links(attachments)).toEqual(['photo.jpg', 'avatar.png']);

  // a program is refused before anything is sent
  await attachments.getByRole('button', { name: /上传文件/ }).click();
  popup = page.getByRole('dialog', { name: '文件上传' });
  await popup.locator('input[type=file]').setInputFiles(file('tool.exe'));
  await expect(page.getByText(BAD_TYPE)).toBeVisible();
  await expect(popup.getByRole('list', { name: '已上传' }).getByRole('listitem')).toHaveCount(0);
  await popup.getByRole('button', { name: spaced('取消') }).click();
  await expect(popup).toBeHidden();

  // the gallery: three pictures through the image pop-up, then no add button
  const gallery = edit.locator('#form_museum_activity_gallery');
  const addPicture = gallery.getByRole('button', { name: '添加活动图集' });
  for (const [i, name] of ['avatar.png', 'photo.jpg', 'avatar.png'].entries()) {
    await addPicture.click();
    const picture = page.getByRole('dialog', { name: '图片上传' });
    await expect(picture.getByRole('tab', { name: '本地上传' })).toBeVisible();
    await expect(picture.getByRole('tab', { name: '网络图片地址' })).toBeVisible();
    await picture.locator('input[type=file]').setInputFiles(file(name));
    await expect(picture.getByRole('img', { name: '已上传的图片' })).toBeVisible(UPLOADED);
    await picture.getByLabel('本地上传备注').fill(`第${i + 1}张`);
    if (i === 2) await shot(page, 'files-image-popup');
    await picture.getByRole('button', { name: spaced('确定') }).click();
    await expect(picture).toBeHidden();
    await expect(gallery.getByRole('img', { name: /^活动图集\d$/ })).toHaveCount(i + 1);
  }
  await expect(addPicture).toHaveCount(0);
  await shot(page, 'files-edit-form');

  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden(UPLOADED);
  const saved = await api(request, admin, 'GET', `/museum/activity/list?title=${encodeURIComponent(title)}`);
  const row = saved.result.records[0];
  expect(row.attachments.split(',')).toHaveLength(2);
  expect(row.attachments).toMatch(/^temp\/photo_\w+\.jpg,temp\/avatar_\w+\.png$/);
  expect(row.gallery.split(',')).toHaveLength(3);
  const objects = await api(request, admin, 'GET', `/fileObj/list?objectId=${row.id}`);
  expect(objects.result.records).toHaveLength(5);

  // the list shows the files as links; the detail the same, read-only, and the pictures
  const listed = rowOf(body(page), title);
  await expect.poll(() => links(listed)).toEqual(['photo.jpg', 'avatar.png']);
  await shot(page, 'files-list');
  await listed.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect
    .poll(() => links(detail.locator('#form_museum_activity_attachments')))
    .toEqual(['photo.jpg', 'avatar.png']);
  await expect(detail.getByRole('button', { name: /上传文件/ })).toHaveCount(0);
  await expect(
    detail.locator('#form_museum_activity_gallery').getByRole('img', { name: /^活动图集\d$/ }),
  ).toHaveCount(3);
  await expect(detail.getByRole('button', { name: '添加活动图集' })).toHaveCount(0);
  await shot(page, 'files-detail');
});
