import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, fetchRaw } from './setup/client';
import { createRole, createUser, docPerms } from './setup/access';

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
    form.append('biz', 'avatar');
    const after = await (await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form })).json();
    expect(after.message).toMatch(/^avatar\/a_/);
  });

  it('stores only in folders a document names for an upload field (or temp)', async () => {
    for (const biz of ['late', 'newfolder', 'image'])
      expect(await upload('a.png', PNG, { biz })).toMatchObject({
        success: false,
        message: `上传失败！业务目录 ${biz} 未在任何文档中声明`,
      });
  });

  it('answers HTTP 400 with a clear message to a multipart body without boundary or with two files', async () => {
    const noBoundary = await fetchRaw('/sys/common/upload', admin, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'file=abc',
    });
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toMatchObject({
      success: false,
      code: 400,
      message: '上传内容格式不正确：需要带 boundary 的 multipart/form-data',
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    form.append('file', new Blob([new Uint8Array(PNG)]), 'b.png');
    const two = await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form });
    expect(two.status).toBe(400);
    expect(await two.json()).toMatchObject({ success: false, code: 400, message: '一次只能上传一个文件' });
    const none = await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: new FormData() });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ success: false, message: '请选择要上传的文件' });
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
  it('is for the uploader and for those who may read a record naming the file', async () => {
    const author = await createUser(admin);
    const stranger = await createUser(admin);
    const lister = await createUser(admin, { roles: [await createRole(admin, docPerms('sys_user'))] });
    const { message: path } = await upload('mine.png', PNG, { biz: 'avatar' }, author.token);
    expect((await read(path, author.token)).status).toBe(200);
    for (const who of [stranger, lister]) {
      const res = await read(path, who.token);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, message: '文件不存在' });
    }
    // once a user record names it: readers of 用户管理, and the user whose record it is
    const named = await createUser(admin, { extra: { avatar: path } });
    expect((await read(path, lister.token)).status).toBe(200);
    expect((await read(path, named.token)).status).toBe(200);
    expect((await read(path, stranger.token)).status).toBe(404);
  });

  it('takes the session token from the header only: ?token= works on socket paths alone', async () => {
    const { message } = await upload('a.png', PNG);
    expect((await anonymous(`/sys/common/static/${message}?token=${encodeURIComponent(admin)}`)).status).toBe(
      401,
    );
    expect((await anonymous(`/sys/user/list?token=${encodeURIComponent(admin)}`)).status).toBe(401);
  });

  it('needs a session: an anonymous read is refused', async () => {
    const { message } = await upload('a.png', PNG);
    expect((await anonymous(`/sys/common/static/${message}`)).status).toBe(401);
  });

  it('answers HTTP 404 文件不存在 for unknown or climbing paths, never another file', async () => {
    for (const p of [
      'temp/missing_1.png',
      '..%2F..%2Fpackage.json',
      'temp/..%2F..%2F..%2Fpackage.json',
      'temp/.env',
      'temp/a/b.png',
      'temp/notes.txt',
    ]) {
      const res = await read(p);
      expect(res.status, p).toBe(404);
      const json = await res.json();
      expect(json, p).toMatchObject({ success: false, code: 404, message: '文件不存在' });
    }
  });
});
