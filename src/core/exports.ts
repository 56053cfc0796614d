/**
 * The wire of spreadsheet exports (server: src/server/excel/answer.ts and progress.ts, browser:
 * renderers/excel/use-export.ts): what a sheet holds, the headers an export answers with, and
 * where its progress is read.
 */
export type ExportFormat = 'xls' | 'xlsx';

/** title, exporter and header rows come before the data */
export const EXPORT_HEADER_ROWS = 3;
/** BIFF8 holds 65536 rows a sheet, xlsx 1048576 */
const SHEET_ROWS: Record<ExportFormat, number> = { xls: 65536, xlsx: 1048576 };

/** the most data rows one sheet of `format` holds below its header rows */
export function sheetDataRows(format: ExportFormat): number {
  return SHEET_ROWS[format] - EXPORT_HEADER_ROWS;
}

/** answered before the first byte: the data rows the file holds, and "true" when more matched */
export const EXPORT_HEADERS = { total: 'x-total-count', more: 'x-more-rows' } as const;

/** GET with id = the exportId the export was asked with: an ExportRun, or null */
export const EXPORT_PROGRESS_URL = '/sys/common/exportProgress';

/** where one export is: data rows of its first sheet written, of how many */
export interface ExportRun {
  rows: number;
  total: number;
  state: 'running' | 'done' | 'failed';
}
