/**
 * The wire shape of spreadsheet import jobs (server: src/server/imports, browser: the import
 * dialog). A job is `running` until it ends `committed` (it ran through: every batch either landed
 * or is reported) or `failed` (the file was refused, or an error stopped it); a running job whose
 * server process died becomes `interrupted`, keeping what its committed batches landed.
 */
import { t } from './messages';

export type ImportJobState = 'running' | 'committed' | 'failed' | 'interrupted';

/** a state as the import dialog shows it, in the language shown (messages.ts) */
export const importJobStateText = (state: ImportJobState) => t(state);

export interface ImportBatch {
  /** the sheet rows the batch covers */
  first: number;
  last: number;
  landed: number;
  failed: number;
  /** false: the batch's transaction rolled back, none of its rows landed */
  committed: boolean;
  /** why it rolled back */
  error?: string;
}

export interface ImportJob {
  id: string;
  docCode: string;
  fileName: string;
  fileSize: number;
  state: ImportJobState;
  /** null while the file is still being read */
  rowsTotal: number | null;
  rowsLanded: number;
  rowsFailed: number;
  batches: ImportBatch[];
  message: string | null;
  /** the error report of the rows that did not land */
  fileUrl: string | null;
  /** the earlier job of the same file this one was confirmed to repeat */
  reimportOf: string | null;
  createTime: string;
  endTime: string | null;
}
