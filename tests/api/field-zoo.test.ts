import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { adminToken, fetchRaw, get, post, put } from './setup/client';
import { startOwnServer } from './setup/own-server';

/**
 * Issue 8 item 18: the server stores only values the form could have produced, for every field
 * type. The product's documents use few of the types, so this file runs a server of its own (own
 * embedded database) with the documents plus one that has a field of each type the others lack.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-zoo-'));
const schemas = path.join(root, 'schemas');
fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
fs.mkdirSync(path.join(schemas, 'museum'), { recursive: true });
fs.writeFileSync(
  path.join(schemas, 'museum', 'zoo.json'),
  JSON.stringify({
    kind: 'entity',
    code: 'museum_zoo',
    title: '字段类型',
    table: 'museum_zoo',
    permission: 'museum:zoo:',
    api: '/museum/zoo',
    fields: [
      { key: 'name', title: '名称', type: 'input', query: { mode: 'single' } },
      { key: 'onShow', title: '展出', type: 'switch' },
      { key: 'opensAt', title: '开放时间', type: 'time' },
      { key: 'openedOn', title: '开馆日期', type: 'date' },
      { key: 'pieces', title: '件数', type: 'inputNumber', dbType: 'int' },
      { key: 'catalogNo', title: '编目号', type: 'input', validateRules: [{ pattern: 'z' }] },
      { key: 'attachment', title: '附件', type: 'file', upload: { biz: 'zoo' } },
      { key: 'photo', title: '照片', type: 'image' },
      { key: 'keeper', title: '保管人', type: 'sel_user' },
      { key: 'dept', title: '所属部门', type: 'sel_depart', multi: false },
      { key: 'checked', title: '已核对', type: 'hidden', dbType: 'boolean' },
    ],
  }),
);

// a newer document on the zoo's API path (its file sorts first): refused by name, the server still starts.
// File birth times are as coarse as the kernel clock tick: create it again until it is born later.
const zooFile = path.join(schemas, 'museum', 'zoo.json');
const copyFile = path.join(schemas, 'museum', 'a-zoo-copy.json');
const copy = {
  kind: 'entity',
  code: 'museum_zoo_copy',
  title: '字段类型副本',
  table: 'museum_zoo_copy',
  permission: 'museum:zooCopy:',
  api: '/museum/zoo',
  fields: [{ key: 'name', title: '名称', type: 'input' }],
};
// (as src/server/docs/load-files.ts reads it: the birth time, else the last change)
const born = (file: string) => {
  const stat = fs.statSync(file);
  return stat.birthtimeMs > 0 ? stat.birthtimeMs : stat.mtimeMs;
};
do {
  fs.rmSync(copyFile, { force: true });
  fs.writeFileSync(copyFile, JSON.stringify(copy));
} while (born(copyFile) <= born(zooFile));

let server: Server;
let admin = '';

beforeAll(async () => {
  server = await startOwnServer(path.join(root, 'data'), { SCHEMAS_DIR: schemas });
  admin = await adminToken();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function uploadPng(): Promise<string> {
  const form = new FormData();
  form.append('biz', 'zoo');
  form.append('file', new Blob([new Uint8Array(fs.readFileSync('fixtures/files/avatar.png'))]), 'a.png');
  return (await (await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form })).json()).message;
}

const rows = async (name: string) => (await get('/museum/zoo/list', admin, { name })).json.result.records;

describe('two documents on one API path (issue 8 item 20)', () => {
  it('the server starts, serving the older document; the newer file is named', async () => {
    expect(server.problems).toContainEqual({
      file: 'museum/a-zoo-copy.json',
      path: '/api',
      message: "API path '/museum/zoo' is already used by document 'museum_zoo' (museum/zoo.json)",
    });
    expect(server.ctx.catalog.entities.has('museum_zoo_copy')).toBe(false);
    expect((await get('/museum/zoo/list', admin)).json.success).toBe(true);
  });
});

describe('every field type checks its values on write (issue 8 item 18)', () => {
  it('values the form never offers are refused, each under its field, and nothing is written', async () => {
    const bad = {
      name: '坏值',
      onShow: 'maybe',
      opensAt: '25:99:00',
      openedOn: '2026-02-30',
      pieces: '1.5',
      catalogNo: '1.5',
      attachment: 'javascript:alert(1)',
      photo: '../../etc/passwd',
      keeper: 'nobody',
      dept: 'nodept',
      checked: 'perhaps',
    };
    const { json } = await post('/museum/zoo/add', bad, admin);
    expect(json.success).toBe(false);
    expect(json.result.errors).toEqual([
      { field: 'onShow', message: '展出只能是是或否' },
      { field: 'opensAt', message: '开放时间格式不正确（HH:mm:ss）' },
      { field: 'openedOn', message: '开馆日期格式不正确（YYYY-MM-DD）' },
      { field: 'pieces', message: '件数必须是整数' },
      { field: 'catalogNo', message: '请输入整数' },
      { field: 'attachment', message: '附件须为本系统上传的文件' },
      { field: 'photo', message: '照片须为本系统上传的图片或 http(s) 网址' },
      { field: 'checked', message: '已核对只能是是或否' },
      { field: 'keeper', message: '保管人的值不在可选范围内' },
      { field: 'dept', message: '所属部门的值不在可选范围内' },
    ]);
    expect(await rows('坏值')).toEqual([]);
  });

  it('paths must name stored uploads, ids existing users and departments', async () => {
    const { json } = await post(
      '/museum/zoo/add',
      {
        name: '不存在',
        attachment: 'zoo/never_uploaded_1.pdf',
        photo: 'zoo/never_uploaded_2.png',
        keeper: 'user_zhang,ghost_user',
        dept: 'dep_it,dep_storage',
      },
      admin,
    );
    expect(json.result.errors).toEqual([
      { field: 'dept', message: '所属部门的值不在可选范围内' },
      { field: 'attachment', message: '附件须为本系统上传的文件' },
      { field: 'photo', message: '照片须为本系统上传的图片或 http(s) 网址' },
      { field: 'keeper', message: '保管人的值不在可选范围内' },
    ]);
  });

  it('what the form sends is stored: true/false for a switch, uploads, a network image, picked ids', async () => {
    const stored = await uploadPng();
    const add = await post(
      '/museum/zoo/add',
      {
        name: '好值',
        onShow: true,
        opensAt: '09:30:00',
        openedOn: '2024-02-29',
        pieces: 12,
        catalogNo: '42',
        attachment: stored,
        photo: 'https://example.org/museum/bronze.png',
        keeper: ['user_zhang', 'user_li'],
        dept: 'dep_it',
        checked: true,
      },
      admin,
    );
    expect(add.json).toMatchObject({ success: true });
    expect((await rows('好值'))[0]).toMatchObject({
      onShow: 'Y',
      opensAt: '09:30:00',
      openedOn: '2024-02-29',
      pieces: 12,
      attachment: stored,
      photo: 'https://example.org/museum/bronze.png',
      keeper: 'user_zhang,user_li',
      dept: 'dep_it',
      checked: true,
    });
    // an edit leaving a field as it is passes, even where it would not be written anew
    const id = add.json.result;
    const off = await put('/museum/zoo/edit', { id, onShow: false, keeper: 'user_zhang,user_li' }, admin);
    expect(off.json.success).toBe(true);
    expect((await rows('好值'))[0].onShow).toBe('N');
  });

  it('import reads cells through the types: 是/否, spreadsheet dates and times', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('字段类型');
    sheet.addRow(['字段类型报表']);
    sheet.addRow(['导出人:管理员']);
    sheet.addRow(['名称', '展出', '开放时间', '开馆日期', '件数']);
    sheet.addRow(['导入甲', '是', '8:05', '2026/1/5', '1,200']);
    sheet.addRow(['导入乙', '也许', '8:05', '2026/1/5', '3']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'zoo.xlsx');
    const json = await (
      await fetchRaw('/museum/zoo/importExcel', admin, { method: 'POST', body: form })
    ).json();
    expect(json).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 1 } });
    expect((await rows('导入甲'))[0]).toMatchObject({
      onShow: 'Y',
      opensAt: '08:05:00',
      openedOn: '2026-01-05',
      pieces: 1200,
    });
    const report = await (await fetchRaw(json.result.fileUrl, admin)).text();
    expect(report).toContain('展出只能是是或否');
  });

  it('export writes a switch as 是/否', async () => {
    const res = await fetchRaw('/museum/zoo/exportXls', admin, {}, { exportType: 'xlsx', name: '好值' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    const row = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(row[header.indexOf('展出')]).toBe('否');
    // hidden values never leave through an export
    expect(header).not.toContain('已核对');
  });
});
