import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Stream, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Biff8Workbook } from './biff8';
import { dateTextToSerial } from './excel-dates';
import { EXPORT_HEADER_ROWS as HEADER_ROWS, sheetDataRows, type ExportFormat } from '../../core/exports';

export interface ExportColumn {
  key: string;
  title: string;
  /** in pixels, as the front-end table sends it */
  width?: number;
  kind?: 'string' | 'number' | 'date' | 'datetime';
}

export interface ExportSheet {
  /** the sheet's name, and its row 1 reads "<title>报表" */
  title: string;
  columns: ExportColumn[];
  /** display-ready values: dictionary text translated, dates as 'YYYY-MM-DD[ HH:mm:ss]' strings */
  rows: AsyncIterable<Record<string, unknown>>;
}

export interface ExportOptions {
  format: ExportFormat;
  /** row 2 of every sheet reads "导出人:<exporter>" */
  exporter: string;
  /** written in order, each read to its end (or its row limit) before the next starts */
  sheets: ExportSheet[];
  /** the answer (a ServerResponse) or a file */
  out: Writable | NodeJS.WritableStream;
  /** the most data rows of each sheet */
  maxRows?: number;
  /** aborted when the reader went away: writing stops there, and so does reading rows */
  signal?: AbortSignal;
  /** an import template: the header is row 1 (no title or exporter rows), the rows follow it */
  headerOnly?: boolean;
}

export interface SheetResult {
  rows: number;
  truncated: boolean;
}

/** Excel refuses to open a file with a longer cell */
const MAX_CELL_TEXT = 32767;
const DATE_FORMAT = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm:ss' } as const;

type CellValue = string | number | { serial: number; numFmt: string } | null;

/**
 * Writes the export workbook to `out`, a sheet per entry of `sheets`, each laid out alike: row 1 the
 * merged title, row 2 the exporter, row 3 the headers, then data. On success writeExport ends `out`
 * itself; on failure it rejects and the caller must destroy `out`. Each sheet stops after `maxRows`
 * data rows, or what the format can hold, and then reports truncated: true. Answers each sheet's result.
 */
export async function writeExport(opts: ExportOptions): Promise<SheetResult[]> {
  if (!opts.sheets.length) throw new Error('writeExport: no sheets');
  if (opts.sheets.some((s) => s.columns.length === 0)) throw new Error('writeExport: no columns');
  const formatLimit = sheetDataRows(opts.format);
  const limit = Math.min(opts.maxRows ?? formatLimit, formatLimit);
  return opts.format === 'xlsx' ? writeXlsx(opts, limit) : writeXls(opts, limit);
}

/**
 * Feeds at most `limit` rows to `emit`; truncated is true only when the source had more. While
 * `out` holds more than it wants (a reader slower than the database), no further row is taken: the
 * rows in memory stay a batch or so, whatever the export's length.
 */
async function eachRow(
  opts: ExportOptions,
  rows: AsyncIterable<Record<string, unknown>>,
  limit: number,
  emit: (row: Record<string, unknown>) => void,
): Promise<SheetResult> {
  let count = 0;
  // leaving the loop (a return or a throw) calls the iterator's return(): the rows stop being read
  for await (const row of rows) {
    opts.signal?.throwIfAborted();
    if (count >= limit) return { rows: count, truncated: true };
    emit(row);
    count++;
    if ((opts.out as Partial<Writable>).writableNeedDrain)
      await once(opts.out as Writable, 'drain', { signal: opts.signal });
  }
  return { rows: count, truncated: false };
}

async function writeXlsx(opts: ExportOptions, limit: number): Promise<SheetResult[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    // ExcelJS types the stream as Stream; any Writable works, and commit() ends it
    stream: opts.out as unknown as Stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const names = sheetNames(opts.sheets);
  const results: SheetResult[] = [];
  for (const [i, spec] of opts.sheets.entries()) {
    const { columns } = spec;
    const sheet = workbook.addWorksheet(names[i]);
    sheet.columns = columns.map((c) => ({ key: c.key, width: columnWidth(c) }));

    const headerRow = opts.headerOnly ? 1 : HEADER_ROWS;
    if (!opts.headerOnly) {
      const title = sheet.getRow(1);
      title.getCell(1).value = `${spec.title}报表`;
      title.getCell(1).font = { bold: true, size: 16 };
      title.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
      title.height = 30;
      if (columns.length > 1) sheet.mergeCells(1, 1, 1, columns.length);
      title.commit();

      sheet.getRow(2).getCell(1).value = `导出人:${opts.exporter}`;
      sheet.getRow(2).commit();
    }

    const header = sheet.getRow(headerRow);
    columns.forEach((c, i) => {
      const cell = header.getCell(i + 1);
      cell.value = c.title;
      cell.font = { bold: true };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
      cell.alignment = { horizontal: 'center' };
    });
    header.commit();

    let rowNumber = headerRow;
    results.push(
      await eachRow(opts, spec.rows, limit, (data) => {
        const row = sheet.getRow(++rowNumber);
        columns.forEach((c, i) => {
          const value = toCellValue(data[c.key], c.kind);
          if (value === null) return;
          const cell = row.getCell(i + 1);
          if (typeof value === 'object') {
            cell.value = value.serial;
            cell.numFmt = value.numFmt;
          } else {
            cell.value = value;
          }
        });
        row.commit();
      }),
    );
    sheet.commit();
  }
  await workbook.commit();
  return results;
}

/**
 * BIFF8 cannot be streamed: its compound-file header names where the sector tables and the
 * directory lie, which depends on the length of everything after it, and the workbook stream opens
 * with the shared strings of all cells and the offset of every sheet. So the file is built whole
 * (about 15 bytes a cell, plus each distinct text once) and sent with its length; the format holds
 * 65,533 data rows a sheet, which bounds it. The .xlsx writer streams.
 */
async function writeXls(opts: ExportOptions, limit: number): Promise<SheetResult[]> {
  if (opts.sheets.some((s) => s.columns.length > 256))
    throw new Error('writeExport: xls holds at most 256 columns');
  const workbook = new Biff8Workbook();
  const names = sheetNames(opts.sheets);
  const results: SheetResult[] = [];
  for (const [i, spec] of opts.sheets.entries()) {
    const { columns } = spec;
    const sheet = workbook.sheet(names[i], columns.map(columnWidth));
    const headerRow = opts.headerOnly ? 0 : HEADER_ROWS - 1;
    if (!opts.headerOnly) {
      sheet.cell(0, 0, `${spec.title}报表`, 'title');
      if (columns.length > 1) sheet.merge(0, 0, 0, columns.length - 1);
      sheet.cell(1, 0, `导出人:${opts.exporter}`);
    }
    columns.forEach((c, i) => sheet.cell(headerRow, i, c.title, 'header'));
    let row = headerRow;
    results.push(
      await eachRow(opts, spec.rows, limit, (data) => {
        row++;
        columns.forEach((c, i) => {
          const value = toCellValue(data[c.key], c.kind);
          if (value !== null && typeof value === 'object')
            sheet.cell(row, i, value.serial, c.kind === 'datetime' ? 'datetime' : 'date');
          else sheet.cell(row, i, value);
        });
      }),
    );
  }
  const buffer = workbook.file();
  const answer = opts.out as Partial<ServerResponse>;
  if (answer.setHeader && !answer.headersSent) answer.setHeader('content-length', buffer.length);
  await new Promise<void>((resolve, reject) => {
    opts.out.once('error', reject);
    opts.out.once('finish', () => resolve());
    opts.out.end(buffer);
  });
  return results;
}

function toCellValue(value: unknown, kind: ExportColumn['kind']): CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value);
  if (kind === 'date' || kind === 'datetime') {
    const serial = dateTextToSerial(text);
    if (serial !== null) return { serial, numFmt: DATE_FORMAT[kind] };
  }
  if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  return text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
}

/** Excel width units are about 7 pixels; otherwise fit the title, a CJK character counting twice. */
function columnWidth(c: ExportColumn): number {
  if (c.width && c.width > 0) return Math.max(4, Math.round(c.width / 7));
  const titleWidth = [...c.title].reduce((n, ch) => n + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0);
  const minimum = c.kind === 'datetime' ? 20 : c.kind === 'date' ? 12 : 10;
  return Math.min(50, Math.max(minimum, titleWidth + 4));
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ] */
export function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, '').slice(0, 31) || 'Sheet1';
}

/** the sheets' names, each unique in the workbook (Excel compares them ignoring case) */
function sheetNames(sheets: ExportSheet[]): string[] {
  const taken = new Set<string>();
  return sheets.map((s) => {
    const base = sheetName(s.title);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++)
      name = `${base.slice(0, 31 - String(n).length - 1)}_${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}
