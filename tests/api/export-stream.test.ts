import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { adminToken, fetchRaw, get, uniq } from './setup/client';
import { startOwnServer } from './setup/own-server';
import { createUser } from './setup/access';

/**
 * Issue 21 item 9: a 200,000-row unpaged export took 14 s and showed nothing while it ran. An
 * export now says up front how many rows its file holds (X-Total-Count), can be followed while it
 * is written (exportId and /sys/common/exportProgress), reads its rows as it writes them, and stops
 * reading when its reader goes away. The file runs on a server of its own, over a table of ROWS rows.
 */

const ROWS = 20_000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-export-'));
const schemas = path.join(root, 'schemas');
let server: Server;
let admin = '';

beforeAll(async () => {
  fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
  fs.mkdirSync(path.join(schemas, 'probe'));
  fs.writeFileSync(
    path.join(schemas, 'probe', 'export-probe.json'),
    JSON.stringify({
      kind: 'entity',
      schemaVersion: 1,
      code: 'export_probe',
      title: '导出探针',
      table: 'export_probe',
      permission: 'probe:export:',
      api: '/probe/export',
      list: { kind: 'plain', pageSize: 10, sort: { column: 'createTime', order: 'desc' }, count: 'exact' },
      fields: [
        { key: 'name', title: '名称', type: 'input' },
        { key: 'amount', title: '数量', type: 'inputNumber' },
      ],
    }),
  );
  server = await startOwnServer(path.join(root, 'data'), { SCHEMAS_DIR: schemas });
  admin = await adminToken();
  // row g is the g-th newest: the list's order (createTime desc) is 1, 2, 3 …
  await sql`insert into export_probe (id, name, amount, create_by, create_time, sys_org_code)
    select lpad(g::text, 19, '0'), '探针' || g, g, 'admin', timestamp '2026-06-01' - (g || ' seconds')::interval, 'A01'
    from generate_series(1, ${ROWS}) g`.execute(server.ctx.db);
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Progress {
  rows: number;
  total: number;
  state: string;
}

const progress = async (id: string): Promise<Progress | null> =>
  (await get('/sys/common/exportProgress', admin, { id })).json.result;

/** follows an export until it is no longer running (its state, not a timer, decides) */
async function ended(id: string) {
  for (;;) {
    const p = await progress(id);
    if (p && p.state !== 'running') return p;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exportOf = (query: Record<string, string>, init: RequestInit = {}) =>
  fetchRaw('/probe/export/exportXls', admin, init, query);

describe('an unpaged export of many rows', () => {
  it('.xlsx: the row count comes first, the file holds those rows in list order, the progress ends at them', async () => {
    const exportId = `x-${uniq()}`;
    const res = await exportOf({ exportType: 'xlsx', exportId });
    expect(res.headers.get('x-total-count')).toBe(String(ROWS));
    expect(res.headers.get('x-more-rows')).toBeNull();
    // streamed: no length is known when the first byte leaves
    expect(res.headers.get('content-length')).toBeNull();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(3 + ROWS);
    expect(sheet.getRow(4).getCell(1).value).toBe('探针1');
    expect(sheet.getRow(3 + ROWS).getCell(1).value).toBe(`探针${ROWS}`);
    expect(await ended(exportId)).toEqual({ rows: ROWS, total: ROWS, state: 'done' });
  }, 60_000);

  it('the first bytes arrive before the last rows are read; a reader that goes away stops the reading', async () => {
    const exportId = `x-${uniq()}`;
    const stop = new AbortController();
    const res = await exportOf({ exportType: 'xlsx', exportId }, { signal: stop.signal });
    expect(res.headers.get('x-total-count')).toBe(String(ROWS));
    const first = await res.body!.getReader().read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    stop.abort();
    const p = await ended(exportId);
    expect(p.state).toBe('failed');
    expect(p.rows).toBeLessThan(ROWS);
    // the server goes on answering
    expect((await get('/probe/export/list', admin, { pageSize: 1 })).json.result.total).toBe(ROWS);
  }, 60_000);

  it('.xls (the default) is written whole, then sent with its length; its progress counts the rows as they are written', async () => {
    const exportId = `x-${uniq()}`;
    const res = await exportOf({ exportId });
    expect(res.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(res.headers.get('x-total-count')).toBe(String(ROWS));
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.length));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(body, { type: 'buffer' }).Sheets['导出探针'], {
      header: 1,
    });
    expect(rows.length).toBe(3 + ROWS);
    expect(await ended(exportId)).toEqual({ rows: ROWS, total: ROWS, state: 'done' });
  }, 60_000);

  it("the progress is the caller's own: another user, or an unknown id, reads null; a malformed id is refused", async () => {
    const exportId = `x-${uniq()}`;
    await (await exportOf({ exportType: 'xlsx', exportId, name: '探针1' })).arrayBuffer();
    expect(await ended(exportId)).toMatchObject({ state: 'done' });
    const someone = await createUser(admin);
    const theirs = await get('/sys/common/exportProgress', someone.token, { id: exportId });
    expect(theirs.json).toMatchObject({ success: true, result: null });
    expect(await progress(`x-${uniq()}`)).toBeNull();
    const { json } = await get('/sys/common/exportProgress', admin, { id: '../x' });
    expect(json).toMatchObject({ success: false, message: '参数 id 格式不正确' });
    const other = await fetchRaw('/probe/export/exportXls', admin, {}, { exportId: 'bad id!' });
    expect(await other.json()).toMatchObject({ success: false, message: '参数 exportId 格式不正确' });
  });
});
