import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, uniq, type Envelope } from './setup/client';
import { addDataRule, chooseDataRules, createRole, createUser, docPerms } from './setup/access';
import { workOrder as order } from './setup/records';

/**
 * Export and import carrying the details (issue 10 §1): a 生产工单 workbook holds the master sheet
 * and a 工序步骤 sheet of exactly the exported orders' steps, each naming its order by 工单编号;
 * importing such a workbook lands each order with its steps, or neither of them.
 */

const API = '/production/workOrder';
const T = uniq();
let admin = '';

const step = (seq: number) => ({ seq, procedureTypeId: 'proc-zz', planQty: 50 });

async function addOrder(orderNo: string, steps: number): Promise<string> {
  const rows = Array.from({ length: steps }, (_, i) => step(i + 1));
  const { json } = await post(
    `${API}/addWithDetails`,
    { ...order(orderNo), details: { pro_procedure_step: { rows } } },
    admin,
  );
  expect(json.success, json.message).toBe(true);
  return json.result as string;
}

async function exportFile(token: string, query: Record<string, string>): Promise<Buffer> {
  const res = await fetchRaw(`${API}/exportXls`, token, {}, query);
  expect(res.headers.get('content-type')).not.toMatch(/json/);
  return Buffer.from(await res.arrayBuffer());
}

/** every sheet as rows of cell values (SheetJS reads both formats) */
function sheets(file: Buffer): Record<string, unknown[][]> {
  const book = XLSX.read(file, { type: 'buffer' });
  return Object.fromEntries(
    book.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[n], { header: 1 })]),
  );
}

/** the steps sheet's data rows as [工单编号, 序号] */
const stepKeys = (file: Buffer) =>
  sheets(file)
    ['工序步骤'].slice(3)
    .map((r) => [r[0], r[1]]);

async function upload(
  file: Buffer,
  name: string,
  token = admin,
  fields: Record<string, string> = {},
): Promise<Envelope> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  return (await fetchRaw(`${API}/importExcel`, token, { method: 'POST', body: form })).json();
}

/** the orders whose number contains `tag`, with their step numbers */
async function ordersWithSteps(tag: string): Promise<Record<string, number[]>> {
  const list = await get(`${API}/list`, admin, { orderNo: `*${tag}*`, pageSize: 50 });
  const out: Record<string, number[]> = {};
  for (const r of list.json.result.records) {
    const d = await get(`${API}/queryDetails`, admin, { id: r.id });
    out[r.orderNo] = (d.json.result.pro_procedure_step as { seq: number }[]).map((s) => s.seq).sort();
  }
  return out;
}

const ids: string[] = [];
beforeAll(async () => {
  admin = await adminToken();
  ids.push(await addOrder(`DX${T}-1`, 2), await addOrder(`DX${T}-2`, 1), await addOrder(`DX${T}-3`, 3));
});

describe('export carries the details', () => {
  for (const format of ['xlsx', 'xls'] as const)
    it(`${format}: the steps sheet holds the selected orders' steps only, named by 工单编号`, async () => {
      const file = await exportFile(admin, { exportType: format, selections: `${ids[0]},${ids[2]}` });
      const book = sheets(file);
      expect(Object.keys(book)).toEqual(['生产工单', '工序步骤']);
      expect(book['工序步骤'].slice(0, 3)).toEqual([['工序步骤报表'], ['导出人:管理员'], expect.any(Array)]);
      const header = book['工序步骤'][2] as string[];
      expect(header.slice(0, 3)).toEqual(['工单编号', '序号', '工序类型']);
      // the foreign key travels as the link column only
      expect(header).not.toContain('生产工单');
      expect(book['生产工单'].slice(3).map((r) => r[0])).toEqual(
        expect.arrayContaining([`DX${T}-1`, `DX${T}-3`]),
      );
      expect(book['生产工单'].length).toBe(3 + 2);
      const keys = stepKeys(file).sort();
      expect(keys).toEqual([
        [`DX${T}-1`, 1],
        [`DX${T}-1`, 2],
        [`DX${T}-3`, 1],
        [`DX${T}-3`, 2],
        [`DX${T}-3`, 3],
      ]);
    });

  it('every master–detail document does the same: 借展单 and 展览 name their rows by 借展编号 and 展览名称', async () => {
    for (const [api, sheetsOf, link] of [
      ['/museum/loan', ['借展单', '借展明细', '藏品检查记录', '保险信息'], '借展编号'],
      ['/museum/exhibition', ['展览', '展览展品'], '展览名称'],
    ] as const) {
      const res = await fetchRaw(`${api}/exportXls`, admin, {}, { exportType: 'xlsx' });
      const book = sheets(Buffer.from(await res.arrayBuffer()));
      expect(Object.keys(book)).toEqual(sheetsOf);
      const details = book[sheetsOf[1]];
      expect(details[2][0]).toBe(link);
      // each detail row names a master of the master sheet
      const masters = new Set(book[sheetsOf[0]].slice(3).map((r) => r[0]));
      expect(details.length).toBeGreaterThan(3);
      for (const r of details.slice(3)) expect(masters.has(r[0])).toBe(true);
    }
  });

  it('a document without sub-tables exports its one sheet as before', async () => {
    const res = await fetchRaw('/production/procedureStep/exportXls', admin, {}, { exportType: 'xls' });
    expect(Object.keys(sheets(Buffer.from(await res.arrayBuffer())))).toEqual(['工序步骤']);
  });

  it('a data rule on the orders limits the steps too; without the steps list grant there is no steps sheet', async () => {
    const rule = await addDataRule(admin, 'pro_work_order', {
      column: 'orderNo',
      condition: '=',
      value: `DX${T}-2`,
    });
    const withSteps = await createRole(admin, [
      ...docPerms('pro_work_order', ['export']),
      ...docPerms('pro_procedure_step'),
    ]);
    await chooseDataRules(admin, withSteps, 'pro_work_order', [rule]);
    const limited = await createUser(admin, { roles: [withSteps] });
    const file = await exportFile(limited.token, { exportType: 'xlsx', orderNo: `*DX${T}*` });
    expect(
      sheets(file)
        ['生产工单'].slice(3)
        .map((r) => r[0]),
    ).toEqual([`DX${T}-2`]);
    expect(stepKeys(file)).toEqual([[`DX${T}-2`, 1]]);

    const ordersOnly = await createUser(admin, {
      roles: [await createRole(admin, docPerms('pro_work_order', ['export']))],
    });
    const flat = sheets(await exportFile(ordersOnly.token, { exportType: 'xls', orderNo: `*DX${T}*` }));
    expect(Object.keys(flat)).toEqual(['生产工单']);
    expect(flat['生产工单'].length).toBe(3 + 3);
  });
});

/** the exported xlsx with every DX order number renamed to `to`, and `edit` applied to the workbook */
async function renamed(file: Buffer, to: string, edit: (book: ExcelJS.Workbook) => void = () => {}) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  for (const sheet of book.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string' && cell.value.startsWith(`DX${T}-`))
          cell.value = cell.value.replace(`DX${T}-`, `${to}-`);
      }),
    );
  edit(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('import carries the details', () => {
  it('good orders land with their steps; an order with a bad step lands nothing of it (201 with the report)', async () => {
    const exported = await exportFile(admin, { exportType: 'xlsx', orderNo: `*DX${T}*` });
    const to = `DY${T}`;
    const file = await renamed(exported, to, (book) => {
      const steps = book.getWorksheet('工序步骤')!;
      // a step of order 3 with a number out of range, and a step naming no order of the sheet
      steps.eachRow((row, n) => {
        if (n > 3 && row.getCell(1).value === `${to}-3` && row.getCell(2).value === 2)
          row.getCell(2).value = 0;
      });
      steps.addRow(['NOPE-1', 1, row3ProcedureType(steps)]);
    });
    const stepsSheet = sheets(file)['工序步骤'];
    const badStepRow = stepsSheet.findIndex((r) => r[0] === `${to}-3` && r[1] === 0) + 1;
    const orphanRow = stepsSheet.length;
    const order3Row = sheets(file)['生产工单'].findIndex((r) => r[0] === `${to}-3`) + 1;

    const json = await upload(file, 'orders.xlsx');
    expect(json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    // 3 orders and 6 steps plus the orphan: order 3 and its 3 steps, and the orphan, did not land
    expect(json.result).toMatchObject({ totalCount: 10, successCount: 5, errorCount: 5 });
    const report = await (await fetchRaw(json.result.fileUrl, admin)).text();
    expect(report.trim().split('\r\n')).toEqual([
      `生产工单 第 ${order3Row} 行：明细有错误，本行及其明细未导入`,
      `工序步骤 第 ${badStepRow} 行：序号须在1到999之间`,
      `工序步骤 第 ${orphanRow} 行：工单编号“NOPE-1”不在生产工单工作表中`,
    ]);
    expect(await ordersWithSteps(to)).toEqual({ [`${to}-1`]: [1, 2], [`${to}-2`]: [1] });

    const job = await get(`${API}/importJob`, admin, { id: json.result.jobId });
    expect(job.json.result).toMatchObject({
      state: 'committed',
      rowsTotal: 10,
      rowsLanded: 5,
      rowsFailed: 5,
    });
  });

  it('an .xls written by our exporter imports back whole (200)', async () => {
    const exported = await exportFile(admin, { exportType: 'xls', selections: `${ids[0]},${ids[1]}` });
    // cellNF keeps the date formats, so the dates are written back as dates
    const book = XLSX.read(exported, { type: 'buffer', cellNF: true });
    const to = `DZ${T}`;
    for (const name of book.SheetNames) {
      const sheet = book.Sheets[name];
      for (const ref of Object.keys(sheet)) {
        const cell = sheet[ref] as XLSX.CellObject;
        if (!ref.startsWith('!') && typeof cell.v === 'string' && cell.v.startsWith(`DX${T}-`)) {
          cell.v = cell.v.replace(`DX${T}-`, `${to}-`);
          delete cell.w;
        }
      }
    }
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
    const json = await upload(file, 'orders.xls');
    expect(json).toMatchObject({ success: true, message: '文件导入成功！数据行数：5' });
    expect(await ordersWithSteps(to)).toEqual({ [`${to}-1`]: [1, 2], [`${to}-2`]: [1] });
  });

  it('steps need the steps add grant: the workbook is refused and nothing lands', async () => {
    const importer = await createUser(admin, {
      roles: [
        await createRole(admin, [
          ...docPerms('pro_work_order', ['add', 'import']),
          ...docPerms('pro_procedure_step'),
        ]),
      ],
    });
    const to = `DW${T}`;
    const file = await renamed(await exportFile(admin, { exportType: 'xlsx', orderNo: `*DX${T}*` }), to);
    const json = await upload(file, 'orders.xlsx', importer.token);
    expect(json).toMatchObject({
      success: false,
      message: '没有新增工序步骤的权限，不能导入工作表“工序步骤”：请删除该工作表后再导入',
    });
    expect(await ordersWithSteps(to)).toEqual({});

    // isSingleTableImport: the orders alone, which this role may add
    const single = await upload(file, 'orders.xlsx', importer.token, { isSingleTableImport: 'true' });
    expect(single).toMatchObject({ success: true, message: '文件导入成功！数据行数：3' });
    expect(await ordersWithSteps(to)).toEqual({ [`${to}-1`]: [], [`${to}-2`]: [], [`${to}-3`]: [] });
  });
});

/** the 工序类型 text of the first step row, for a hand-added row */
function row3ProcedureType(sheet: ExcelJS.Worksheet): ExcelJS.CellValue {
  return sheet.getRow(4).getCell(3).value;
}
