/**
 * The 定时任务 figure of npm run bench (BENCH_ONLY=jobs): one server instance in this process with
 * 1,000 enabled jobs, each due once an hour, spread over the hour (about 17 ticks a minute, each a
 * JSON POST to a local peer). Over BENCH_JOB_SECONDS (default 60) it reports the process's CPU time
 * and the scheduler's database statements, both per minute, and the runs it recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createServer } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { docDb } from '../../src/server/db/connect';

const JOBS = 1000;
const SECONDS = Number(process.env.BENCH_JOB_SECONDS ?? 60);

/** once an hour, at this second of the hour */
const hourly = (second: number) => `${second % 60} ${Math.floor(second / 60)} * * * ? *`;

export async function benchJobs(databaseUrl: string | undefined, password: string): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-bench-jobs-'));
  const peer = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/hook`;
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'error' }),
    databaseUrl,
    webDir: undefined,
  };
  const server = await createServer(config, { logger: false });
  try {
    const db = server.ctx.db;
    await sql`delete from sys_quartz_job`.execute(db);
    await docDb(db)
      .insertInto('sys_quartz_job')
      .values(
        Array.from({ length: JOBS }, (_, i) => ({
          id: `bench-job-${i}`,
          job_class_name: 'system.httpPost',
          cron_expression: hourly(Math.floor((i * 3600) / JOBS)),
          parameter: JSON.stringify({ url, payload: { i } }),
          status: '1',
        })),
      )
      .execute();
    await server.ctx.bus.publish(db, 'quartzJob');
    // the reload and its first ticks settle before measuring
    await new Promise((r) => setTimeout(r, 3000));
    const scheduler = server.scheduler;
    const queries0 = scheduler.queries;
    const cpu0 = process.cpuUsage();
    const started = new Date();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpu = process.cpuUsage(cpu0);
    const queries = scheduler.queries - queries0;
    const ran = await sql<{ n: string; failed: string }>`select count(*) as n,
        count(*) filter (where state <> 'success') as failed
      from sys_quartz_job_run where start_time >= ${started.toISOString()}::timestamptz`.execute(db);
    const perMinute = (x: number) => ((x * 60) / SECONDS).toFixed(1);
    return [
      `  ${JOBS} enabled jobs, ${SECONDS} s: ${ran.rows[0].n} runs (${ran.rows[0].failed} not successful)`,
      `  process CPU ${perMinute((cpu.user + cpu.system) / 1e6)} s/min (scheduler, runs and the idle server together)`,
      `  scheduler database statements ${perMinute(queries)} /min (claims, run records, leases, reloads)`,
    ];
  } finally {
    await server.close();
    await new Promise((r) => peer.close(r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
