import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, fetchRaw } from './setup/client';
import { createUser } from './setup/access';

/**
 * Uploads (POST /sys/common/upload) and reading them back (GET /sys/common/static/<path>): the
 * holes of reference section 3 (path traversal through biz, any file type, pages served inline,
 * anonymous reads) must not exist.
 */
const PNG = fs.readFileSync('fixtures/files/avatar.png');
const JPG = fs.readFileSync('fixtures/files/photo.jpg');

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

async function upload(fileName: string, content: Buffer, fields: Record<string, string> = {}, token = admin) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  const res = await fetchRaw('/sys/common/upload', token, { method: 'POST', body: form });
  return res.json();
}

const read = (p: string, token = admin) => fetchRaw(`/sys/common/static/${p}`, token);
const anonymous = (p: string, init: RequestInit = {}) => fetch(`${apiUrl()}${p}`, init);

describe('upload', () => {
  it('stores an image under its biz folder and answers the path in message', async () => {
    const json = await upload('头像 photo.png', PNG, { biz: 'avatar' });
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.message).toMatch(/^avatar\/头像photo_\d+[0-9a-f]{6}\.png$/);
    expect(json.result).toBe(json.message);

    const res = await read(json.message);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('defaults biz to temp, whatever order the parts come in', async () => {
    const json = await upload('photo.JPG', JPG);
    expect(json.message).toMatch(/^temp\/photo_\d+[0-9a-f]{6}\.jpg$/);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    form.append('biz', 'late');
    const after = await (await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form })).json();
    expect(after.message).toMatch(/^late\/a_/);
  });

  it('refuses a biz that could leave the upload folder, and writes nothing', async () => {
    for (const biz of ['../x', '..', 'a/b', 'a\\b', '.hidden', '']) {
      const json = await upload('a.png', PNG, { biz });
      if (biz === '') expect(json.message).toMatch(/^temp\//);
      else
        expect(json).toMatchObject({
          success: false,
          message: '上传失败！业务目录只能包含字母、数字、- 和 _',
        });
    }
  });

  it('refuses types off the allow-list and files whose bytes are not what their name says', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const bad = '文件格式有误,仅支持jpg,jpeg,png,wps,xls,xlsx,pdf,doc,docx,ppt,pptx,mp4,wav,mp3格式文件上传';
    for (const [name, content] of [
      ['page.html', html],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['run.sh', Buffer.from('#!/bin/sh\n')],
      ['page.png', html],
      ['photo.png', JPG],
      ['noext', PNG],
    ] as const)
      expect(await upload(name, content), name).toMatchObject({ success: false, message: bad });
  });

  it('refuses a file over 10 MB with the reference message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await upload('big.png', big)).toMatchObject({
      success: false,
      message: '文件大小超出10MB限制, 请压缩或降低文件质量! ',
    });
  });

  it('needs a session, and any signed-in user may upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    expect((await anonymous('/sys/common/upload', { method: 'POST', body: form })).status).toBe(401);
    const user = await createUser(admin);
    expect(await upload('mine.png', PNG, {}, user.token)).toMatchObject({ success: true });
  });
});

describe('reading uploads', () => {
  it('needs a session: an anonymous read is refused', async () => {
    const { message } = await upload('a.png', PNG);
    expect((await anonymous(`/sys/common/static/${message}`)).status).toBe(401);
  });

  it('answers 文件不存在 for unknown or climbing paths, never another file', async () => {
    for (const p of [
      'temp/missing_1.png',
      '..%2F..%2Fpackage.json',
      'temp/..%2F..%2F..%2Fpackage.json',
      'temp/.env',
      'temp/a/b.png',
      'temp/notes.txt',
    ]) {
      const res = await read(p);
      const json = await res.json();
      expect(json, p).toMatchObject({ success: false, message: '文件不存在' });
    }
  });
});
