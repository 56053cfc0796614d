/** A message meant for the user, in the product's language. */
export class ImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportError';
  }
}

const MiB = 1024 * 1024;

/**
 * What one spreadsheet import may hold. The readers check every limit while they read (an .xlsx
 * as it inflates), so a file over a limit is refused before it costs more than the limit: a zip
 * bomb is never inflated whole, a huge cell never held.
 */
export const IMPORT_LIMITS = {
  /** the upload itself */
  fileBytes: 20 * MiB,
  /** .xls (binary BIFF) is read whole by SheetJS, which has no streaming reader: a smaller cap */
  xlsBytes: 10 * MiB,
  /** all parts of an .xlsx together, inflated */
  inflatedBytes: 256 * MiB,
  /** data rows below the header row */
  rows: 100_000,
  /** the rightmost column that may hold a value */
  columns: 1000,
  /** cells holding a value, in the whole sheet */
  cells: 2_000_000,
  /** characters in one cell: Excel's own limit, so whatever Excel wrote passes */
  cellChars: 32_767,
  /** entries of an .xlsx's shared-string table */
  sharedStrings: 2_000_000,
  /** characters of all shared strings together */
  sharedStringChars: 64_000_000,
  /** a read taking longer is stopped */
  seconds: 120,
  /** heap of the worker that reads (the last line of defence: it dies, not the server) */
  workerHeapMb: 1024,
};

export type ImportLimits = typeof IMPORT_LIMITS;

/** The refusals, worded for the user; each names the limit so the user knows what to change. */
export const tooBig = {
  file: (l: ImportLimits) => `文件大小超出${l.fileBytes / MiB}MB限制，请拆分后导入`,
  xls: (l: ImportLimits) => `.xls 文件不能超过 ${l.xlsBytes / MiB}MB，请另存为 .xlsx 或拆分后导入`,
  inflated: (l: ImportLimits) => `文件解压后超过 ${l.inflatedBytes / MiB}MB，请拆分后导入`,
  rows: (l: ImportLimits) => `导入数据过多，单次最多 ${l.rows} 行`,
  column: (l: ImportLimits, row: number) =>
    `第 ${row} 行在第 ${l.columns} 列之后还有内容，单次最多 ${l.columns} 列，请删除多余的列后导入`,
  cells: (l: ImportLimits) => `有内容的单元格超过 ${l.cells} 个，请拆分后导入`,
  cell: (l: ImportLimits, row: number, column: number) =>
    `第 ${row} 行 ${columnName(column)} 列的内容超过 ${l.cellChars} 个字符`,
  sharedStrings: (l: ImportLimits) => `文件中的不同文字超过 ${l.sharedStrings} 项，请拆分后导入`,
  sharedStringChars: (l: ImportLimits) => `文件中的文字超过 ${l.sharedStringChars} 个字符，请拆分后导入`,
  time: (l: ImportLimits) => `文件读取超时（超过 ${l.seconds} 秒），请拆分后导入`,
  memory: () => '文件过大或过于复杂，读取时超出内存限制，请拆分后导入',
};

/** 1 → A, 27 → AA: the column name Excel shows */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Counts what a sheet holds as it is read, and refuses the cell that crosses a limit. */
export class SheetBudget {
  private cells = 0;
  constructor(readonly limits: ImportLimits) {}

  /** a non-empty cell at (row, column), both 1-based */
  cell(row: number, column: number, text: string): void {
    if (column > this.limits.columns) throw new ImportError(tooBig.column(this.limits, row));
    if (text.length > this.limits.cellChars) throw new ImportError(tooBig.cell(this.limits, row, column));
    if (++this.cells > this.limits.cells) throw new ImportError(tooBig.cells(this.limits));
  }
}
