import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { ImportJobs } from '../../src/server/imports/jobs';

/**
 * Issue 14 item 5: kill -9 during a big import on the embedded database. The real server runs as
 * a child process on a data directory of its own; it is killed while batches are landing and
 * started again on the same directory. The job record must then agree with the table: whole
 * batches landed, the job says interrupted and how many, and the same file is not silently
 * imported twice.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-crash-'));
const PASSWORD = 'Crash#2026x';
const ROWS = 20_000;
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** the real server (npm start's entry) on the crash test's data directory; resolves to its API base */
async function startServer(): Promise<{ child: ChildProcess; api: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: path.join(root, 'data'),
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /is running: (http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve({ child, api: `${m[1]}/api` });
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

async function call(api: string, p: string, token?: string, init: RequestInit = {}) {
  const res = await fetch(api + p, { ...init, headers: { ...(token ? { 'X-Access-Token': token } : {}) } });
  return res.json();
}

async function login(api: string): Promise<string> {
  const res = await fetch(`${api}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return (await res.json()).result.token;
}

function importForm(file: Buffer, jobId?: string): FormData {
  const form = new FormData();
  if (jobId) form.append('jobId', jobId);
  form.append('file', new Blob([new Uint8Array(file)]), 'units.xlsx');
  return form;
}

describe('kill -9 in the middle of an import', () => {
  it('leaves whole batches, and a job record that says interrupted and what landed', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('计量单位');
    sheet.addRow(['计量单位报表']);
    sheet.addRow(['导出人:管理员']);
    sheet.addRow(['单位名称', '单位编码', '单位类型', '状态']);
    for (let i = 0; i < ROWS; i++) sheet.addRow([`崩溃单位${i}`, `CRASH-${i}`, '重量', '启用']);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const first = await startServer();
    let token = await login(first.api);
    const jobId = 'job-crash-0001';
    const upload = fetch(`${first.api}/base/unit/importExcel`, {
      method: 'POST',
      headers: { 'X-Access-Token': token },
      body: importForm(file, jobId),
    }).then(
      () => 'answered',
      () => 'dropped',
    );
    // kill the server once some batches (not all) have landed
    for (;;) {
      const j = await call(first.api, `/base/unit/importJob?id=${jobId}`, token);
      if (j.success && j.result.rowsLanded >= 1000) {
        expect(j.result.state).toBe('running');
        break;
      }
    }
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    expect(await upload).toBe('dropped');

    const second = await startServer();
    try {
      token = await login(second.api);
      const job = (await call(second.api, `/base/unit/importJob?id=${jobId}`, token)).result;
      const inTable = (await call(second.api, '/base/unit/list?code=CRASH-*&pageSize=1', token)).result.total;
      expect(job).toMatchObject({ state: 'interrupted', rowsTotal: ROWS, rowsFailed: 0 });
      expect(job.rowsLanded).toBeGreaterThanOrEqual(1000);
      expect(job.rowsLanded).toBeLessThan(ROWS);
      // the record and the table agree, in whole batches of 500, contiguous from the first data row
      expect(inTable).toBe(job.rowsLanded);
      expect(job.rowsLanded % 500).toBe(0);
      expect(job.batches).toEqual(
        Array.from({ length: job.rowsLanded / 500 }, (_, i) => ({
          first: 4 + 500 * i,
          last: 503 + 500 * i,
          landed: 500,
          failed: 0,
          committed: true,
        })),
      );
      expect(job.message).toContain(`共 ${job.rowsLanded} 行`);

      // the same file again: not silently imported twice
      const again = await call(second.api, '/base/unit/importExcel', token, {
        method: 'POST',
        body: importForm(file),
      });
      expect(again).toMatchObject({ success: false, code: 409 });
      expect(again.message).toContain(`导入中断前已导入 ${job.rowsLanded} 行`);
    } finally {
      const exited = new Promise((r) => second.child.once('exit', r));
      second.child.kill('SIGTERM');
      await exited;
    }
  }, 300_000);
});

/**
 * Which running jobs a starting (or sweeping) server takes for dead, on the data directory the
 * servers above left (closed now). On PGlite one process owns the directory, so every running
 * job it does not run itself is a dead one's; on PostgreSQL several instances share the
 * database, so only jobs whose heartbeat stopped are (the same SQL, run here with kind 'postgres').
 */
describe('sweeping the jobs of dead processes', () => {
  let database: Database;
  const silent = { warn: () => undefined } as never;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: path.join(root, 'data') });
  });
  afterAll(async () => database?.close());

  async function runningJob(id: string, heartbeatAgo: string): Promise<void> {
    await sql`insert into sys_import_job (id, doc_code, user_id, file_name, file_hash, file_size, state, rows_landed, heartbeat_time)
      values (${id}, 'base_unit', 'u1', 'f.xlsx', ${id}, 1, 'running', 1500, now() - ${heartbeatAgo}::interval)`.execute(
      database.db,
    );
  }

  const stateOf = async (id: string) =>
    (
      await sql<{
        state: string;
        message: string;
      }>`select state, message from sys_import_job where id = ${id}`.execute(database.db)
    ).rows[0];

  it('PostgreSQL: a job whose heartbeat stopped a while ago is interrupted; a beating one is left', async () => {
    await runningJob('pg-dead', '5 minutes');
    await runningJob('pg-alive', '2 seconds');
    const jobs = new ImportJobs(database.db, 'postgres', silent);
    expect(await jobs.sweep()).toBe(1);
    expect(await stateOf('pg-dead')).toEqual({
      state: 'interrupted',
      message: '导入中断：服务在导入过程中停止。已提交的批次保留（共 1500 行，见各批次），其余未导入',
    });
    expect((await stateOf('pg-alive')).state).toBe('running');
  });

  it('PGlite: at start every running job this process does not run is interrupted', async () => {
    const jobs = new ImportJobs(database.db, 'pglite', silent);
    await jobs.begin({
      id: 'lite-mine',
      docCode: 'base_unit',
      userId: 'u1',
      username: 'admin',
      fileName: 'g.xlsx',
      fileHash: 'g',
      fileSize: 1,
      reimportOf: null,
    });
    await jobs.start();
    jobs.stop();
    expect((await stateOf('pg-alive')).state).toBe('interrupted');
    // the job this process runs goes on
    expect((await stateOf('lite-mine')).state).toBe('running');
    await jobs.finish('lite-mine', { state: 'committed', message: 'done' });
    expect((await stateOf('lite-mine')).state).toBe('committed');
  });
});
