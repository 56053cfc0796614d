import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';
import { uniq } from './setup/client';

/**
 * Two server instances on one database schedule the same jobs: every tick of a job due each second
 * runs exactly once (none twice, none lost), and ticks missed while no instance ran come back as one
 * catch-up run, not a burst.
 */

let own: OwnDatabase;
const servers: Server[] = [];
const base: string[] = [];
let token = '';

beforeAll(async () => {
  own = await ownDatabase();
  // one after the other: the first creates the schema, the second finds it
  for (let i = 0; i < 2; i++) {
    const s = await createServer(own.config, { logger: false, database: own.shared });
    servers.push(s);
    base.push(`${await s.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`);
  }
  const login = await callAt(base[0], 'POST', '/sys/login', undefined, {
    username: 'admin',
    password: inject('adminPassword'),
  });
  token = login.result.token;
}, 240_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await own?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function everySecondJob(): Promise<string> {
  const description = `every second ${uniq()}`;
  const added = await callAt(base[1], 'POST', '/sys/quartzJob/add', token, {
    jobClassName: 'system.dictCache',
    cronExpression: '* * * * * ? *',
    description,
    status: '0',
  });
  expect(added.success).toBe(true);
  const list = await callAt(
    base[0],
    'GET',
    `/sys/quartzJob/list?description=${encodeURIComponent(description)}`,
    token,
  );
  return list.result.records[0].id;
}

/** the job's scheduled ticks as epoch seconds, oldest first, with the instance that ran each */
async function ticks(jobId: string): Promise<{ at: number; instance: string; state: string }[]> {
  const r = await sql<{ at: string; instance: string; state: string }>`select
      extract(epoch from fire_time::timestamptz) as at, instance_id as instance, state
    from sys_quartz_job_run where job_id = ${jobId} and manual_by is null order by fire_time`.execute(
    servers[0].ctx.db,
  );
  return r.rows.map((x) => ({ ...x, at: Number(x.at) }));
}

describe(`two instances on one ${inject('dbKind')} database`, () => {
  it('a job due every second runs once a second: no tick twice, none lost', async () => {
    const jobId = await everySecondJob();
    expect((await callAt(base[0], 'GET', `/sys/quartzJob/resume?id=${jobId}`, token)).success).toBe(true);
    await sleep(6_000);
    expect((await callAt(base[1], 'GET', `/sys/quartzJob/pause?id=${jobId}`, token)).success).toBe(true);
    await sleep(1_500);
    const ran = await ticks(jobId);
    const seconds = ran.map((t) => t.at);
    expect(ran.length).toBeGreaterThanOrEqual(4);
    // consecutive whole seconds: N ticks in N seconds, each once
    expect(seconds).toEqual(seconds.map((_, i) => seconds[0] + i));
    expect(ran.every((t) => t.state === 'success')).toBe(true);
    const instances = new Set(servers.map((s) => s.scheduler.instanceId));
    expect(ran.every((t) => instances.has(t.instance))).toBe(true);
  });

  it('ticks missed while nothing ran come back as one catch-up run when an instance starts, then the schedule goes on from now', async () => {
    const jobId = `catch-up-${uniq()}`;
    // an enabled job that last ran an hour ago (3,600 ticks missed), written behind the schedulers' backs
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const db = servers[0].ctx.db;
    await sql`insert into sys_quartz_job (id, job_class_name, cron_expression, status, description)
      values (${jobId}, 'system.dictCache', '* * * * * ? *', '1', 'catch-up')`.execute(db);
    await sql`insert into sys_quartz_job_run (id, job_id, job_class_name, fire_time, start_time, state, instance_id, lease_until)
      values (${`old-${jobId}`}, ${jobId}, 'system.dictCache', to_timestamp(${hourAgo})::timestamp,
        to_timestamp(${hourAgo})::timestamp, 'success', 'gone', now())`.execute(db);
    // a third instance starts: it finds the missed ticks (the running two read the job as a new one)
    const third = await createServer(own.config, { logger: false, database: own.shared });
    try {
      await sleep(3_000);
      await sql`update sys_quartz_job set status = '0' where id = ${jobId}`.execute(db);
      await servers[0].ctx.bus.publish(db, 'quartzJob');
      await sleep(1_500);
    } finally {
      await third.close();
    }
    const ran = (await ticks(jobId)).map((t) => t.at);
    expect(ran.slice(0, 2)).toEqual([hourAgo, hourAgo + 1]);
    const recent = ran.slice(2);
    expect(recent.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...recent)).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(recent).toEqual(recent.map((_, i) => recent[0] + i));
  }, 120_000);
});
