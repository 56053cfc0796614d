import { get, post, uniq } from '../setup/client';
import type { Samples } from './types';

/**
 * Samples for 定时任务 (src/server/jobs/): its CRUD (a job's 任务类名 must be a registered kind and
 * its 参数 fit it, which a generic generator cannot guess), 启动/停止/立即执行/执行记录, and a run to
 * read. Jobs are made stopped and never due, so no sample starts a schedule.
 */

const NEVER = '0 0 0 1 1 ? 2099';
const job = () => ({
  jobClassName: 'system.sweep',
  cronExpression: NEVER,
  description: `样例任务${uniq()}`,
  status: '0',
});

async function newJob(token: string): Promise<string> {
  const body = job();
  const added = await post('/sys/quartzJob/add', body, token);
  if (!added.json.success) throw new Error(`/sys/quartzJob/add: ${added.json.message}`);
  const { json } = await get('/sys/quartzJob/list', token, { description: body.description });
  return json.result.records[0].id;
}

const byId = async (token: string) => ({ query: { id: await newJob(token) } });

export const samples: Samples = {
  'GET /sys/quartzJob/queryById': byId,
  'POST /sys/quartzJob/add': () => ({ body: job() }),
  'PUT /sys/quartzJob/edit': async (token) => ({ body: { id: await newJob(token), description: '改过' } }),
  'POST /sys/quartzJob/edit': async (token) => ({ body: { id: await newJob(token), description: '改过' } }),
  'DELETE /sys/quartzJob/delete': byId,
  'DELETE /sys/quartzJob/deleteBatch': async (token) => ({
    query: { ids: `${await newJob(token)},${await newJob(token)}` },
  }),
  'GET /sys/quartzJob/resume': byId,
  'GET /sys/quartzJob/pause': byId,
  'GET /sys/quartzJob/execute': byId,
  'GET /sys/quartzJob/runs': async (token) => ({ query: { jobId: await newJob(token) } }),
  'GET /sys/quartzJobRun/queryById': async (token) => {
    const jobId = await newJob(token);
    const run = await get('/sys/quartzJob/execute', token, { id: jobId });
    if (!run.json.success) throw new Error(run.json.message);
    return { query: { id: run.json.result } };
  },
};
