import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { detached } from '../db/scope';
import { newId } from '../db/ids';
import { nextRuns } from '../../core/cron/next-runs';
import { jobKindOf } from './registry';
import { jobParams, paramsProblem } from './params';
import { ENABLED, JOBS_CHANGED } from './status';
import { docDb } from '../db/connect';

/** a tick due longer ago than this is a missed one (no instance ran then), not a late one */
const LATE_MS = 5_000;
/** the enabled jobs are read again this often even without a change notice (one lost on the bus) */
const RELOAD_MS = 60_000;
/** the scheduler instances of this process: on the embedded database every other instance is a dead one */
const live = new Set<string>();

export const INSTANCE_DIED = '执行中断：运行它的服务实例已停止';
const STOPPED = '执行中断：服务停止';

interface Job {
  id: string;
  kind: string;
  cron: string;
  parameter: string | null;
  /** the next tick to fire, null when the expression runs no more */
  next: Date | null;
}

function nextAfter(cron: string, after: Date): Date | null {
  try {
    return nextRuns(cron, 1, { from: after })[0] ?? null;
  } catch {
    // an expression saved before the builder's checks: it never runs
    return null;
  }
}

/**
 * Runs the enabled 定时任务 on every instance (started by app.ts). Each tick is claimed by inserting
 * its run row (unique job and fire time): the instance whose insert lands runs it, so a tick runs
 * once however many instances share the database. The instance renews the lease of its running
 * rows; a row whose lease expired is a dead instance's and is marked failed by whichever instance
 * looks next. Ticks missed while no instance ran are not replayed: one catch-up run at most
 * (JOB_CATCH_UP), then the schedule goes on from now.
 */
export class Scheduler {
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private jobs = new Map<string, Job>();
  private running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private reloadAt = 0;
  private leaseAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** whether the jobs were read once: missed ticks are caught up at start only */
  private loaded = false;
  /** database statements issued, for the bench (tests/perf/bench.ts jobs) */
  queries = 0;

  constructor(private readonly ctx: AppContext) {}

  /** marks the runs of dead instances failed, reads the jobs and starts ticking */
  async start(): Promise<void> {
    live.add(this.instanceId);
    this.ctx.bus.on(JOBS_CHANGED, () => {
      this.reloadAt = 0;
    });
    await detached(() => this.expireLeases());
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    // just after each whole second, when per-second ticks fall due
    this.timer = setTimeout(
      () => detached(() => this.beat()).finally(() => this.schedule()),
      1000 - (Date.now() % 1000) + 20,
    );
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    try {
      const now = Date.now();
      if (now >= this.leaseAt) {
        this.leaseAt = now + (this.ctx.config.jobs.leaseSeconds * 1000) / 3;
        await this.renewLeases();
        await this.expireLeases();
      }
      if (now >= this.reloadAt) {
        this.reloadAt = now + RELOAD_MS;
        await this.reload(new Date(now));
      }
      await this.fireDue(new Date(now));
    } catch (err) {
      this.ctx.log.warn({ err }, 'job scheduler beat failed');
    }
  }

  /** reads the enabled jobs; a job new here (or whose expression changed) is placed after its last tick */
  private async reload(now: Date): Promise<void> {
    this.queries += 2;
    const rows = await docDb(this.ctx.db)
      .selectFrom('sys_quartz_job')
      .select(['id', 'job_class_name', 'cron_expression', 'parameter'])
      .where('status', '=', ENABLED)
      .execute();
    // fire times are the session's local time: read back as instants
    const last = new Map(
      (
        await sql<{ job_id: string; fired: string; started: string }>`select job_id,
            extract(epoch from max(fire_time)::timestamptz) * 1000 as fired,
            extract(epoch from max(start_time)::timestamptz) * 1000 as started
          from sys_quartz_job_run where manual_by is null group by job_id`.execute(this.ctx.db)
      ).rows.map((r) => [
        r.job_id,
        { fired: new Date(Number(r.fired)), started: new Date(Number(r.started)) },
      ]),
    );
    const starting = !this.loaded;
    this.loaded = true;
    const jobs = new Map<string, Job>();
    for (const r of rows) {
      const id = String(r.id);
      const known = this.jobs.get(id);
      const job: Job = {
        id,
        kind: String(r.job_class_name),
        cron: String(r.cron_expression),
        parameter: (r.parameter as string | null) ?? null,
        next: null,
      };
      if (known && known.cron === job.cron) job.next = known.next;
      else job.next = this.firstTick(job, last.get(id), now, starting);
      jobs.set(id, job);
    }
    this.jobs = jobs;
  }

  /**
   * The tick to fire first: the one after the job's last tick when that is due now or soon. Ticks
   * missed while no instance ran give one catch-up run (the first of them, the same tick for every
   * instance starting, so it runs once), only when this instance starts and no run began since; a
   * job new here (added, resumed) starts from now.
   */
  private firstTick(
    job: Job,
    last: { fired: Date; started: Date } | undefined,
    now: Date,
    starting: boolean,
  ): Date | null {
    const fromNow = nextAfter(job.cron, now);
    if (!last) return fromNow;
    const after = nextAfter(job.cron, last.fired);
    if (!after || after > now || now.getTime() - after.getTime() <= LATE_MS) return after;
    const caughtUp = last.started >= after;
    return starting && !caughtUp && this.ctx.config.jobs.catchUp ? after : fromNow;
  }

  /** claims every due tick in one statement and runs the ones this instance got */
  private async fireDue(now: Date): Promise<void> {
    const due: { job: Job; fire: Date }[] = [];
    for (const job of this.jobs.values()) {
      while (job.next && job.next <= now) {
        due.push({ job, fire: job.next });
        const after = nextAfter(job.cron, job.next);
        // a tick late by more than LATE_MS is behind us: go on from now (no burst)
        job.next = after && now.getTime() - after.getTime() > LATE_MS ? nextAfter(job.cron, now) : after;
      }
    }
    if (!due.length) return;
    const lease = this.ctx.config.jobs.leaseSeconds;
    const rows = due.map(({ job, fire }) => ({ id: newId(), job, fire }));
    this.queries += 1;
    const claimed = await sql<{ id: string }>`insert into sys_quartz_job_run
        (id, job_id, job_class_name, fire_time, instance_id, lease_until)
      values ${sql.join(
        rows.map(
          (r) =>
            sql`(${r.id}, ${r.job.id}, ${r.job.kind}, ${r.fire.toISOString()}::timestamptz, ${this.instanceId}, now() + make_interval(secs => ${lease}))`,
        ),
      )}
      on conflict (job_id, fire_time) where manual_by is null do nothing
      returning id`.execute(this.ctx.db);
    const mine = new Set(claimed.rows.map((r) => r.id));
    for (const r of rows) if (mine.has(r.id)) this.execute(r.id, r.job, null);
  }

  /**
   * 立即执行: a run of the job at once on this instance, as `user` (its params checked first).
   * Answers the run's id; the run goes on after the answer.
   */
  async runNow(
    job: { id: string; kind: string; parameter: string | null },
    user: { id: string; username: string },
  ): Promise<string> {
    const id = newId();
    await detached(() =>
      this.ctx.db
        .insertInto('sys_quartz_job_run')
        .values({
          id,
          job_id: job.id,
          job_class_name: job.kind,
          fire_time: sql`now()`,
          instance_id: this.instanceId,
          manual_by: user.username,
          lease_until: sql`now() + make_interval(secs => ${this.ctx.config.jobs.leaseSeconds})`,
        })
        .execute(),
    );
    detached(() => this.execute(id, { ...job, cron: '', next: null }, user));
    return id;
  }

  /** runs a claimed run to its end (or its kind's timeout) and records how it went */
  private execute(runId: string, job: Job, manualBy: { id: string; username: string } | null): void {
    const abort = new AbortController();
    const started = performance.now();
    const work = async (): Promise<[string, string]> => {
      const kind = jobKindOf(job.kind);
      const problem = paramsProblem(job.kind, job.parameter);
      if (!kind || problem) return ['failed', problem ?? ''];
      const timeout = setTimeout(() => abort.abort(), kind.timeoutSeconds * 1000);
      try {
        const ran = kind.run(jobParams(job.parameter), { ctx: this.ctx, signal: abort.signal, manualBy });
        const stop = new Promise<never>((_, reject) =>
          abort.signal.addEventListener('abort', () =>
            reject(new Error(this.stopped ? STOPPED : `执行超时（超过 ${kind.timeoutSeconds} 秒）`)),
          ),
        );
        return ['success', await Promise.race([ran, stop])];
      } catch (e) {
        return ['failed', e instanceof Error ? e.message : String(e)];
      } finally {
        clearTimeout(timeout);
      }
    };
    const done = work().then(async ([state, message]) => {
      this.running.delete(runId);
      this.queries += 1;
      await this.ctx.db
        .updateTable('sys_quartz_job_run')
        .set({
          state,
          message: message.slice(0, 2000),
          end_time: sql`now()`,
          duration_ms: Math.round(performance.now() - started),
        })
        .where('id', '=', runId)
        .where('state', '=', 'running')
        .execute()
        .catch((err: unknown) => this.ctx.log.warn({ err, runId }, 'job run could not be recorded'));
    });
    this.running.set(runId, { abort, done });
  }

  private async renewLeases(): Promise<void> {
    if (!this.running.size) return;
    this.queries += 1;
    await sql`update sys_quartz_job_run
      set lease_until = now() + make_interval(secs => ${this.ctx.config.jobs.leaseSeconds})
      where id in (${sql.join([...this.running.keys()])}) and state = 'running'`.execute(this.ctx.db);
  }

  /** running rows no live instance holds become failed: lease expired, or (embedded database) not this process's */
  private async expireLeases(): Promise<void> {
    this.queries += 1;
    const res = await sql`update sys_quartz_job_run
      set state = 'failed', end_time = now(), message = ${INSTANCE_DIED},
        duration_ms = (extract(epoch from now() - start_time) * 1000)::int
      where state = 'running' and (lease_until < now()
        ${this.ctx.dbKind === 'pglite' ? sql`or instance_id not in (${sql.join([...live])})` : sql``})`.execute(
      this.ctx.db,
    );
    const n = Number(res.numAffectedRows ?? 0);
    if (n) this.ctx.log.warn(`${n} job run(s) of a stopped instance marked failed`);
  }

  /** stops ticking; runs still going after a moment are recorded as interrupted */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    live.delete(this.instanceId);
    for (const r of this.running.values()) r.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }
}
