import { IMPORT_LIMITS, ImportError, tooBig, type ImportLimits } from './limits';
import { sheetRows } from './sheet';
import type { SheetRow } from './sheet-row';

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

export interface ImportedSheet {
  rows: ImportedRow[];
  unknownHeaders: string[];
}

/** a further sheet of the workbook to read, found by its name */
export interface NamedSheet {
  name: string;
  columns: ImportColumn[];
}

export interface ImportedWorkbook {
  /** the first sheet */
  master: ImportedSheet;
  /** those of the named sheets the workbook holds, in the order asked */
  sheets: { name: string; rows: ImportedRow[] }[];
}

const HEADER_SEARCH_ROWS = 10;

/**
 * How the import template's second row (exportXls?type=template, src/server/crud/excel.ts) opens
 * each of its cells, naming a dictionary's values: a row right under the header whose every cell
 * opens so is that hint, not data, and is skipped.
 */
export const TEMPLATE_HINT = '可选：';

/** one sheet's reading: its header row (the first of the first 10 holding a column title), then its data rows */
class SheetReading {
  keyByColumn: Map<number, string> | null = null;
  /** the header row was the last row read: the next may be the template's hint row */
  afterHeader = false;
  /** rows were read (the sheet is in the workbook) */
  seen = false;
  unknownHeaders: string[] = [];
  rows: ImportedRow[] = [];
  private titles: Map<string, string>;

  constructor(columns: ImportColumn[]) {
    this.titles = new Map(columns.map((c) => [c.title.trim(), c.key]));
  }

  /** takes a row; answers false once the header row can no longer come */
  take(row: SheetRow, count: { rows: number }, limits: ImportLimits): boolean {
    this.seen = true;
    const { titles } = this;
    if (!this.keyByColumn) {
      if (row.rowNumber > HEADER_SEARCH_ROWS) return false;
      if (![...row.texts.values()].some((text) => titles.has(text))) return true;
      const keyByColumn = new Map<number, string>();
      for (const [column, text] of row.texts) {
        const key = titles.get(text);
        if (key === undefined) this.unknownHeaders.push(text);
        else if (![...keyByColumn.values()].includes(key)) keyByColumn.set(column, key);
      }
      this.keyByColumn = keyByColumn;
      this.afterHeader = true;
      return true;
    }
    const values: Record<string, string> = {};
    for (const [column, text] of row.texts) {
      const key = this.keyByColumn.get(column);
      if (key !== undefined) values[key] = text;
    }
    const texts = Object.values(values);
    // a row with nothing under a known header is empty
    if (texts.length === 0) return true;
    const hint = this.afterHeader && texts.every((t) => t.startsWith(TEMPLATE_HINT));
    this.afterHeader = false;
    if (hint) return true;
    if (count.rows++ === limits.rows) throw new ImportError(tooBig.rows(limits));
    this.rows.push({ rowNumber: row.rowNumber, values });
    return true;
  }
}

const NO_HEADER = '未找到表头行，请使用导出的模板';

/**
 * Reads the first sheet of an .xls or .xlsx upload as a stream. The header row is the first of the
 * first 10 rows holding a column title; columns are matched by title, in any order. Throws
 * ImportError with a message for the user, as soon as the file crosses one of `limits`.
 */
export async function readImport(
  buffer: Buffer,
  columns: ImportColumn[],
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<ImportedSheet> {
  return (await readWorkbook(buffer, columns, [], limits)).master;
}

/**
 * readImport, and then the further sheets named in `named` (a master's detail sheets), each read
 * the same way. The limits hold for the workbook as a whole (rows counted over every sheet).
 */
export async function readWorkbook(
  buffer: Buffer,
  columns: ImportColumn[],
  named: NamedSheet[],
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<ImportedWorkbook> {
  const readings = [columns, ...named.map((n) => n.columns)].map((c) => new SheetReading(c));
  const count = { rows: 0 };
  for await (const row of sheetRows(
    buffer,
    limits,
    named.map((n) => n.name),
  )) {
    const reading = readings[row.sheet];
    if (reading.take(row, count, limits)) continue;
    // the first sheet has no header row: nothing to read further
    if (row.sheet === 0) break;
    throw new ImportError(`工作表“${named[row.sheet - 1].name}”${NO_HEADER}`);
  }
  const [master, ...sheets] = readings;
  if (!master.keyByColumn) throw new ImportError(NO_HEADER);
  sheets.forEach((s, i) => {
    if (s.seen && !s.keyByColumn) throw new ImportError(`工作表“${named[i].name}”${NO_HEADER}`);
  });
  return {
    master: { rows: master.rows, unknownHeaders: master.unknownHeaders },
    sheets: named.flatMap((n, i) => (sheets[i].seen ? [{ name: n.name, rows: sheets[i].rows }] : [])),
  };
}
