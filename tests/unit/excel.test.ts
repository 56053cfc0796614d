import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { writeExport, type ExportColumn } from '../../src/server/excel/export';
import { readImport, readWorkbook, type ImportColumn } from '../../src/server/excel/import';
import { ImportError } from '../../src/server/excel/limits';

const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/excel/${name}`, import.meta.url));

async function* from<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

/** Runs writeExport into memory; also checks that it ended the stream. */
async function exportToBuffer(
  format: 'xls' | 'xlsx',
  columns: ExportColumn[],
  rows: AsyncIterable<Record<string, unknown>>,
  maxRows?: number,
) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => out.on('end', resolve));
  const [result] = await writeExport({
    format,
    exporter: '管理员',
    sheets: [{ title: '计量单位', columns, rows }],
    out,
    maxRows,
  });
  await ended;
  return { result, buffer: Buffer.concat(chunks) };
}

/** Awaits a rejection and checks both its class and its user-facing message. */
async function expectImportError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  expect((error as Error).message).toBe(message);
}

// Wall-clock dates must not move with the server's zone: run in one far from UTC.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
  expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(300);
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const exportColumns: ExportColumn[] = [
  { key: 'name', title: '单位名称', width: 140 },
  { key: 'qty', title: '数量', kind: 'number' },
  { key: 'price', title: '单价', kind: 'number' },
  { key: 'effectiveDate', title: '生效日期', kind: 'date' },
  { key: 'updatedAt', title: '更新时间', kind: 'datetime' },
  { key: 'remark', title: '备注' },
];
const exportRows = [
  {
    name: '千克',
    qty: 3,
    price: 12.5,
    effectiveDate: '2026-03-15',
    updatedAt: '2026-03-15 08:30:05',
    remark: '国际单位制基本单位',
  },
  {
    name: '克',
    qty: 0.1 + 0.2,
    price: -7,
    effectiveDate: '1900-03-01',
    updatedAt: '2026-01-01 23:59:59',
    remark: null,
  },
  {
    name: '米',
    qty: 1000000,
    price: 0.001,
    effectiveDate: '',
    updatedAt: '2026-03-08 02:30:00',
    remark: '  两端空格 ',
  },
];
// shuffled, with 备注 left out (so it is an unknown header) and a column the file lacks
const importColumns: ImportColumn[] = [
  { key: 'updatedAt', title: '更新时间' },
  { key: 'price', title: '单价' },
  { key: 'missing', title: '不存在的列' },
  { key: 'name', title: '单位名称' },
  { key: 'effectiveDate', title: '生效日期' },
  { key: 'qty', title: '数量' },
];
const expectedRows = [
  {
    rowNumber: 4,
    values: {
      name: '千克',
      qty: '3',
      price: '12.5',
      effectiveDate: '2026-03-15',
      updatedAt: '2026-03-15 08:30:05',
    },
  },
  {
    rowNumber: 5,
    values: {
      name: '克',
      qty: '0.3',
      price: '-7',
      effectiveDate: '1900-03-01',
      updatedAt: '2026-01-01 23:59:59',
    },
  },
  { rowNumber: 6, values: { name: '米', qty: '1000000', price: '0.001', updatedAt: '2026-03-08 02:30:00' } },
];

describe('export → import round trip', () => {
  it('xlsx: streams the layout and reads it back by header title', async () => {
    const { result, buffer } = await exportToBuffer('xlsx', exportColumns, from(exportRows));
    expect(result).toEqual({ rows: 3, truncated: false });
    expect(buffer.subarray(0, 2).toString()).toBe('PK');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('计量单位报表');
    expect(sheet.getCell('F1').master.address).toBe('A1');
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, size: 16 });
    expect(sheet.getCell('A2').value).toBe('导出人:管理员');
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      '单位名称',
      '数量',
      '单价',
      '生效日期',
      '更新时间',
      '备注',
    ]);
    expect(sheet.getCell('C3').font).toMatchObject({ bold: true });
    expect(sheet.getCell('C3').fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFD9D9D9' } });
    expect(sheet.getColumn(1).width).toBe(20); // 140 px / 7
    expect(sheet.getCell('D4').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('F6').value).toBe('  两端空格 ');

    const imported = await readImport(buffer, importColumns);
    expect(imported).toEqual({ rows: expectedRows, unknownHeaders: ['备注'] });
  });

  it('xls: writes BIFF8 with the same layout and reads it back', async () => {
    const { result, buffer } = await exportToBuffer('xls', exportColumns, from(exportRows));
    expect(result).toEqual({ rows: 3, truncated: false });
    expect(buffer.readUInt32BE(0)).toBe(0xd0cf11e0);

    const book = XLSX.read(buffer, { type: 'buffer', cellStyles: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.A1.v).toBe('计量单位报表');
    expect(sheet['!merges']).toEqual([{ s: { r: 0, c: 0 }, e: { r: 0, c: 5 } }]);
    expect(sheet.A2.v).toBe('导出人:管理员');
    expect(['A3', 'B3', 'C3', 'D3', 'E3', 'F3'].map((a) => sheet[a].v)).toEqual([
      '单位名称',
      '数量',
      '单价',
      '生效日期',
      '更新时间',
      '备注',
    ]);
    expect(sheet['!cols']?.[0].width).toBe(20); // 140 px / 7, as the .xlsx

    const imported = await readImport(buffer, [...importColumns, { key: 'remark', title: '备注' }]);
    expect(imported.unknownHeaders).toEqual([]);
    expect(imported.rows).toEqual([
      { ...expectedRows[0], values: { ...expectedRows[0].values, remark: '国际单位制基本单位' } },
      expectedRows[1],
      { ...expectedRows[2], values: { ...expectedRows[2].values, remark: '两端空格' } },
    ]);
  });
});

describe('workbooks of several sheets (a master and its details)', () => {
  const steps = [
    { key: 'order', title: '工单编号' },
    { key: 'seq', title: '序号', kind: 'number' as const },
  ];
  async function twoSheets(format: 'xls' | 'xlsx') {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => out.on('end', resolve));
    const results = await writeExport({
      format,
      exporter: '管理员',
      sheets: [
        { title: '计量单位', columns: exportColumns, rows: from(exportRows) },
        {
          title: '工序:步骤',
          columns: steps,
          rows: from([
            { order: 'WO-1', seq: 1 },
            { order: 'WO-1', seq: 2 },
          ]),
        },
        // a second sheet of the same name gets a name of its own
        { title: '计量单位', columns: steps, rows: from([{ order: 'X', seq: 9 }]) },
      ],
      out,
      maxRows: 1,
    });
    await ended;
    return { results, buffer: Buffer.concat(chunks) };
  }

  for (const format of ['xls', 'xlsx'] as const)
    it(`${format}: every sheet has the 3-row layout and its own row limit; named sheets read back`, async () => {
      const { results, buffer } = await twoSheets(format);
      expect(results).toEqual([
        { rows: 1, truncated: true },
        { rows: 1, truncated: true },
        { rows: 1, truncated: false },
      ]);
      const book = XLSX.read(buffer, { type: 'buffer' });
      expect(book.SheetNames).toEqual(['计量单位', '工序步骤', '计量单位_2']);
      expect(XLSX.utils.sheet_to_json(book.Sheets['工序步骤'], { header: 1 })).toEqual([
        ['工序:步骤报表'],
        ['导出人:管理员'],
        ['工单编号', '序号'],
        ['WO-1', 1],
      ]);
      const read = await readWorkbook(buffer, importColumns, [
        { name: '工序步骤', columns: [{ key: 'seq', title: '序号' }] },
        { name: '不存在', columns: [{ key: 'seq', title: '序号' }] },
      ]);
      expect(read.master.rows).toEqual(expectedRows.slice(0, 1));
      expect(read.sheets).toEqual([{ name: '工序步骤', rows: [{ rowNumber: 4, values: { seq: '1' } }] }]);
      // the first sheet alone, as before
      expect((await readImport(buffer, importColumns)).rows).toEqual(expectedRows.slice(0, 1));
    });

  it('a named sheet without its header row is refused by name', async () => {
    const { buffer } = await twoSheets('xlsx');
    await expectImportError(
      readWorkbook(buffer, importColumns, [{ name: '工序步骤', columns: [{ key: 'x', title: '无此列' }] }]),
      '工作表“工序步骤”未找到表头行，请使用导出的模板',
    );
  });
});

describe('the .xls writer (our BIFF8)', () => {
  it('keeps every string: a 20,000-character cell and thousands of distinct ones span CONTINUE records', async () => {
    const long = '长'.repeat(12_000) + 'x'.repeat(8_000);
    const rows = Array.from({ length: 3000 }, (_, i) => ({ name: i === 1234 ? long : `单位${i}`, n: i }));
    const columns: ExportColumn[] = [
      { key: 'name', title: '单位名称' },
      { key: 'n', title: '序号', kind: 'number' },
    ];
    const { buffer } = await exportToBuffer('xls', columns, from(rows));
    const book = XLSX.read(buffer, { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(aoa.slice(3).map((r) => r[0])).toEqual(rows.map((r) => r.name));
    expect(aoa.slice(3).map((r) => r[1])).toEqual(rows.map((r) => r.n));
    const imported = await readImport(buffer, [{ key: 'name', title: '单位名称' }]);
    expect(imported.rows[1234].values.name).toBe(long);
  });

  it('gives the header row its grey fill, and data cells none', async () => {
    const { buffer } = await exportToBuffer('xls', exportColumns, from(exportRows));
    const book = XLSX.read(buffer, { type: 'buffer', cellStyles: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.C3.s).toMatchObject({ patternType: 'solid', fgColor: { rgb: 'C0C0C0' } });
    expect(sheet.D4.s?.patternType ?? 'none').toBe('none');
  });
});

describe('row limits', () => {
  const columns: ExportColumn[] = [{ key: 'n', title: '序号', kind: 'number' }];
  const numbered = (count: number) => Array.from({ length: count }, (_, i) => ({ n: i + 1 }));

  it('stops at maxRows, flags the truncation and closes the source', async () => {
    let closed = false;
    async function* source() {
      try {
        yield* numbered(8);
      } finally {
        closed = true;
      }
    }
    const { result, buffer } = await exportToBuffer('xls', columns, source(), 5);
    expect(result).toEqual({ rows: 5, truncated: true });
    expect(closed).toBe(true);
    const { rows } = await readImport(buffer, [{ key: 'n', title: '序号' }]);
    expect(rows.map((r) => [r.rowNumber, r.values.n])).toEqual([
      [4, '1'],
      [5, '2'],
      [6, '3'],
      [7, '4'],
      [8, '5'],
    ]);
  });

  it('is not truncated when the source holds exactly maxRows', async () => {
    for (const format of ['xls', 'xlsx'] as const) {
      const { result } = await exportToBuffer(format, columns, from(numbered(5)), 5);
      expect(result).toEqual({ rows: 5, truncated: false });
    }
  });

  it('xls stops at the BIFF8 limit of 65536 sheet rows', async () => {
    const { result, buffer } = await exportToBuffer('xls', columns, from(numbered(65534)));
    expect(result).toEqual({ rows: 65533, truncated: true });
    const { rows } = await readImport(buffer, [{ key: 'n', title: '序号' }]);
    expect(rows.at(-1)).toEqual({ rowNumber: 65536, values: { n: '65533' } });
  }, 30_000);

  it('refuses more than 100000 data rows', async () => {
    const { buffer } = await exportToBuffer('xlsx', columns, from(numbered(100_001)));
    await expectImportError(
      readImport(buffer, [{ key: 'n', title: '序号' }]),
      '导入数据过多，单次最多 100000 行',
    );
  }, 60_000);
});

describe('files written by LibreOffice', () => {
  const unitColumns: ImportColumn[] = [
    { key: 'status', title: '状态' },
    { key: 'name', title: '单位名称' },
    { key: 'code', title: '单位编码' },
    { key: 'type', title: '单位类型' },
    { key: 'symbol', title: '符号' },
    { key: 'remark', title: '备注' },
    { key: 'effectiveDate', title: '生效日期' },
  ];
  const unitRows = [
    {
      rowNumber: 4,
      values: {
        name: '千克',
        code: 'kg',
        type: '重量',
        symbol: 'kg',
        status: '启用',
        remark: '国际单位制基本单位',
        effectiveDate: '2026-03-15',
      },
    },
    { rowNumber: 5, values: { name: '克', code: 'g', type: '重量', symbol: 'g', status: '启用' } },
    {
      rowNumber: 6,
      values: { name: '米', code: 'm', type: '长度', symbol: 'm', status: '启用', remark: '长度基本单位' },
    },
    {
      rowNumber: 7,
      values: {
        name: '毫升',
        code: 'ml',
        type: '体积',
        symbol: 'mL',
        status: '启用',
        remark: '0.001',
        effectiveDate: '2026-04-01 08:30:00',
      },
    },
    // the intentionally bad row: no 单位名称
    {
      rowNumber: 8,
      values: {
        code: 't',
        type: '重量',
        symbol: 't',
        status: '停用',
        remark: '单位名称为空（故意的错误行）',
      },
    },
  ];

  it.each(['units-libreoffice.xls', 'units-libreoffice.xlsx'])('reads %s', async (name) => {
    const result = await readImport(fixture(name), unitColumns);
    expect(result).toEqual({ rows: unitRows, unknownHeaders: [] });
  });
});

describe('rejections', () => {
  const columns: ImportColumn[] = [{ key: 'name', title: '单位名称' }];

  it('refuses a file that is neither xls nor xlsx, whatever its name', async () => {
    for (const buffer of [fixture('units.csv'), Buffer.alloc(0), Buffer.from('PK')]) {
      await expectImportError(readImport(buffer, columns), '文件格式不正确，仅支持 .xls 和 .xlsx');
    }
  });

  it('refuses a zip that is no workbook', async () => {
    // an empty zip archive: just the end-of-central-directory record, preceded by a local header signature
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    await expectImportError(readImport(zip, columns), '文件格式不正确，仅支持 .xls 和 .xlsx');
  });

  it('looks for the header row in the first 10 rows only', async () => {
    const sheetWithHeaderAt = async (headerRow: number) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('单位');
      for (let r = 1; r < headerRow; r++) sheet.getCell(r, 1).value = `说明 ${r}`;
      sheet.getCell(headerRow, 2).value = ' 单位名称 ';
      sheet.getCell(headerRow + 1, 2).value = '千克';
      // then a blank row, a row with text under no header, and a merged cell: only its first row holds the value
      sheet.getCell(headerRow + 3, 1).value = '备注而已';
      sheet.getCell(headerRow + 4, 2).value = '克';
      sheet.mergeCells(headerRow + 4, 2, headerRow + 5, 2);
      sheet.getCell(headerRow + 5, 3).value = '另一列';
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    expect((await readImport(await sheetWithHeaderAt(10), columns)).rows).toEqual([
      { rowNumber: 11, values: { name: '千克' } },
      { rowNumber: 14, values: { name: '克' } },
    ]);
    await expectImportError(
      readImport(await sheetWithHeaderAt(11), columns),
      '未找到表头行，请使用导出的模板',
    );
  });

  it('refuses an export whose headers match none of the columns', async () => {
    const { buffer } = await exportToBuffer('xls', [{ key: 'x', title: '其他' }], from([{ x: '千克' }]));
    await expectImportError(readImport(buffer, columns), '未找到表头行，请使用导出的模板');
  });
});
