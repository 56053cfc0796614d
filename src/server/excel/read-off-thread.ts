import { Worker } from 'node:worker_threads';
import type { ImportColumn, ImportedRow, ImportedWorkbook, NamedSheet } from './import';
import { IMPORT_LIMITS, ImportError, tooBig, type ImportLimits } from './limits';
import type { WorkerInput, WorkerMessage } from './read-worker';

export interface ReadSheet {
  /** data rows of the first sheet */
  totalRows: number;
  unknownHeaders: string[];
  /** the first sheet's data rows in batches, each parsed when taken (and its text then let go) */
  batches(): Generator<ImportedRow[]>;
  /** the further sheets asked for that the workbook holds, whole */
  sheets: ImportedWorkbook['sheets'];
}

const WORKER = new URL('./read-worker-boot.mjs', import.meta.url);
/** readers running at once in this process; more wait their turn (each may use a heap of its own) */
const CONCURRENT_READS = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= CONCURRENT_READS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Reads an upload in a worker thread (readWorkbook, with its limits), so the server thread stays
 * free to answer other requests, and with a heap limit and a deadline of its own: a file that
 * still defeats the readers can only end that worker. Rejects with an ImportError for the user.
 */
export async function readOffThread(
  file: Buffer,
  columns: ImportColumn[],
  batchSize: number,
  limits: ImportLimits = IMPORT_LIMITS,
  sheets: NamedSheet[] = [],
): Promise<ReadSheet> {
  const release = await slot();
  try {
    return await runWorker({ file, columns, sheets, batchSize, limits });
  } finally {
    release();
  }
}

function runWorker(input: WorkerInput): Promise<ReadSheet> {
  return new Promise((resolve, reject) => {
    const batches: string[] = [];
    const worker = new Worker(WORKER, {
      workerData: input,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: input.limits.workerHeapMb, maxYoungGenerationSizeMb: 64 },
    });
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
    };
    const timer = setTimeout(
      () => settle(new ImportError(tooBig.time(input.limits))),
      input.limits.seconds * 1000,
    );
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'batch') batches.push(m.json);
      else if (m.type === 'error') settle(m.forUser ? new ImportError(m.message) : new Error(m.message));
      else {
        settle(null);
        resolve({
          totalRows: m.totalRows,
          unknownHeaders: m.unknownHeaders,
          batches: () => take(batches),
          sheets: JSON.parse(m.sheets) as ReadSheet['sheets'],
        });
      }
    });
    worker.on('error', (e: Error & { code?: string }) =>
      settle(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportError(tooBig.memory(), { cause: e }) : e),
    );
    worker.on('exit', (code) => settle(new Error(`import reader exited (${code}) without an answer`)));
  });
}

function* take(batches: string[]): Generator<ImportedRow[]> {
  for (let i = 0; i < batches.length; i++) {
    const rows = JSON.parse(batches[i]) as ImportedRow[];
    batches[i] = '';
    yield rows;
  }
}
