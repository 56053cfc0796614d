import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, uniq, type Envelope } from './setup/client';
import { createRole, createUser, docPerms } from './setup/access';
import { handWrittenXlsx, row } from '../support/xlsx-by-hand';

/**
 * Spreadsheet imports over HTTP on the real database (issue 8 item 22, issue 14 items 1 and 5):
 * rows validated and written in batches of 500 with set-wise checks, every import a recorded job
 * whose batches say what landed, a second import of the same file refused unless confirmed, the
 * job list and progress for the user who ran it, and hostile files refused off the server thread.
 * Units get codes with a per-run prefix, so the file runs beside the other suites.
 */

const P = `I${uniq()}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
let admin = '';

beforeAll(async () => {
  admin = await adminToken();
});

type Cells = (string | undefined)[];

/** 工序类型: no other suite counts its rows or lists them, so thousands more change nothing there */
const API = '/procedure/procedure/procedureType';

/** an export-layout workbook written by ExcelJS: title, exporter, header, then `rows` */
async function workbook(title: string, header: string[], rows: Cells[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title);
  sheet.addRow([`${title}报表`]);
  sheet.addRow(['导出人:管理员']);
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const proceduresFile = (rows: Cells[]) =>
  workbook('工序类型', ['工序名称', '工序编码', '工序类别', '标准工时(小时)'], rows);

const procedure = (n: number, code: string): Cells => [`工序${n}`, code, '加工', String(n % 10)];

async function upload(file: Buffer, fields: Record<string, string> = {}): Promise<Envelope> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), 'procedures.xlsx');
  return (await fetchRaw(`${API}/importExcel`, admin, { method: 'POST', body: form })).json();
}

/** how many rows of the list carry codes starting with `prefix` */
async function count(prefix: string): Promise<number> {
  return (await get(`${API}/list`, admin, { code: `${prefix}*`, pageSize: 1 })).json.result.total;
}

const job = async (id: string, token = admin) => (await get(`${API}/importJob`, token, { id })).json;

describe('import in batches, recorded as a job', () => {
  const B = `${P}B`;
  let file: Buffer;
  let firstJob = '';

  it('1,203 rows in three batches: set-wise checks report each bad row, the rest land (201)', async () => {
    const existing = await post(`${API}/add`, { name: '已有工序', code: `${B}-EXIST`, category: '1' }, admin);
    expect(existing.json.success).toBe(true);
    // sheet row = index + 4; rows 4..1206
    const rows = Array.from({ length: 1203 }, (_, i) => procedure(i + 4, `${B}-${i + 4}`));
    rows[10 - 4] = [undefined, `${B}-10`, '加工', '1']; // no name
    rows[30 - 4] = procedure(30, `${B}-20`); // the code of row 20, in the same batch
    rows[600 - 4] = procedure(600, `${B}-EXIST`); // a code the table already holds
    rows[1000 - 4] = ['工序1000', `${B}-1000`, '未知类别', '1']; // no such dictionary item
    file = await proceduresFile(rows);
    firstJob = `job-${uniq()}`;

    const json = await upload(file, { jobId: firstJob });
    expect(json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(json.result).toMatchObject({
      totalCount: 1203,
      errorCount: 4,
      successCount: 1199,
      msg: '总上传行数：1203，已导入行数：1199，错误行数：4',
      jobId: firstJob,
    });
    const report = await (await fetchRaw(json.result.fileUrl, admin)).text();
    expect(report.trim().split('\r\n')).toEqual([
      '第 10 行：请输入工序名称',
      '第 30 行：工序编码已存在',
      '第 600 行：工序编码已存在',
      '第 1000 行：工序类别的值不在可选范围内',
    ]);
    expect(await count(`${B}-`)).toBe(1199 + 1);

    const record = await job(firstJob);
    expect(record.result).toMatchObject({
      id: firstJob,
      docCode: 'procedure_type',
      fileName: 'procedures.xlsx',
      state: 'committed',
      rowsTotal: 1203,
      rowsLanded: 1199,
      rowsFailed: 4,
      message: '总上传行数：1203，已导入行数：1199，错误行数：4',
      fileUrl: json.result.fileUrl,
      reimportOf: null,
    });
    expect(record.result.batches).toEqual([
      { first: 4, last: 503, landed: 498, failed: 2, committed: true },
      { first: 504, last: 1003, landed: 498, failed: 2, committed: true },
      { first: 1004, last: 1206, landed: 203, failed: 0, committed: true },
    ]);
  });

  it('the same file again is refused (code 409) naming the earlier import; reimport=1 goes ahead', async () => {
    const again = await upload(file);
    expect(again).toMatchObject({ success: false, code: 409 });
    expect(again.message).toMatch(
      /^该文件已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 导入过（已导入 1199 行），再次导入可能产生重复数据$/,
    );
    expect(again.result).toMatchObject({ jobId: firstJob, state: 'committed', rowsLanded: 1199 });
    expect(await count(`${B}-`)).toBe(1200);

    const confirmed = await upload(file, { reimport: '1' });
    // every code is taken now: nothing lands, every row is reported
    expect(confirmed).toMatchObject({ success: true, code: 201 });
    expect(confirmed.result).toMatchObject({ totalCount: 1203, successCount: 0, errorCount: 1203 });
    expect(await count(`${B}-`)).toBe(1200);
    expect((await job(confirmed.result.jobId)).result).toMatchObject({
      state: 'committed',
      rowsLanded: 0,
      reimportOf: firstJob,
    });
  });

  it('jobs are listed, newest first, to the user who ran them only', async () => {
    const mine = (await get(`${API}/importJobs`, admin, { pageSize: 50 })).json;
    expect(mine.success).toBe(true);
    const ids = mine.result.records.map((j: { id: string }) => j.id);
    expect(ids).toContain(firstJob);
    const times = mine.result.records.map((j: { createTime: string }) => j.createTime);
    expect([...times].sort().reverse()).toEqual(times);

    const role = await createRole(admin, docPerms('procedure_type', ['import']));
    const other = await createUser(admin, { roles: [role] });
    expect((await get(`${API}/importJobs`, other.token)).json.result).toMatchObject({
      records: [],
      total: 0,
    });
    expect(await job(firstJob, other.token)).toMatchObject({ success: false, message: '导入任务不存在' });
    // without the import permission: neither
    const reader = await createUser(admin, { roles: [await createRole(admin, docPerms('procedure_type'))] });
    expect((await get(`${API}/importJobs`, reader.token)).json.code).toBe(510);
  });

  it('a file that is refused is recorded as a failed job with the reason', async () => {
    const jobId = `job-${uniq()}`;
    const json = await upload(Buffer.from('PK not really'), { jobId });
    expect(json).toMatchObject({
      success: false,
      message: '文件导入失败:文件格式不正确，仅支持 .xls 和 .xlsx',
    });
    expect((await job(jobId)).result).toMatchObject({
      state: 'failed',
      rowsTotal: null,
      rowsLanded: 0,
      message: '文件导入失败:文件格式不正确，仅支持 .xls 和 .xlsx',
    });
    // a failed job landed nothing: the same file is not called a re-import
    expect((await upload(Buffer.from('PK not really'))).code).not.toBe(409);
  });
});

describe('progress while an import runs', () => {
  it('the job shows rows landing batch by batch before the upload request answers', async () => {
    const C = `${P}C`;
    const rows = Array.from({ length: 20_000 }, (_, i) => procedure(i, `${C}-${i}`));
    const jobId = `job-${uniq()}`;
    const response = upload(await proceduresFile(rows), { jobId });
    let answered = false;
    void response.then(() => (answered = true));
    const seen: number[] = [];
    // follow the job until it ends (the state, not a timer, decides)
    for (;;) {
      const j = await job(jobId);
      if (j.success && j.result.state !== 'running') break;
      if (j.success && j.result.rowsTotal !== null && !answered) seen.push(j.result.rowsLanded);
    }
    expect((await response).message).toBe('文件导入成功！数据行数：20000');
    const partial = seen.filter((n) => n > 0 && n < 20_000);
    expect(partial.length).toBeGreaterThan(0);
    // batches commit whole: the landed count only ever moves by 500s
    expect(partial.every((n) => n % 500 === 0)).toBe(true);
    expect((await job(jobId)).result).toMatchObject({
      state: 'committed',
      rowsTotal: 20_000,
      rowsLanded: 20_000,
    });
    expect(await count(`${C}-`)).toBe(20_000);
  }, 180_000);
});

describe('hostile files are read off the server thread', () => {
  const header = [
    { text: row('工序类型报表') },
    { text: row('导出人:管理员') },
    { text: row('工序名称', '工序编码') },
  ];

  it('a 200 KB file holding one 200-million-character cell is refused naming the cell; nothing lands', async () => {
    const bomb = handWrittenXlsx(
      [...header, { text: '<row r="4"><c r="A4" t="s"><v>0</v></c></row>' }],
      [{ text: '<si><t>' }, { text: 'a'.repeat(1024 * 1024), times: 200 }, { text: '</t></si>' }],
    );
    const jobId = `job-${uniq()}`;
    const json = await upload(bomb, { jobId });
    expect(json).toMatchObject({
      success: false,
      message: '文件导入失败:第 4 行 A 列的内容超过 32767 个字符',
    });
    expect((await job(jobId)).result).toMatchObject({ state: 'failed', rowsLanded: 0 });
  });

  it('while a file inflating past 256 MB is read, other requests are answered before it is refused', async () => {
    const bomb = handWrittenXlsx([...header, { text: `<!--${'x'.repeat(60_000)}-->`, times: 4500 }]);
    let refused = false;
    const importing = upload(bomb).then((json) => {
      refused = true;
      return json;
    });
    // the job appears once the upload is in; from then on the server thread must stay free
    let answeredDuringRead = 0;
    for (let i = 0; i < 20 && !refused; i++) {
      const list = (await get('/base/unit/list', admin, { pageSize: 1 })).json;
      expect(list.success).toBe(true);
      if (!refused) answeredDuringRead++;
    }
    expect((await importing).message).toBe('文件导入失败:文件解压后超过 256MB，请拆分后导入');
    expect(answeredDuringRead).toBeGreaterThan(3);
  }, 60_000);

  it('an upload over 20 MB is refused with the limit', async () => {
    const json = await upload(Buffer.alloc(20 * 1024 * 1024 + 1));
    expect(json).toMatchObject({ success: false, message: '文件大小超出20MB限制，请拆分后导入' });
  });
});
