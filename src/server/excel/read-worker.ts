import { parentPort, workerData } from 'node:worker_threads';
import { readWorkbook, type ImportColumn, type NamedSheet } from './import';
import { ImportError, type ImportLimits } from './limits';

/** What the reading worker answers (read-off-thread.ts): batches, then done; or one error. */
export type WorkerMessage =
  | { type: 'batch'; json: string }
  | { type: 'done'; totalRows: number; unknownHeaders: string[]; sheets: string }
  | { type: 'error'; message: string; forUser: boolean };

export interface WorkerInput {
  file: Uint8Array;
  columns: ImportColumn[];
  /** further sheets to read whole (a master's detail sheets) */
  sheets: NamedSheet[];
  batchSize: number;
  limits: ImportLimits;
}

const input = workerData as WorkerInput;
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
try {
  const file = Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength);
  const { master: sheet, sheets } = await readWorkbook(file, input.columns, input.sheets, input.limits);
  // one message per batch, as JSON: the server thread takes each in a moment of its own
  for (let i = 0; i < sheet.rows.length; i += input.batchSize)
    post({ type: 'batch', json: JSON.stringify(sheet.rows.slice(i, i + input.batchSize)) });
  post({
    type: 'done',
    totalRows: sheet.rows.length,
    unknownHeaders: sheet.unknownHeaders,
    sheets: JSON.stringify(sheets),
  });
} catch (e) {
  const forUser = e instanceof ImportError;
  post({ type: 'error', message: forUser ? e.message : String((e as Error)?.stack ?? e), forUser });
}
