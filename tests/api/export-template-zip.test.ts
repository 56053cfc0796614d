import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { sheetRows } from '../../src/server/excel/sheet';
import { IMPORT_LIMITS } from '../../src/server/excel/limits';
import { inflateEntry, zipDirectory } from '../../src/server/excel/zip';
import { adminToken, fetchRaw, get, uniq } from './setup/client';
import { startOwnServer } from './setup/own-server';
import { addDataRule, chooseDataRules, createRole, createUser, docPerms } from './setup/access';
import { activity } from './setup/visitors';

/**
 * Spec 7.4's export and import extras: the import template (exportXls?type=template: header row,
 * dictionary hint row, on the import code), the .xlsx export by exportType, and 导出附件
 * (exportZip?ids=&type=: the selected rows' stored files of one file or image field, as a .zip).
 * On a server of its own, so that a stored file can be removed from its data folder.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-template-zip-'));
let server: Server;
let admin = '';

beforeAll(async () => {
  server = await startOwnServer(path.join(root, 'data'));
  admin = await adminToken();
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const TYPES = '/procedure/procedure/procedureType';
const HEADER = ['工序名称', '工序编码', '工序类别', '标准工时(小时)', '备注'];
const HINT = '可选：加工、检验、包装、运输';

/** the non-empty rows of a workbook's first sheet as the importer reads them: row number → cell texts */
async function readRows(file: Buffer): Promise<{ row: number; cells: Record<number, string> }[]> {
  const out = [];
  for await (const r of sheetRows(file, IMPORT_LIMITS))
    out.push({ row: r.rowNumber, cells: Object.fromEntries(r.texts) });
  return out;
}

async function download(url: string, query: Record<string, string>, token = admin) {
  const res = await fetchRaw(url, token, {}, query);
  const body = Buffer.from(await res.arrayBuffer());
  return {
    res,
    body,
    name: decodeURIComponent(
      /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '',
    ),
  };
}

async function importFile(file: Buffer, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  return (await fetchRaw(`${TYPES}/importExcel`, admin, { method: 'POST', body: form })).json();
}

const typesByCode = async (code: string) =>
  (await get(`${TYPES}/list`, admin, { code, pageSize: 10 })).json.result.records as Record<
    string,
    unknown
  >[];

describe('import template: exportXls?type=template', () => {
  it('row 1 the titles import matches, in its order; row 2 the dictionary values; no data rows', async () => {
    const { res, body, name } = await download(`${TYPES}/exportXls`, { type: 'template' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(name).toBe('工序类型模板.xls');
    expect(await readRows(body)).toEqual([
      { row: 1, cells: Object.fromEntries(HEADER.map((t, i) => [i + 1, t])) },
      { row: 2, cells: { 3: HINT } },
    ]);

    const xlsx = await download(`${TYPES}/exportXls`, { type: 'template', exportType: 'xlsx' });
    expect(xlsx.name).toBe('工序类型模板.xlsx');
    expect((await readRows(xlsx.body)).map((r) => r.row)).toEqual([1, 2]);
  });

  it('filled in below the hint row it imports that row; untouched it imports nothing, without error', async () => {
    const { body } = await download(`${TYPES}/exportXls`, { type: 'template' });
    const code = `TPL${uniq()}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
    const book = XLSX.read(body);
    XLSX.utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]], [[`模板工序${code}`, code, '检验', 2, '']], {
      origin: 'A3',
    });
    const filled = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Uint8Array);
    // the hint row is no data: one row read, none failed
    const done = await importFile(filled, '工序类型模板.xls');
    expect(done).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：1' });
    expect(await typesByCode(code)).toEqual([
      expect.objectContaining({ name: `模板工序${code}`, code, category: '2' }),
    ]);

    const before = (await get(`${TYPES}/list`, admin, { pageSize: 1 })).json.result.total;
    const untouched = await importFile(body, '工序类型模板.xls');
    expect(untouched).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：0' });
    expect((await get(`${TYPES}/list`, admin, { pageSize: 1 })).json.result.total).toBe(before);
  });

  it('answers to the import code, not the export one', async () => {
    const importer = await createUser(admin, {
      roles: [await createRole(admin, docPerms('procedure_type', ['import']))],
    });
    const exporter = await createUser(admin, {
      roles: [await createRole(admin, docPerms('procedure_type', ['export']))],
    });
    const template = { type: 'template' };
    expect((await download(`${TYPES}/exportXls`, template, importer.token)).name).toBe('工序类型模板.xls');
    expect((await get(`${TYPES}/exportXls`, importer.token)).json).toMatchObject({
      success: false,
      code: 510,
    });
    expect((await get(`${TYPES}/exportXls`, exporter.token, template)).json).toMatchObject({
      success: false,
      code: 510,
    });
    expect((await download(`${TYPES}/exportXls`, {}, exporter.token)).name).toBe('工序类型.xls');
  });
});

describe('exportType=xlsx', () => {
  it('answers the selected rows as an .xlsx named so', async () => {
    const code = `XL${uniq()}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
    const { body: template } = await download(`${TYPES}/exportXls`, { type: 'template' });
    const book = XLSX.read(template);
    XLSX.utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]], [[`导出工序${code}`, code, '包装', 3]], {
      origin: 'A3',
    });
    await importFile(
      Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Uint8Array),
      'x.xls',
    );
    const [row] = await typesByCode(code);
    const { res, body, name } = await download(`${TYPES}/exportXls`, {
      exportType: 'xlsx',
      selections: String(row.id),
    });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(name).toBe('工序类型.xlsx');
    expect(body.subarray(0, 2).toString()).toBe('PK');
    const rows = await readRows(body);
    expect(rows.slice(2)).toEqual([
      { row: 3, cells: Object.fromEntries(HEADER.map((t, i) => [i + 1, t])) },
      { row: 4, cells: { 1: `导出工序${code}`, 2: code, 3: '包装', 4: '3' } },
    ]);
  });
});

describe('导出附件: exportZip?ids=&type=', () => {
  const PDF = fs.readFileSync('fixtures/files/notes.pdf');
  const PNG = fs.readFileSync('fixtures/files/avatar.png');

  async function stored(fileName: string, content: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), fileName);
    const json = await (await fetchRaw('/file/upload', admin, { method: 'POST', body: form })).json();
    expect(json.success, json.message).toBe(true);
    return json.result[0].filePath as string;
  }

  /** the zip's entries, name → bytes, read with the importer's zip reader */
  async function unzip(file: Buffer): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    for (const entry of zipDirectory(file).values()) {
      const chunks: Buffer[] = [];
      for await (const c of inflateEntry(
        file,
        entry,
        { left: 100 * 1024 * 1024 },
        () => new Error('too big'),
      ))
        chunks.push(c);
      out.set(entry.name, Buffer.concat(chunks));
    }
    return out;
  }

  const zipOf = (query: Record<string, string>, token = admin) =>
    download('/museum/activity/exportZip', query, token);

  it('packs the field’s stored files of the selected rows, names made unique, missing ones listed', async () => {
    const [a1, a2, b1, gone] = [
      await stored('说明.pdf', PDF),
      await stored('海报.png', PNG),
      await stored('说明.pdf', Buffer.concat([PDF, Buffer.from('\n%second')])),
      await stored('丢失.pdf', PDF),
    ];
    const a = await activity(admin, {
      attachments: `${a1},${a2}`,
      coverImage: 'https://example.org/hall.png',
    });
    const b = await activity(admin, { attachments: `${b1},${gone}` });
    fs.rmSync(path.join(root, 'data', 'files', 'upload', ...gone.split('/')));

    const { res, body, name } = await zipOf({ ids: `${a},${b}`, type: 'attachments' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(name).toBe('活动管理_活动附件.zip');
    const entries = await unzip(body);
    expect([...entries.keys()]).toEqual(['说明.pdf', '海报.png', '说明(2).pdf', '缺失文件.txt']);
    expect(entries.get('说明.pdf')!.equals(PDF)).toBe(true);
    expect(entries.get('海报.png')!.equals(PNG)).toBe(true);
    expect(entries.get('说明(2).pdf')!.toString('latin1')).toContain('%second');
    expect(entries.get('缺失文件.txt')!.toString('utf8')).toContain(`记录 ${b}：${gone}`);

    // an image given as a web address is not a stored file: listed, not fetched
    const cover = await unzip((await zipOf({ ids: a, type: 'coverImage' })).body);
    expect([...cover.keys()]).toEqual(['缺失文件.txt']);
    expect(cover.get('缺失文件.txt')!.toString('utf8')).toContain('https://example.org/hall.png');
  });

  it('packs only rows the user may read under its data rules', async () => {
    const shownFile = await stored('可见.pdf', PDF);
    const hiddenFile = await stored('不可见.pdf', PDF);
    const title = `附件规则${uniq()}`;
    const shown = await activity(admin, { title, attachments: shownFile });
    const hidden = await activity(admin, { attachments: hiddenFile });
    const role = await createRole(admin, docPerms('museum_activity', ['export']));
    await chooseDataRules(admin, role, 'museum_activity', [
      await addDataRule(admin, 'museum_activity', { column: 'title', condition: '=', value: title }),
    ]);
    const user = await createUser(admin, { roles: [role] });
    const entries = await unzip(
      (await zipOf({ ids: `${shown},${hidden}`, type: 'attachments' }, user.token)).body,
    );
    expect([...entries.keys()]).toEqual(['可见.pdf']);
    const none = await unzip((await zipOf({ ids: hidden, type: 'attachments' }, user.token)).body);
    expect(none.size).toBe(0);
  });

  it('refuses a type that is not a file or image field of the document (HTTP 400)', async () => {
    const id = await activity(admin);
    for (const type of ['title', 'nope', '']) {
      const res = await fetchRaw('/museum/activity/exportZip', admin, {}, { ids: id, type });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        message:
          '参数 type 须为活动管理的文件或图片字段：coverImage（封面图）、gallery（活动图集）、attachments（活动附件）',
      });
    }
  });
});
