import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, put, uniq } from './setup/client';

/**
 * 定时任务 (schemas/system/quartz-job.json): its Cron表达式 is a `cron` field, so the server keeps
 * only what the cron builder could show again, and says why it refuses the rest.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const job = (cronExpression: string) => ({
  jobClassName: 'system.sweep',
  description: `demo ${uniq()}`,
  cronExpression,
  status: '0',
});

describe('定时任务 keeps a cron expression the builder can read', () => {
  it('saves one and finds it again by a part of it', async () => {
    const body = job('0 5/15 9 ? * 2,3,4,5,6 *');
    const added = await post('/sys/quartzJob/add', body, admin);
    expect(added.json.success).toBe(true);
    const { json } = await get('/sys/quartzJob/list', admin, {
      description: body.description,
      // Jeecg's plain parameters: *text* is contains
      cronExpression: '*5/15 9*',
    });
    expect(json.result.records.map((r: any) => r.cronExpression)).toEqual([body.cronExpression]);
  });

  it('refuses day and weekday together, and a value outside, on add and on edit', async () => {
    const both = await post('/sys/quartzJob/add', job('0 0 9 1 * 2 *'), admin);
    expect(both.json.success).toBe(false);
    expect(both.json.message).toContain('Cron表达式：日和周不能同时指定，其中一个须为?');

    const body = job('0 0 9 L-3 * ? *');
    expect((await post('/sys/quartzJob/add', body, admin)).json.success).toBe(true);
    const { json } = await get('/sys/quartzJob/list', admin, { description: body.description });
    const id = json.result.records[0].id;
    const edit = await put('/sys/quartzJob/edit', { id, cronExpression: '0 0/61 9 * * ? *' }, admin);
    expect(edit.json.success).toBe(false);
    expect(edit.json.message).toContain('Cron表达式：分的间隔须为1-60的整数');
  });
});
