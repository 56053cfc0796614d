import { IMPORT_LIMITS, ImportError, tooBig, type ImportLimits } from './limits';
import { sheetRows } from './sheet';

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

const HEADER_SEARCH_ROWS = 10;

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
  const titles = new Map(columns.map((c) => [c.title.trim(), c.key]));
  let keyByColumn: Map<number, string> | null = null;
  const unknownHeaders: string[] = [];
  const rows: ImportedRow[] = [];
  for await (const row of sheetRows(buffer, limits)) {
    if (!keyByColumn) {
      if (row.rowNumber > HEADER_SEARCH_ROWS) break;
      if (![...row.texts.values()].some((text) => titles.has(text))) continue;
      keyByColumn = new Map();
      for (const [column, text] of row.texts) {
        const key = titles.get(text);
        if (key === undefined) unknownHeaders.push(text);
        else if (![...keyByColumn.values()].includes(key)) keyByColumn.set(column, key);
      }
      continue;
    }
    const values: Record<string, string> = {};
    for (const [column, text] of row.texts) {
      const key = keyByColumn.get(column);
      if (key !== undefined) values[key] = text;
    }
    // a row with nothing under a known header is empty
    if (Object.keys(values).length === 0) continue;
    if (rows.length === limits.rows) throw new ImportError(tooBig.rows(limits));
    rows.push({ rowNumber: row.rowNumber, values });
  }
  if (!keyByColumn) throw new ImportError('未找到表头行，请使用导出的模板');
  return { rows, unknownHeaders };
}
