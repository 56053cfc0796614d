import { sql } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import { nowText } from '../crud/time';
import { docDb, type Db } from '../db/connect';
import { BizError, ok, okMessage, page } from '../http/envelope';
import { id, text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { setEntityHooks } from '../crud/hooks';
import { paramsProblem } from './params';
import { JOB_KINDS } from './registry';
import type { Scheduler } from './scheduler';
import { DISABLED, ENABLED, JOBS_CHANGED } from './status';

const TABLE = 'sys_quartz_job';
const RUNS_PAGE_MAX = 100;

/** writes the registered kinds to sys_quartz_job_kind, the 任务类名 dictionary (schemas/system/dict-sources.json) */
export async function syncJobKinds(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('sys_quartz_job_kind')
      .where(
        'name',
        'not in',
        JOB_KINDS.map((k) => k.name),
      )
      .execute();
    await trx
      .insertInto('sys_quartz_job_kind')
      .values(
        JOB_KINDS.map((k, i) => ({ name: k.name, title: k.title, description: k.description, sort_no: i })),
      )
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          description: eb.ref('excluded.description'),
          sort_no: eb.ref('excluded.sort_no'),
        })),
      )
      .execute();
  });
}

async function findJob(db: Db, jobId: string) {
  const row = await docDb(db)
    .selectFrom(TABLE)
    .select(['id', 'job_class_name', 'parameter', 'status'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!row) throw new BizError('未找到对应实体');
  return {
    id: String(row.id),
    kind: String(row.job_class_name),
    parameter: (row.parameter as string | null) ?? null,
    status: String(row.status),
  };
}

/** a job that is to run must have parameters its kind accepts */
function checkParams(kind: string, parameter: string | null): void {
  const problem = paramsProblem(kind, parameter);
  if (problem) throw new BizError(problem);
}

/** add and edit check the parameters against the kind (whatever the status); every change reaches the schedulers */
function jobHooks(): void {
  setEntityHooks(TABLE, {
    async beforeWrite(ctx, e) {
      if (e.action !== 'delete') {
        const pick = (col: string, key: string) => (col in e.values ? e.values[col] : e.existing?.[key]);
        checkParams(
          String(pick('job_class_name', 'jobClassName') ?? ''),
          (pick('parameter', 'parameter') as string | null) ?? null,
        );
      } else await e.db.deleteFrom('sys_quartz_job_run').where('job_id', 'in', e.ids).execute();
      // delivered when the write commits
      await ctx.bus.publish(e.db, JOBS_CHANGED);
    },
  });
}

async function setStatus(ctx: AppContext, jobId: string, status: string, user: CurrentUser): Promise<void> {
  await docDb(ctx.db)
    .updateTable(TABLE)
    .set({ status, update_time: nowText(), update_by: user.username })
    .where('id', '=', jobId)
    .execute();
  await ctx.bus.publish(ctx.db, JOBS_CHANGED);
  ctx.counts.invalidate(TABLE);
}

/**
 * 定时任务's operations beyond its CRUD (schemas/system/quartz-job.json `actions`): 启动, 停止,
 * 立即执行 (as the current user) and 执行记录. Status changes and manual runs are GETs that change
 * data: logged like writes.
 */
export function registerJobRoutes(t: RouteTable, ctx: AppContext, scheduler: Scheduler): void {
  const doc = ctx.catalog.entities.get(TABLE);
  if (!doc) return;
  jobHooks();
  const tag = doc.title;
  const idParam = [{ name: 'id', in: 'query' as const, required: true }];

  t.add({
    method: 'GET',
    url: '/sys/quartzJob/resume',
    access: { perm: `${doc.permission}resume` },
    tag,
    audit: true,
    summary: '启动定时任务（参数须符合任务类型）：各服务实例按 Cron 表达式执行，每次触发只执行一次',
    params: idParam,
    handler: async (req) => {
      const job = await findJob(ctx.db, id(req.query));
      checkParams(job.kind, job.parameter);
      await setStatus(ctx, job.id, ENABLED, req.user!);
      return okMessage('定时任务已启动');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/quartzJob/pause',
    access: { perm: `${doc.permission}pause` },
    tag,
    audit: true,
    summary: '停止定时任务：不再触发（正在执行的一次继续到结束）',
    params: idParam,
    handler: async (req) => {
      const job = await findJob(ctx.db, id(req.query));
      await setStatus(ctx, job.id, DISABLED, req.user!);
      return okMessage('定时任务已停止');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/quartzJob/execute',
    access: { perm: `${doc.permission}execute` },
    tag,
    audit: true,
    summary:
      '立即执行一次（以当前用户的名义，不论启用与否；参数须符合任务类型）；result 为执行记录的 id，结果见执行记录',
    params: idParam,
    handler: async (req) => {
      const job = await findJob(ctx.db, id(req.query));
      checkParams(job.kind, job.parameter);
      const runId = await scheduler.runNow(job, req.user!);
      return ok(runId, '已开始执行，结果见执行记录');
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/quartzJob/runs',
    access: { perm: `${doc.permission}runs` },
    tag,
    summary:
      '执行记录（分页，最新在前）：触发时间、开始、结束、耗时（毫秒）、结果 state（running 执行中 / success 成功 / failed 失败）、信息、实例、手动执行人',
    params: [
      { name: 'jobId', in: 'query', required: true },
      { name: 'pageNo', in: 'query' },
      { name: 'pageSize', in: 'query' },
    ],
    handler: async (req) => {
      const q = req.query as Record<string, unknown>;
      const jobId = id(q, 'jobId');
      const pageNo = Math.max(1, Number(text(q, 'pageNo', { max: 6 })) || 1);
      const pageSize = Math.min(RUNS_PAGE_MAX, Math.max(1, Number(text(q, 'pageSize', { max: 6 })) || 10));
      const time = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD HH24:MI:SS')`;
      const [rows, total] = await Promise.all([
        ctx.db
          .selectFrom('sys_quartz_job_run')
          .select([
            'id',
            'job_id as jobId',
            'job_class_name as jobClassName',
            time('fire_time').as('fireTime'),
            time('start_time').as('startTime'),
            time('end_time').as('endTime'),
            'duration_ms as durationMs',
            'state',
            'message',
            'instance_id as instanceId',
            'manual_by as manualBy',
          ])
          .where('job_id', '=', jobId)
          .orderBy('start_time', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        ctx.db
          .selectFrom('sys_quartz_job_run')
          .select(sql<string>`count(*)`.as('n'))
          .where('job_id', '=', jobId)
          .executeTakeFirstOrThrow(),
      ]);
      return ok(page(rows, Number(total.n), pageSize, pageNo));
    },
  });
}
