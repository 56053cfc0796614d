import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { sheetRows } from '../../src/server/excel/sheet';
import { IMPORT_LIMITS } from '../../src/server/excel/limits';
import { JOB_KINDS } from '../../src/server/jobs/registry';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { fetchRaw, get, login, post, put, uniq, useApiUrl } from './setup/client';

/**
 * 定时任务 that run (src/server/jobs/): the registered kinds' parameters are checked on save and
 * start, a failing run records its error and the next tick still runs, 立即执行 of the report job
 * delivers an .xlsx to 我的消息, and the POST job reaches a real HTTP peer but no other host.
 */

let own: OwnDatabase;
let server: Server;
let admin = '';

/** a local HTTP peer: what it was sent, and how it answers */
interface Peer {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

async function peer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Peer> {
  const bodies: string[] = [];
  const s = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      bodies.push(body);
      answer(req, res);
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise((r) => s.close(() => r())),
  };
}

beforeAll(async () => {
  own = await ownDatabase({ JOB_LEASE_SECONDS: '3' });
  server = await createServer(own.config, { logger: false, database: own.shared });
  useApiUrl(`${await server.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`);
  admin = await login('admin', inject('adminPassword'));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await own?.drop();
});

async function addJob(job: Record<string, unknown>): Promise<string> {
  const description = `job ${uniq()}`;
  const added = await post('/sys/quartzJob/add', { status: '0', ...job, description }, admin);
  expect(added.json.message).toBe('添加成功！');
  const { json } = await get('/sys/quartzJob/list', admin, { description });
  return json.result.records[0].id;
}

type Run = { state: string; message: string; fireTime: string; manualBy: string | null; instanceId: string };

async function runs(jobId: string): Promise<Run[]> {
  const { json } = await get('/sys/quartzJob/runs', admin, { jobId, pageSize: 100 });
  expect(json.success).toBe(true);
  return json.result.records;
}

/** waits for the job's runs to satisfy `done` (the scheduler works in the background) */
async function runsUntil(jobId: string, done: (r: Run[]) => boolean, seconds = 20): Promise<Run[]> {
  for (let i = 0; i < seconds * 4; i++) {
    const r = await runs(jobId);
    if (done(r)) return r;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`runs of ${jobId}: ${JSON.stringify(await runs(jobId))}`);
}

describe('parameters are checked against the job kind', () => {
  it('refuses an unknown kind and parameters the kind does not take, on add and on edit', async () => {
    const unknown = await post(
      '/sys/quartzJob/add',
      { jobClassName: 'museum.job.EnvironmentSampleJob', cronExpression: '0 0 * * * ? *', status: '0' },
      admin,
    );
    expect(unknown.json.success).toBe(false);

    const bad = await post(
      '/sys/quartzJob/add',
      {
        jobClassName: 'system.orphanUploads',
        cronExpression: '0 0 * * * ? *',
        parameter: '{"graceHours": "soon"}',
        status: '0',
      },
      admin,
    );
    expect(bad.json.success).toBe(false);
    expect(bad.json.message).toBe('参数不符合任务类型“清理无引用的上传文件”的要求：graceHours 应为整数');

    const jobId = await addJob({
      jobClassName: 'system.httpPost',
      cronExpression: '0 0 * * * ? *',
      parameter: '{"url": "http://127.0.0.1:9/x"}',
    });
    const edit = await put('/sys/quartzJob/edit', { id: jobId, parameter: '{"link": "x"}' }, admin);
    expect(edit.json.success).toBe(false);
    expect(edit.json.message).toBe('参数不符合任务类型“向指定地址发送 JSON（POST）”的要求：缺少 url');
  });

  it('a job whose stored parameters no longer fit cannot be started or run', async () => {
    const jobId = await addJob({ jobClassName: 'system.sweep', cronExpression: '* * * * * ? *' });
    // as if the kind's schema had changed since the job was saved
    await sql`update sys_quartz_job set parameter = '{"old": 1}' where id = ${jobId}`.execute(server.ctx.db);
    for (const action of ['resume', 'execute']) {
      const { json } = await get(`/sys/quartzJob/${action}`, admin, { id: jobId });
      expect(json.success, action).toBe(false);
      expect(json.message).toBe('参数不符合任务类型“清理中断的导入与过期会话”的要求：不认识的参数 old');
    }
    const { json } = await get('/sys/quartzJob/queryById', admin, { id: jobId });
    expect(json.result.status).toBe('0');
    expect(await runs(jobId)).toEqual([]);
  });

  it('the 任务类名 dictionary offers the registered kinds', async () => {
    const { json } = await get('/sys/dict/getDictItems/sys_quartz_job_kind,title,name', admin);
    expect(json.result.map((o: { value: string }) => o.value).sort()).toEqual(
      JOB_KINDS.map((k) => k.name).sort(),
    );
    expect(json.result.find((o: { value: string }) => o.value === 'report.xlsx').text).toBe(
      '生成报表并发送到我的消息',
    );
  });
});

describe('runs', () => {
  it('a failing job records its error, and the next tick still runs; 停止 ends the ticks', async () => {
    const p = await peer((_req, res) => res.writeHead(500).end('broken'));
    try {
      const jobId = await addJob({
        jobClassName: 'system.httpPost',
        cronExpression: '* * * * * ? *',
        parameter: JSON.stringify({ url: `${p.url}/hook` }),
      });
      expect((await get('/sys/quartzJob/resume', admin, { id: jobId })).json.message).toBe('定时任务已启动');
      const failed = await runsUntil(jobId, (r) => r.filter((x) => x.state === 'failed').length >= 2);
      expect(failed[0].message).toBe('对方应答 HTTP 500：broken');
      expect(new Set(failed.map((r) => r.fireTime)).size).toBe(failed.length);
      expect((await get('/sys/quartzJob/pause', admin, { id: jobId })).json.message).toBe('定时任务已停止');
      // a tick claimed just before the pause may still be recorded; none after it
      await new Promise((r) => setTimeout(r, 1500));
      const settled = (await runs(jobId)).length;
      await new Promise((r) => setTimeout(r, 2000));
      expect((await runs(jobId)).length).toBe(settled);
      // both status changes are in the operation log
      const logged = await sql<{ url: string }>`select request_url as url from sys_log
        where target = ${`id=${jobId}`} order by create_time, id`.execute(server.ctx.db);
      expect(logged.rows.map((r) => r.url.split('?')[0].split('/').pop())).toEqual(['resume', 'pause']);
    } finally {
      await p.close();
    }
  });

  it('立即执行 POSTs the payload to a real peer, as the current user', async () => {
    const p = await peer((_req, res) => res.writeHead(200).end('ok'));
    try {
      const jobId = await addJob({
        jobClassName: 'system.httpPost',
        cronExpression: '0 0 0 1 1 ? 2099',
        parameter: JSON.stringify({ url: `${p.url}/hook`, payload: { hello: '博物馆' } }),
      });
      const { json } = await get('/sys/quartzJob/execute', admin, { id: jobId });
      expect(json.message).toBe('已开始执行，结果见执行记录');
      const [run] = await runsUntil(jobId, (r) => r[0]?.state === 'success');
      expect(run).toMatchObject({ manualBy: 'admin', message: 'HTTP 200：ok' });
      expect(p.bodies.map((b) => JSON.parse(b))).toEqual([{ hello: '博物馆' }]);
      // the manual run is in the operation log
      const logged = await sql<{ url: string; username: string }>`select request_url as url, username
        from sys_log where target = ${`id=${jobId}`}`.execute(server.ctx.db);
      expect(logged.rows.map((r) => [r.url.split('?')[0].split('/').pop(), r.username])).toEqual([
        ['execute', 'admin'],
      ]);
    } finally {
      await p.close();
    }
  });

  it('the POST job follows no redirect to another host', async () => {
    const elsewhere = await peer((_req, res) => res.writeHead(200).end('ok'));
    const port = new URL(elsewhere.url).port;
    // the same machine under another name is another host
    const p = await peer((_req, res) => res.writeHead(302, { location: `http://localhost:${port}/x` }).end());
    try {
      const jobId = await addJob({
        jobClassName: 'system.httpPost',
        cronExpression: '0 0 0 1 1 ? 2099',
        parameter: JSON.stringify({ url: `${p.url}/hook` }),
      });
      await get('/sys/quartzJob/execute', admin, { id: jobId });
      const [run] = await runsUntil(jobId, (r) => r[0]?.state === 'failed');
      expect(run.message).toBe(`拒绝跳转到其他主机：http://localhost:${port}`);
      expect(elsewhere.bodies).toEqual([]);
    } finally {
      await p.close();
      await elsewhere.close();
    }
  });

  it('the report job delivers an .xlsx to the user’s 我的消息, which the user downloads and reads', async () => {
    const jobId = await addJob({
      jobClassName: 'report.xlsx',
      cronExpression: '0 0 0 1 1 ? 2099',
      parameter: JSON.stringify({ report: 'product_category_report', username: 'admin' }),
    });
    await get('/sys/quartzJob/execute', admin, { id: jobId });
    const [run] = await runsUntil(jobId, (r) => r[0]?.state === 'success', 60);
    const mine = await get('/sys/sysAnnouncementSend/getMyAnnouncementSend', admin, { pageSize: 5 });
    const notice = mine.json.result.records.find((r: { titile: string }) =>
      r.titile.includes('（定时任务）'),
    );
    expect(notice.readFlag).toBe('0');
    // the message links the file by its upload path, which the console reads with the session
    const file = /href="(jobs\/[^"]+\.xlsx)"/.exec(notice.msgContent)![1];
    expect(run.message).toContain(file);
    const res = await fetchRaw(`/sys/common/static/${file}`, admin);
    expect(res.status).toBe(200);
    const rows: string[][] = [];
    for await (const r of sheetRows(Buffer.from(await res.arrayBuffer()), IMPORT_LIMITS))
      rows.push([...r.texts.values()]);
    const report = server.ctx.catalog.reports.get('product_category_report')!;
    expect(rows[1]).toEqual(['导出人:定时任务']);
    expect(rows[2]).toEqual(report.columns.filter((c) => c.show !== false).map((c) => c.title));
    expect(rows.length).toBeGreaterThan(3);
  }, 90_000);
});
