import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { INSTANCE_DIED } from '../../src/server/jobs/scheduler';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { callAt } from './setup/http';

/**
 * kill -9 of the instance running a job: its run stays 'running' in the table until its lease
 * expires, and then another instance on the same PostgreSQL database records it as failed.
 */

const LEASE = '2';
let own: OwnDatabase;
let survivor: Server;
let survivorApi = '';
let child: ChildProcess | undefined;
/** a peer that never answers: the run it is sent to stays running */
const hanging = http.createServer(() => undefined);

beforeAll(async () => {
  own = await ownDatabase({ JOB_LEASE_SECONDS: LEASE });
  survivor = await createServer(own.config, { logger: false });
  survivorApi = `${await survivor.app.listen({ port: 0, host: '127.0.0.1' })}${own.config.apiBase}`;
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
}, 180_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  hanging.closeAllConnections();
  hanging.close();
  await survivor?.close();
  await own?.drop();
});

/** the real server (npm start's entry) on the same database; resolves to its API base */
function startChild(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: own.config.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: inject('adminPassword'),
      JOB_LEASE_SECONDS: LEASE,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /is running: (http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(`${m[1]}/api`);
    });
    child!.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child!.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

describe('kill -9 during a long run', () => {
  it('the run is marked failed once its instance has been silent past the lease', async () => {
    const api = await startChild();
    const login = await callAt(api, 'POST', '/sys/login', undefined, {
      username: 'admin',
      password: inject('adminPassword'),
    });
    const token = login.result.token as string;
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`;
    await callAt(api, 'POST', '/sys/quartzJob/add', token, {
      jobClassName: 'system.httpPost',
      cronExpression: '0 0 0 1 1 ? 2099',
      parameter: JSON.stringify({ url, timeoutSeconds: 300 }),
      description: 'slow peer',
      status: '0',
    });
    const jobId = (await callAt(api, 'GET', '/sys/quartzJob/list?description=slow%20peer', token)).result
      .records[0].id;
    expect((await callAt(api, 'GET', `/sys/quartzJob/execute?id=${jobId}`, token)).success).toBe(true);
    const runs = () => callAt(survivorApi, 'GET', `/sys/quartzJob/runs?jobId=${jobId}`, token);
    // the child holds it, renewing its lease past several lease periods
    await new Promise((r) => setTimeout(r, 5_000));
    const [running] = (await runs()).result.records;
    expect(running.state).toBe('running');
    expect(running.instanceId).not.toBe(survivor.scheduler.instanceId);

    child!.kill('SIGKILL');
    let run = running;
    for (let i = 0; i < 60 && run.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      [run] = (await runs()).result.records;
    }
    expect(run).toMatchObject({ state: 'failed', message: INSTANCE_DIED, manualBy: 'admin' });
  }, 120_000);
});
