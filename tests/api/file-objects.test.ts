import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, call, del, fetchRaw, get, post, put } from './setup/client';
import { createRole, createUser, docPerms } from './setup/access';
import { activity } from './setup/visitors';

/**
 * The file objects: POST /file/upload (the result[] shape), GET /fileObj/list?objectId=
 * (the files a record names), POST|DELETE /fileObj/delete (by file_id, for the uploader of an
 * unnamed file or an editor of every record naming it), and the upload fields' uploadnum cap.
 */
const PNG = fs.readFileSync('fixtures/files/avatar.png');
const PDF = fs.readFileSync('fixtures/files/notes.pdf');
const BAD_TYPE = '文件格式有误,仅支持jpg,jpeg,png,wps,xls,xlsx,pdf,doc,docx,ppt,pptx,mp4,wav,mp3格式文件上传';

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

async function upload(fileName: string, content: Buffer, token = admin, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  return (await fetchRaw('/file/upload', token, { method: 'POST', body: form })).json();
}

/** an upload's file object (the one item of result) */
async function stored(fileName: string, content: Buffer, token = admin) {
  const json = await upload(fileName, content, token);
  expect(json.success, json.message).toBe(true);
  return json.result[0] as { file_id: string; filePath: string; requestUrl: string; url: string };
}

const listOf = async (objectId: string, token = admin) =>
  (await get('/fileObj/list', token, { objectId })).json.result.records as Record<string, unknown>[];
const read = (p: string, token = admin) => fetchRaw(`/sys/common/static/${p}`, token);

describe('POST /file/upload', () => {
  it('answers result[] with the file object, in biz temp by default', async () => {
    const json = await upload('活动 说明.pdf', PDF);
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result).toHaveLength(1);
    const f = json.result[0];
    expect(f).toMatchObject({
      srcFileName: '活动 说明.pdf',
      type: 'application/pdf',
      size: PDF.length,
    });
    expect(f.file_id).toMatch(/^\d{19}$/);
    expect(f.filePath).toMatch(/^temp\/活动说明_\d+[0-9a-f]{6}\.pdf$/);
    expect(f.fileName).toBe(f.filePath.split('/')[1]);
    expect(f.url).toBe(`${new URL(apiUrl()).pathname}/sys/common/static/${f.filePath}`);
    expect(f.pathUrl).toBe(f.url);
    const back = await read(f.filePath);
    expect(Buffer.from(await back.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('takes the biz a document names, and refuses what /sys/common/upload refuses with the same messages', async () => {
    expect((await upload('a.png', PNG, admin, { biz: 'avatar' })).result[0].filePath).toMatch(/^avatar\//);
    expect(await upload('tool.exe', fs.readFileSync('fixtures/files/tool.exe'))).toMatchObject({
      success: false,
      message: BAD_TYPE,
    });
    expect(await upload('big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]))).toMatchObject({
      success: false,
      message: '文件大小超出10MB限制, 请压缩或降低文件质量! ',
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    expect((await fetch(`${apiUrl()}/file/upload`, { method: 'POST', body: form })).status).toBe(401);
  });
});

describe('GET /fileObj/list', () => {
  it('lists the files a record names in its upload fields, to those who may read the record', async () => {
    const pdf = await stored('notes.pdf', PDF);
    const png = await stored('cover.png', PNG);
    const id = await activity(admin, {
      coverImage: png.filePath,
      attachments: pdf.filePath,
      gallery: 'https://example.org/hall.png',
    });
    const records = await listOf(id);
    expect(records.map((r) => r.requestUrl)).toEqual([
      png.requestUrl,
      'https://example.org/hall.png',
      pdf.requestUrl,
    ]);
    expect(records[2]).toMatchObject({
      file_id: pdf.file_id,
      srcFileName: 'notes.pdf',
      filePath: pdf.filePath,
    });

    const stranger = await createUser(admin);
    expect(await listOf(id, stranger.token)).toEqual([]);
    const lister = await createUser(admin, { roles: [await createRole(admin, docPerms('museum_activity'))] });
    expect(await listOf(id, lister.token)).toHaveLength(3);
    expect(await listOf('no_such_record')).toEqual([]);
  });

  it('lists a just-uploaded file by its file_id, to its uploader only', async () => {
    const pdf = await stored('draft.pdf', PDF);
    const records = await listOf(pdf.file_id);
    expect(records).toEqual([
      expect.objectContaining({ file_id: pdf.file_id, srcFileName: 'draft.pdf', requestUrl: pdf.requestUrl }),
    ]);
    const other = await createUser(admin);
    expect(await listOf(pdf.file_id, other.token)).toEqual([]);
  });
});

describe('uploadnum', () => {
  it('refuses more files than a field keeps', async () => {
    const files = [await stored('a.pdf', PDF), await stored('b.pdf', PDF), await stored('c.pdf', PDF)];
    const res = await post(
      '/museum/activity/add',
      { title: '附件过多', attachments: files.map((f) => f.filePath).join(',') },
      admin,
    );
    expect(res.json.success).toBe(false);
    expect(res.json.message).toContain('活动附件最多2个文件');
  });
});

describe('POST|DELETE /fileObj/delete', () => {
  it('deletes an unnamed file for its uploader only', async () => {
    const author = await createUser(admin);
    const other = await createUser(admin);
    const f = await stored('mine.pdf', PDF, author.token);
    expect((await post(`/fileObj/delete?id=${f.file_id}`, {}, other.token)).json).toMatchObject({
      success: false,
      message: '没有权限删除该文件',
    });
    expect((await read(f.filePath, author.token)).status).toBe(200);
    expect((await post('/fileObj/delete', { id: f.file_id }, author.token)).json).toMatchObject({
      success: true,
      message: '删除成功！',
    });
    expect((await read(f.filePath, author.token)).status).toBe(404);
    expect((await del('/fileObj/delete', author.token, { id: f.file_id })).json).toMatchObject({
      success: false,
      message: '文件不存在',
    });
  });

  it('deletes a named file for an editor of the record, which then no longer names it', async () => {
    const a = await stored('a.pdf', PDF);
    const b = await stored('b.pdf', PDF);
    const id = await activity(admin, { attachments: `${a.filePath},${b.filePath}` });
    const lister = await createUser(admin, { roles: [await createRole(admin, docPerms('museum_activity'))] });
    const editor = await createUser(admin, {
      roles: [await createRole(admin, docPerms('museum_activity', ['edit']))],
    });
    // the uploader (admin) is not enough for a file a record names: reading the record is not editing it
    expect((await del('/fileObj/delete', lister.token, { id: a.file_id })).json).toMatchObject({
      success: false,
      message: '没有权限删除该文件',
    });
    expect((await del('/fileObj/delete', editor.token, { id: a.file_id })).json).toMatchObject({
      success: true,
    });
    expect((await listOf(id)).map((r) => r.file_id)).toEqual([b.file_id]);
    const row = (await get(`/museum/activity/queryById`, admin, { id })).json.result;
    expect(row.attachments).toBe(b.filePath);
    expect((await read(a.filePath)).status).toBe(404);
    // the record keeps working: it saves with what is left
    const edit = await put('/museum/activity/edit', { ...row, title: `${row.title}改` }, admin);
    expect(edit.json.success, edit.json.message).toBe(true);
  });

  it('needs a session and an id', async () => {
    const f = await stored('x.pdf', PDF);
    expect((await call('DELETE', '/fileObj/delete', { query: { id: f.file_id } })).status).toBe(401);
    expect((await post('/fileObj/delete', {}, admin)).json).toMatchObject({
      success: false,
      message: '参数 id 不能为空',
    });
  });
});
