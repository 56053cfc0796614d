import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readImport, type ImportColumn } from '../../src/server/excel/import';
import { IMPORT_LIMITS } from '../../src/server/excel/limits';
import { Biff8Workbook } from '../../src/server/excel/biff8';
import { XmlStream } from '../../src/server/excel/xml-stream';
import { refusal } from './support/import-refusal';
import { cell, handWrittenXlsx, row, zipArchive } from '../support/xlsx-by-hand';

/**
 * Issue 14 item 1: hostile spreadsheets are refused while they are read, with a message naming the
 * limit, before they cost more than the limit. The files are written at test time: small on disk,
 * huge inflated (tests/support/xlsx-by-hand.ts).
 */

const columns: ImportColumn[] = [
  { key: 'name', title: '单位名称' },
  { key: 'code', title: '单位编码' },
];
const header = [
  { text: row('计量单位报表') },
  { text: row('导出人:管理员') },
  { text: row('单位名称', '单位编码') },
];
const MB = 1024 * 1024;
// the big files take seconds to read on a loaded machine
const SLOW = 60_000;

/** heap growth while `run` settles: the bombs below would need hundreds of MB if held whole */
async function heapGrowth(run: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().heapUsed) - before;
}

describe('hand-written packages read like any other .xlsx', () => {
  it('inline strings, shared strings, numbers, booleans, entities and Excel escapes', async () => {
    const file = handWrittenXlsx(
      [
        ...header,
        {
          text:
            '<row r="4"><c r="A4" t="s"><v>0</v></c><c r="B4" t="s"><v>1</v></c></row>' +
            '<row r="6"><c r="A6" t="inlineStr"><is><t>A&amp;B &lt;1&gt; &#x4E2D;</t></is></c><c r="B6"><v>0.30000000000000004</v></c></row>' +
            '<row r="7"><c r="A7" t="b"><v>1</v></c><c r="B7" t="str"><f>X</f><v>公式结果</v></c></row>',
        },
      ],
      [
        {
          text: '<si><t>千克</t></si><si><r><t>k</t></r><r><t>g_x000D_</t></r><rPh><t>ちぇっく</t></rPh></si>',
        },
      ],
    );
    expect(await readImport(file, columns)).toEqual({
      rows: [
        { rowNumber: 4, values: { name: '千克', code: 'kg' } },
        { rowNumber: 6, values: { name: 'A&B <1> 中', code: '0.3' } },
        { rowNumber: 7, values: { name: 'TRUE', code: '公式结果' } },
      ],
      unknownHeaders: [],
    });
  });
});

describe('limits checked while reading', () => {
  it('one shared string of 200 million characters (a 200 KB file) is refused without being held, naming the cell using it', async () => {
    const file = handWrittenXlsx(
      [...header, { text: '<row r="4"><c r="A4" t="s"><v>0</v></c></row>' }],
      [{ text: '<si><t>' }, { text: 'a'.repeat(MB), times: 200 }, { text: '</t></si>' }],
    );
    expect(file.length).toBeLessThan(300 * 1024);
    let message = '';
    const growth = await heapGrowth(async () => (message = await refusal(readImport(file, columns))));
    expect(message).toBe('第 4 行 A 列的内容超过 32767 个字符');
    expect(growth).toBeLessThan(64 * MB);
  });

  it('an inline string over 32767 characters is refused naming its row and column', async () => {
    const file = handWrittenXlsx([
      ...header,
      { text: `<row r="4">${cell('千克', 'A4')}<c r="B4" t="inlineStr"><is><t>` },
      { text: '码'.repeat(MB / 4), times: 240 },
      { text: '</t></is></c></row>' },
    ]);
    const growth = await heapGrowth(async () =>
      expect(await refusal(readImport(file, columns))).toBe('第 4 行 B 列的内容超过 32767 个字符'),
    );
    expect(growth).toBeLessThan(64 * MB);
  });

  it('a cell of exactly 32767 characters is read', async () => {
    const long = '长'.repeat(32767);
    const file = handWrittenXlsx([...header, { text: row('千克', long) }]);
    expect((await readImport(file, columns)).rows[0].values.code).toBe(long);
  });

  it(
    'a 1,048,575-row sheet is refused at data row 100,001',
    async () => {
      const file = handWrittenXlsx([...header, { text: row('千克', 'kg'), times: 1_048_572 }]);
      expect(file.length).toBeLessThan(1024 * 1024);
      expect(await refusal(readImport(file, columns))).toBe('导入数据过多，单次最多 100000 行');
    },
    SLOW,
  );

  it(
    '5.6 million cells are refused at the 2,000,001st',
    async () => {
      // 56,000 rows of 100 cells: far below the row limit, far above the cell limit
      const wide = `<row>${cell('千克')}${cell('kg')}${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(98)}</row>`;
      const file = handWrittenXlsx([...header, { text: wide, times: 56_000 }]);
      expect(await refusal(readImport(file, columns))).toBe('有内容的单元格超过 2000000 个，请拆分后导入');
    },
    SLOW,
  );

  it('a value right of column 1000 is refused naming the row', async () => {
    const file = handWrittenXlsx([
      ...header,
      { text: `<row r="9">${cell('千克', 'A9')}${cell('x', 'ALM9')}</row>` },
    ]);
    expect(await refusal(readImport(file, columns))).toBe(
      '第 9 行在第 1000 列之后还有内容，单次最多 1000 列，请删除多余的列后导入',
    );
  });

  it(
    'a sheet inflating past 256 MB is stopped there, whatever it holds',
    async () => {
      // comments only: no cell, row or string limit applies; only the inflated bytes count
      const file = handWrittenXlsx([...header, { text: `<!--${'x'.repeat(60_000)}-->`, times: 4500 }]);
      expect(await refusal(readImport(file, columns))).toBe('文件解压后超过 256MB，请拆分后导入');
    },
    SLOW,
  );

  it(
    'too many shared strings, and too much shared text, are refused',
    async () => {
      const many = handWrittenXlsx(header, [{ text: '<si><t>x</t></si>', times: 2_000_001 }]);
      expect(await refusal(readImport(many, columns))).toBe('文件中的不同文字超过 2000000 项，请拆分后导入');
      const long = handWrittenXlsx(header, [{ text: `<si><t>${'文'.repeat(32_000)}</t></si>`, times: 2001 }]);
      expect(await refusal(readImport(long, columns))).toBe('文件中的文字超过 64000000 个字符，请拆分后导入');
    },
    SLOW,
  );

  it('an .xls over 10 MB is refused before SheetJS reads it', async () => {
    const xls = fs.readFileSync('fixtures/excel/units-libreoffice.xls');
    const padded = Buffer.concat([xls, Buffer.alloc(IMPORT_LIMITS.xlsBytes)]);
    expect(await refusal(readImport(padded, columns))).toBe(
      '.xls 文件不能超过 10MB，请另存为 .xlsx 或拆分后导入',
    );
  });

  it('a DOCTYPE (entity expansion) or an archive that is no workbook is a format error', async () => {
    const withDoctype = handWrittenXlsx([{ text: '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>' }, ...header]);
    expect(await refusal(readImport(withDoctype, columns))).toBe('文件格式不正确，仅支持 .xls 和 .xlsx');
    const docx = zipArchive({ 'word/document.xml': '<document/>' });
    expect(await refusal(readImport(docx, columns))).toBe('文件格式不正确，仅支持 .xls 和 .xlsx');
  });
});

/**
 * Issue 21 item 9: a sheet padded with whitespace was refused as '第 0 行  列的内容超过 32767 个字符'.
 * The tokenizer limited every text run, whitespace between elements included, and the message then
 * named wherever the reader was (before the first row: row 0, column 0). Only a cell's text counts.
 */
describe('a padded sheet: only cells count, and a cell too long is named', () => {
  const pad = ' \n\t'.repeat(100_000); // 300,000 characters, far over the limit
  const titles = `<row r="3">${cell('单位名称', 'C3')}${cell('单位编码', 'D3')}</row>`;

  it('whitespace before, between and inside rows is no cell: the sheet reads', async () => {
    const file = handWrittenXlsx([
      { text: pad },
      { text: titles },
      { text: pad },
      { text: `<row r="7">${pad}${cell('千克', 'C7')}${pad}${cell('kg', 'D7')}${pad}</row>${pad}` },
    ]);
    expect(await readImport(file, columns)).toEqual({
      rows: [{ rowNumber: 7, values: { name: '千克', code: 'kg' } }],
      unknownHeaders: [],
    });
  });

  it('a cell of whitespace only, however long, is an empty cell', async () => {
    const file = handWrittenXlsx(
      [
        { text: titles },
        { text: `<row r="7">${cell('千克', 'C7')}${cell(pad, 'D7')}</row>` },
        { text: `<row r="8">${cell('克', 'C8')}<c r="D8" t="s"><v>0</v></c></row>` },
      ],
      [{ text: `<si><t xml:space="preserve">${pad}</t></si>` }],
    );
    expect((await readImport(file, columns)).rows).toEqual([
      { rowNumber: 7, values: { name: '千克' } },
      { rowNumber: 8, values: { name: '克' } },
    ]);
  });

  const long = `${pad}${'码'.repeat(32_768)}`;
  const named = '第 7 行 D 列的内容超过 32767 个字符';

  it('text comes in pieces as it arrives; cut anywhere, entities and CDATA read the same', () => {
    const xml = '<t>A&amp;B &#x4E2D;&#20013;<![CDATA[a]]b]&c]]></t><t>&lt;&gt;</t>';
    const read = (chunks: string[]) => {
      const texts: string[] = [''];
      const stream = new XmlStream({
        open() {},
        close: () => texts.push(''),
        text: (t) => (texts[texts.length - 1] += t),
      });
      for (const chunk of chunks) stream.write(chunk);
      stream.end();
      return texts;
    };
    const whole = read([xml]);
    expect(whole).toEqual(['A&B 中中a]]b]&c', '<>', '']);
    for (let cut = 1; cut < xml.length; cut++)
      expect(read([xml.slice(0, cut), xml.slice(cut)])).toEqual(whole);
    expect(read([...xml])).toEqual(whole);
  });

  it('a cell too long below leading empty rows and columns is named by its row and column letter', async () => {
    const sheet = (d7: string) =>
      handWrittenXlsx([
        { text: pad },
        { text: titles },
        { text: `${pad}<row r="7">${pad}${cell('千克', 'C7')}${pad}${d7}${pad}</row>` },
      ]);
    expect(await refusal(readImport(sheet(cell(long, 'D7')), columns))).toBe(named);
    // a formula's text result
    expect(await refusal(readImport(sheet(`<c r="D7" t="str"><f>X</f><v>${long}</v></c>`), columns))).toBe(
      named,
    );
  });

  it('as ExcelJS writes it (shared, or inline strings), and in an .xls, the cell is named the same way', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('单位');
    sheet.getCell('C3').value = '单位名称';
    sheet.getCell('D3').value = '单位编码';
    sheet.getCell('C7').value = '千克';
    // BIFF8 counts a string's characters in 16 bits: no padding here
    const over = '码'.repeat(32_768);
    sheet.getCell('D7').value = over;
    for (const useSharedStrings of [true, false]) {
      const xlsx = Buffer.from(await book.xlsx.writeBuffer({ useSharedStrings }));
      expect(await refusal(readImport(xlsx, columns))).toBe(named);
    }
    // SheetJS's .xls writer cuts text at 255 characters: ours keeps it whole
    const xlsBook = new Biff8Workbook();
    const xlsSheet = xlsBook.sheet('单位', []);
    xlsSheet.cell(2, 2, '单位名称');
    xlsSheet.cell(2, 3, '单位编码');
    xlsSheet.cell(6, 2, '千克');
    xlsSheet.cell(6, 3, over);
    expect(await refusal(readImport(xlsBook.file(), columns))).toBe(named);
  });
});

describe('what real programs write still reads', () => {
  it('an ExcelJS workbook with a style date and a custom date format', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('单位');
    sheet.addRow(['单位名称', '生效日期', '时间']);
    sheet.addRow(['千克', new Date(Date.UTC(2026, 2, 15)), new Date(Date.UTC(2026, 2, 15, 8, 30))]);
    sheet.getCell('B2').numFmt = 'yyyy"年"m"月"d"日"';
    sheet.getCell('C2').numFmt = 'yyyy-mm-dd hh:mm';
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const { rows } = await readImport(file, [
      { key: 'name', title: '单位名称' },
      { key: 'date', title: '生效日期' },
      { key: 'time', title: '时间' },
    ]);
    expect(rows).toEqual([
      { rowNumber: 2, values: { name: '千克', date: '2026-03-15', time: '2026-03-15 08:30:00' } },
    ]);
  });
});
