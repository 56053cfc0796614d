import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { serialToDateText, utcDateText } from './excel-dates';

export interface ImportColumn {
  key: string;
  title: string;
}

export interface ImportedRow {
  /** 1-based sheet row number, for "第 N 行" messages */
  rowNumber: number;
  /** trimmed cell text by column key; empty cells are left out */
  values: Record<string, string>;
}

/** A message meant for the user, in the product's language. */
export class ImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportError';
  }
}

export const MAX_IMPORT_ROWS = 100_000;
const HEADER_SEARCH_ROWS = 10;
const BAD_FORMAT = '文件格式不正确，仅支持 .xls 和 .xlsx';

/** The first sheet, reduced to what the import needs: the trimmed, non-empty texts of a row by column number. */
interface Sheet {
  lastRow: number;
  rowTexts(rowNumber: number): Map<number, string>;
}

/**
 * Reads the first sheet of an .xls or .xlsx upload. The format is told by the content, not by the
 * (untrusted) file name. The header row is the first of the first 10 rows holding a column title;
 * columns are matched by title, in any order. Throws ImportError with a message for the user.
 */
export async function readImport(
  buffer: Buffer,
  _fileName: string,
  columns: ImportColumn[],
): Promise<{ rows: ImportedRow[]; unknownHeaders: string[] }> {
  const sheet = await openSheet(buffer);

  const titles = new Map(columns.map((c) => [c.title.trim(), c.key]));
  let headerRow = 0;
  for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, sheet.lastRow) && !headerRow; r++) {
    if ([...sheet.rowTexts(r).values()].some((text) => titles.has(text))) headerRow = r;
  }
  if (!headerRow) throw new ImportError('未找到表头行，请使用导出的模板');

  const keyByColumn = new Map<number, string>();
  const unknownHeaders: string[] = [];
  for (const [column, text] of sheet.rowTexts(headerRow)) {
    const key = titles.get(text);
    if (key === undefined) unknownHeaders.push(text);
    else if (![...keyByColumn.values()].includes(key)) keyByColumn.set(column, key);
  }

  const rows: ImportedRow[] = [];
  for (let r = headerRow + 1; r <= sheet.lastRow; r++) {
    const values: Record<string, string> = {};
    for (const [column, text] of sheet.rowTexts(r)) {
      const key = keyByColumn.get(column);
      if (key !== undefined) values[key] = text;
    }
    // a row with nothing under a known header is empty
    if (Object.keys(values).length === 0) continue;
    if (rows.length === MAX_IMPORT_ROWS)
      throw new ImportError(`导入数据过多，单次最多 ${MAX_IMPORT_ROWS} 行`);
    rows.push({ rowNumber: r, values });
  }
  return { rows, unknownHeaders };
}

async function openSheet(buffer: Buffer): Promise<Sheet> {
  const isZip = buffer.length >= 4 && buffer.readUInt32BE(0) === 0x504b0304; // 'PK\3\4'
  const isOle =
    buffer.length >= 8 && buffer.readUInt32BE(0) === 0xd0cf11e0 && buffer.readUInt32BE(4) === 0xa1b11ae1;
  if (!isZip && !isOle) throw new ImportError(BAD_FORMAT);
  try {
    return isZip ? await openXlsx(buffer) : openXls(buffer);
  } catch (err) {
    // a damaged file, an encrypted workbook (also OLE) or another zip/OLE document such as .docx or .doc
    throw new ImportError(BAD_FORMAT, { cause: err });
  }
}

async function openXlsx(buffer: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  // load() reads styles.xml, so numbers in a date format come back as Dates (UTC fields = wall clock)
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('workbook has no sheet');
  return {
    lastRow: sheet.rowCount,
    rowTexts(rowNumber) {
      const texts = new Map<number, string>();
      sheet.findRow(rowNumber)?.eachCell((cell, column) => {
        // the other cells of a merged range repeat the first one's value: skip them
        if (cell.type === ExcelJS.ValueType.Merge) return;
        const text = exceljsText(cell.value)?.trim();
        if (text) texts.set(column, text);
      });
      return texts;
    },
  };
}

function exceljsText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : utcDateText(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  // a hyperlink's text may itself be rich text
  if ('hyperlink' in value) return exceljsText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return exceljsText(value.result);
  if ('error' in value) return value.error;
  return undefined;
}

function openXls(buffer: Buffer): Sheet {
  // cellNF keeps each cell's number format, to tell dates; cellDates stays off because SheetJS
  // would build the Dates in the server's time zone
  const workbook = XLSX.read(buffer, { type: 'buffer', cellNF: true, cellDates: false, sheets: 0 });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) throw new Error('workbook has no sheet');
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
  return {
    lastRow: sheet['!ref'] ? range.e.r + 1 : 0,
    rowTexts(rowNumber) {
      const texts = new Map<number, string>();
      for (let c = range.s.c; c <= range.e.c; c++) {
        const cell: XLSX.CellObject | undefined = sheet[XLSX.utils.encode_cell({ r: rowNumber - 1, c })];
        const text = cell && sheetjsText(cell, date1904)?.trim();
        if (text) texts.set(c + 1, text);
      }
      return texts;
    },
  };
}

function sheetjsText(cell: XLSX.CellObject, date1904: boolean): string | undefined {
  switch (cell.t) {
    case 'n': {
      const v = cell.v as number;
      return cell.z && XLSX.SSF.is_date(cell.z) ? serialToDateText(v, date1904) : numberText(v);
    }
    case 's':
      return cell.v as string;
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w;
    default:
      return cell.v === undefined ? undefined : String(cell.v);
  }
}

/** 3 → "3", 12.5 → "12.5", 0.1 + 0.2 → "0.3": the 15 significant digits Excel shows. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isSafeInteger(n)) return String(n);
  return String(Number(n.toPrecision(15)));
}
