import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { Page } from '../../core/wire';
import { BizError, page } from '../http/envelope';
import { errorFileUrl } from './error-file';
import type { ImportBatch, ImportJob, ImportJobState } from '../../core/import-jobs/model';

/** the jobs this process runs. On PGlite (one process per data directory) any other running job is a dead one's */
const live = new Set<string>();

const HEARTBEAT_MS = 10_000;
/** on PostgreSQL (several processes may share it), a running job not heard of for this long is a dead one's */
const STALE_SECONDS = 60;

const INTERRUPTED = sql<string>`'导入中断：服务在导入过程中停止。已提交的批次保留（共 ' || rows_landed || ' 行，见各批次），其余未导入'`;

type Row = Record<string, unknown>;

function toJob(r: Row): ImportJob {
  return {
    id: String(r.id),
    docCode: String(r.doc_code),
    fileName: String(r.file_name),
    fileSize: Number(r.file_size),
    state: r.state as ImportJobState,
    rowsTotal: r.rows_total === null ? null : Number(r.rows_total),
    rowsLanded: Number(r.rows_landed),
    rowsFailed: Number(r.rows_failed),
    batches: (typeof r.batches === 'string' ? JSON.parse(r.batches) : r.batches) as ImportBatch[],
    message: (r.message as string | null) ?? null,
    fileUrl: r.error_file ? errorFileUrl(String(r.error_file)) : null,
    reimportOf: (r.reimport_of as string | null) ?? null,
    createTime: String(r.create_time),
    endTime: (r.end_time as string | null) ?? null,
  };
}

/**
 * The record of every spreadsheet import (table sys_import_job; states in src/core/import-jobs/model.ts).
 * A batch's rows and the job's account of them commit in one transaction, so whatever happens to
 * the process, the record says which rows landed.
 */
export class ImportJobs {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres',
    private readonly log: FastifyBaseLogger,
  ) {}

  /** marks the jobs of dead processes interrupted, then keeps this process's jobs beating */
  async start(): Promise<void> {
    const swept = await this.sweep();
    if (swept) this.log.warn(`${swept} import job(s) of a stopped process marked interrupted`);
    this.timer = setInterval(() => {
      this.beat().catch((err: unknown) => this.log.warn({ err }, 'import job heartbeat failed'));
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async beat(): Promise<void> {
    if (live.size)
      await sql`update sys_import_job set heartbeat_time = now() where id in (${sql.join([...live])})`.execute(
        this.db,
      );
    await this.sweep();
  }

  /** running jobs no live process runs become interrupted; answers how many */
  async sweep(): Promise<number> {
    const mine = [...live];
    const res =
      await sql`update sys_import_job set state = 'interrupted', end_time = now(), message = ${INTERRUPTED}
      where state = 'running'
        ${mine.length ? sql`and id not in (${sql.join(mine)})` : sql``}
        ${this.kind === 'postgres' ? sql`and heartbeat_time < now() - make_interval(secs => ${STALE_SECONDS})` : sql``}`.execute(
        this.db,
      );
    return Number(res.numAffectedRows ?? 0);
  }

  async begin(job: {
    id: string;
    docCode: string;
    userId: string;
    username: string;
    fileName: string;
    fileHash: string;
    fileSize: number;
    reimportOf: string | null;
  }): Promise<void> {
    const taken = await this.db
      .selectFrom('sys_import_job')
      .select('id')
      .where('id', '=', job.id)
      .executeTakeFirst();
    if (taken) throw new BizError('导入任务编号已被使用');
    live.add(job.id);
    await this.db
      .insertInto('sys_import_job')
      .values({
        id: job.id,
        doc_code: job.docCode,
        user_id: job.userId,
        username: job.username,
        file_name: job.fileName.slice(0, 255),
        file_hash: job.fileHash,
        file_size: job.fileSize,
        state: 'running',
        reimport_of: job.reimportOf,
      })
      .execute();
  }

  async setTotal(id: string, rows: number): Promise<void> {
    await this.db.updateTable('sys_import_job').set({ rows_total: rows }).where('id', '=', id).execute();
  }

  /**
   * Adds a batch's result to the job: `db` is the batch's own transaction when it committed (the
   * account lands with the rows or not at all), the plain database when it rolled back.
   */
  async addBatch(db: Db, id: string, batch: ImportBatch): Promise<void> {
    await sql`update sys_import_job
      set rows_landed = rows_landed + ${batch.landed}, rows_failed = rows_failed + ${batch.failed},
          batches = batches || ${JSON.stringify([batch])}::jsonb, heartbeat_time = now()
      where id = ${id}`.execute(db);
  }

  async finish(
    id: string,
    end: { state: 'committed' | 'failed'; message: string; errorFile?: string | null },
  ): Promise<void> {
    try {
      await this.db
        .updateTable('sys_import_job')
        .set({
          state: end.state,
          message: end.message,
          error_file: end.errorFile ?? null,
          end_time: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
    } finally {
      live.delete(id);
    }
  }

  /** the latest job of the same file for the same document that is running or landed rows */
  async sameFile(docCode: string, fileHash: string): Promise<ImportJob | undefined> {
    const r = await this.db
      .selectFrom('sys_import_job')
      .selectAll()
      .where('doc_code', '=', docCode)
      .where('file_hash', '=', fileHash)
      .where((eb) => eb.or([eb('state', '=', 'running'), eb('rows_landed', '>', 0)]))
      .orderBy('create_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r && toJob(r);
  }

  /** a user's jobs of one document, newest first */
  async list(userId: string, docCode: string, pageNo: number, pageSize: number): Promise<Page<ImportJob>> {
    const mine = this.db
      .selectFrom('sys_import_job')
      .where('user_id', '=', userId)
      .where('doc_code', '=', docCode);
    const [{ n }] = await mine.select((eb) => eb.fn.countAll<string>().as('n')).execute();
    const rows = await mine
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return page(rows.map(toJob), Number(n), pageSize, pageNo);
  }

  /** one of a user's jobs of one document */
  async get(userId: string, docCode: string, id: string): Promise<ImportJob | undefined> {
    const r = await this.db
      .selectFrom('sys_import_job')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('doc_code', '=', docCode)
      .executeTakeFirst();
    return r && toJob(r);
  }
}
