import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { CODE, type Envelope } from '../../core/wire';
import { BizError, ok, okMessage } from '../http/envelope';
import { newId } from '../db/ids';
import { insertPrepared, prepareAll } from '../crud/write';
import type { ImportColumn, ImportedRow } from '../excel/import';
import { ImportError } from '../excel/limits';
import { readOffThread } from '../excel/read-off-thread';
import type { ImportBatch, ImportJob } from '../../core/import-jobs/model';
import { errorFileUrl, writeErrorFile } from './error-file';
import { detailSheets, importUnits, type DetailPlan, type RowError } from './details';

/**
 * Rows validated and written together: one transaction, one dictionary lookup and one unique
 * query per column. Small enough that other requests on the embedded database (one connection)
 * wait for at most one batch.
 */
export const IMPORT_BATCH_ROWS = 500;

/** what an import of one document needs: its columns (by header title) and the cell text → record seam */
export interface ImportPlan {
  doc: EntityDocument;
  columns: ImportColumn[];
  /** one call per batch: each row's cell texts by column key → the records to validate and insert */
  toRecords(rows: Record<string, string>[]): Promise<Record<string, unknown>[]>;
  /** a master-detail document's sub-table sheets, imported with their masters when the workbook has them */
  details?: DetailPlan[];
}

export interface Upload {
  file: Buffer;
  fileName: string;
  /** the job id the client chose, to follow the progress while it waits */
  jobId?: string;
  /** the user confirmed importing a file that was imported before */
  reimport: boolean;
  /** the isSingleTableImport: the master sheet only, detail sheets left alone */
  singleTable: boolean;
  /** the foreignKeys: the master every row goes under (field key → id), imports/foreign-keys.ts */
  foreignKeys?: Record<string, string>;
}

/**
 * sha-256 in slices, so a 20 MB upload does not hold the server thread in one piece; the master a
 * sub-table import goes under (foreignKeys) counts too: one template imported under two masters is
 * two imports, not a repeat
 */
async function fileHash(file: Buffer, foreignKeys?: Record<string, string>): Promise<string> {
  const hash = crypto.createHash('sha256');
  if (foreignKeys) hash.update(JSON.stringify(Object.entries(foreignKeys).sort()));
  for (let i = 0; i < file.length; i += 1024 * 1024) {
    hash.update(file.subarray(i, i + 1024 * 1024));
    await nextTurn();
  }
  return hash.digest('hex');
}

function reimportMessage(prior: ImportJob): string {
  const what = prior.state === 'interrupted' ? '导入中断前已导入' : '已导入';
  return `该文件已于 ${prior.createTime} 导入过（${what} ${prior.rowsLanded} 行），再次导入可能产生重复数据`;
}

/** a database error, said without its internals */
function batchFailure(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === '23505') return '与已有数据重复（唯一约束）';
  if (code === '57014') return '写入超时';
  return '数据库写入失败';
}

/**
 * Imports an upload as a recorded job (imports/jobs.ts): refuses a file the same document already
 * took unless `reimport`; reads it off the server thread; then validates and writes it batch by
 * batch. Each batch commits whole, together with its account in the job; a row that fails
 * validation (or a hook) is left out and reported, a batch whose transaction fails lands nothing
 * and is reported as a whole. Answers the contract's envelope: 200 when every row landed, 201
 * with the error report otherwise.
 */
export async function runImport(
  ctx: AppContext,
  plan: ImportPlan,
  user: CurrentUser,
  upload: Upload,
): Promise<Envelope> {
  const { doc } = plan;
  const hash = await fileHash(upload.file, upload.foreignKeys);
  const prior = await ctx.imports.sameFile(doc.code, hash);
  if (prior?.state === 'running') throw new BizError('该文件正在导入中，请等待其完成');
  if (prior && !upload.reimport)
    throw new BizError(reimportMessage(prior), CODE.reimport, {
      jobId: prior.id,
      state: prior.state,
      rowsLanded: prior.rowsLanded,
      createTime: prior.createTime,
    });
  const jobId = upload.jobId ?? newId();
  await ctx.imports.begin({
    id: jobId,
    docCode: doc.code,
    userId: user.id,
    username: user.username,
    fileName: upload.fileName,
    fileHash: hash,
    fileSize: upload.file.length,
    reimportOf: prior?.id ?? null,
  });

  let landed = 0;
  try {
    const detailSheetsAsked = (plan.details ?? []).map((d) => ({ name: d.sheet, columns: d.columns }));
    const sheet = await readOffThread(
      upload.file,
      plan.columns,
      IMPORT_BATCH_ROWS,
      undefined,
      detailSheetsAsked,
    ).catch((e: unknown) => {
      if (e instanceof ImportError) throw new BizError(`文件导入失败:${e.message}`);
      ctx.log.error({ err: e, doc: doc.code }, 'import: file not readable');
      throw new BizError('文件导入失败:文件无法读取');
    });
    const details = detailSheets(plan.details ?? [], sheet, user);
    const total = sheet.totalRows + details.length;
    await ctx.imports.setTotal(jobId, total);
    const errors: RowError[] = [];
    if (details.length) {
      const result = await importUnits(
        ctx,
        { doc, toRecords: plan.toRecords, details: plan.details! },
        user,
        jobId,
        sheet,
        details,
        { batchRows: IMPORT_BATCH_ROWS, batchFailure },
      );
      landed = result.landed;
      errors.push(...result.errors);
    } else
      for (const rows of sheet.batches()) {
        // PGlite answers queries without leaving the microtask queue: without this turn of the event
        // loop, a chain of batches would keep every other request (their I/O) waiting to the end
        await nextTurn();
        const result = await writeBatch(ctx, plan, user, jobId, rows);
        landed += result.landed;
        errors.push(...result.errors);
      }
    // before the answer: lists of the imported rows are weighed by statistics that know them (crud/cost.ts)
    await ctx.tableSizes.settle([doc, ...(plan.details ?? []).map((d) => d.doc)].map((d) => d.table));
    errors.sort((a, b) => a.sheet - b.sheet || a.row - b.row);
    const errorFile = errors.length
      ? await writeErrorFile(
          ctx,
          user.id,
          errors.map((e) => e.text),
        )
      : null;
    const summary = `总上传行数：${total}，已导入行数：${landed}，错误行数：${total - landed}`;
    await ctx.imports.finish(jobId, { state: 'committed', message: summary, errorFile });
    if (!errorFile) return okMessage(`文件导入成功！数据行数：${landed}`);
    return {
      ...ok({
        totalCount: total,
        errorCount: total - landed,
        successCount: landed,
        msg: summary,
        fileUrl: errorFileUrl(errorFile),
        fileName: `${doc.title}导入错误.txt`,
        jobId,
      }),
      code: CODE.partial,
      message: '文件导入成功，但有错误。',
    };
  } catch (e) {
    const message =
      e instanceof BizError
        ? e.message
        : `导入出错而停止：已提交的批次保留（共 ${landed} 行，见各批次），其余未导入`;
    await ctx.imports.finish(jobId, { state: 'failed', message });
    throw e;
  }
}

/** validates a batch set-wise and writes its valid rows in one transaction with the job's account */
async function writeBatch(
  ctx: AppContext,
  plan: ImportPlan,
  user: CurrentUser,
  jobId: string,
  rows: ImportedRow[],
): Promise<{ landed: number; errors: RowError[] }> {
  const prepared = await prepareAll(
    ctx,
    plan.doc,
    (await plan.toRecords(rows.map((r) => r.values))).map((input) => ({ input, existing: null })),
    new Set(),
    user,
  );
  const errors: RowError[] = [];
  const valid: number[] = [];
  prepared.forEach((p, i) => {
    if (p.errors.length)
      errors.push({
        sheet: 0,
        row: rows[i].rowNumber,
        text: `第 ${rows[i].rowNumber} 行：${p.errors.map((f) => f.message).join('；')}`,
      });
    else valid.push(i);
  });
  const batch: ImportBatch = {
    first: rows[0].rowNumber,
    last: rows[rows.length - 1].rowNumber,
    landed: 0,
    failed: rows.length,
    committed: true,
  };
  try {
    const outcomes = await insertPrepared(
      ctx,
      plan.doc,
      valid.map((i) => prepared[i]),
      user,
      async (trx, landed) => {
        batch.landed = landed;
        batch.failed = rows.length - landed;
        await ctx.imports.addBatch(trx, jobId, batch);
      },
    );
    outcomes.forEach((o, k) => {
      const row = rows[valid[k]].rowNumber;
      if (o instanceof BizError) errors.push({ sheet: 0, row, text: `第 ${row} 行：${o.message}` });
    });
  } catch (e) {
    ctx.log.warn({ err: e, doc: plan.doc.code, jobId }, 'import: a batch rolled back');
    const reason = batchFailure(e);
    Object.assign(batch, { landed: 0, failed: rows.length, committed: false, error: reason });
    await ctx.imports.addBatch(ctx.db, jobId, batch);
    for (const i of valid)
      errors.push({
        sheet: 0,
        row: rows[i].rowNumber,
        text: `第 ${rows[i].rowNumber} 行：本批（第 ${batch.first}–${batch.last} 行）写入失败，整批未导入：${reason}`,
      });
  }
  return { landed: batch.landed, errors };
}
