/**
 * npm run bench — prints figures, asserts nothing.
 *
 * Seeds 200,000 rows into the table of a document of its own (written into a temp copy of schemas/)
 * and measures, with autocannon (32 connections, 10 s per case), req/s, p50 and p99 of: list page 1
 * (createTime desc) under each count strategy, a contains-search on a like-searchable field, and
 * queryById; on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench,
 * created when missing) and on PGlite. The server under test runs in a child process, so autocannon
 * does not share its event loop. Beside it, "the floor" (floor-server.ts: bare Fastify + pg over a
 * plain copy of the rows) runs the same SQL per case; every figure of ours is printed as a ratio to it.
 * Then, on PostgreSQL, sign-ups per second on one hot activity (bench-signups.ts).
 * Then spreadsheet imports into the same table (benchImports): a 100,000-row .xlsx alone (time and
 * the server's peak RSS), and queryById's latencies while a 50,000-row import runs, beside the same
 * load idle. Then the heavy-list case (tests/perf/heavy.ts): a one-row list's and the menu's answer
 * times while 20 heavy lists run, on a table right after a 100,000-row import and on the seeded one,
 * and the sign-in answer time for existing and unknown names;
 * BENCH_BEFORE names a checkout of an earlier version (its node_modules in place) to measure the same
 * against it first. Report getData page 1 is measured beside the same SQL on the floor.
 * Then a work order saved with 1,000 steps in one call, and edited so (bench-details.ts).
 * Then the unpaged export of the table, .xls and .xlsx (bench-export.ts).
 * Then the scheduler with 1,000 enabled 定时任务 (bench-jobs.ts): CPU and database statements a minute.
 * BENCH_ONLY=lists, report, import, heavy, signup, details, export or jobs runs one part.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrations';
import { syncEntities } from '../../src/server/db/sync';
import { loadCatalog } from '../../src/core/document/load';
import type { EntityDocument } from '../../src/core/document/types';
import { readSchemaFiles } from '../../src/server/docs/load-files';
import { BENCH_TABLE, writeBenchDocument } from './bench-document';
import { pageSql } from '../../src/server/crud/read';
import { whereSql } from '../../src/server/crud/compile';
import { benchSignups } from './bench-signups';
import { benchDetails } from './bench-details';
import { benchExport } from './bench-export';
import { benchJobs } from './bench-jobs';
import { benchUsers, heavyCase, heavyLines, loginTiming } from './heavy';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=lists, report, import, heavy, signup, details, export or jobs runs one part */
const ONLY = process.env.BENCH_ONLY ?? '';
const runs = (part: string) => !ONLY || ONLY === part;
const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
const CONNECTIONS = 32;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
// ports of their own (BENCH_APP_PORT, BENCH_FLOOR_PORT) keep two benches on one machine apart
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 19101);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 19102);
const TABLE = BENCH_TABLE;
const FLOOR_TABLE = 'bench_floor';
const PASSWORD = 'Bench#2026';
const STRATEGIES = ['exact', 'cached', 'estimated'] as const;
type Strategy = (typeof STRATEGIES)[number];

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-bench-'));
const schemasDir = path.join(root, 'schemas');
const children = new Set<ChildProcess>();

// ---------------------------------------------------------------- the document and its rows

const writeDocument = (count: Strategy) => writeBenchDocument(schemasDir, count);

/** a report over the same rows: its getData page 1 is compared with the bare SQL on the floor */
const REPORT = 'bench_report';
const REPORT_MIN = 500;

function writeReport(): void {
  fs.writeFileSync(
    path.join(schemasDir, 'bench', 'report.json'),
    JSON.stringify({
      kind: 'report',
      code: REPORT,
      title: '压测报表',
      permission: 'bench:report:',
      tables: [TABLE],
      sql: `select c.id, c.name, c.status, c.amount, c.create_time from ${TABLE} c where c.amount >= :minAmount`,
      params: [{ name: 'minAmount', title: '最低估价', type: 'number', default: '0' }],
      columns: [
        { key: 'id', title: '主键' },
        { key: 'name', title: '藏品名称' },
        { key: 'status', title: '状态', dictCode: 'valid_status' },
        { key: 'amount', title: '估价', type: 'number' },
        { key: 'create_time', title: '创建日期', type: 'datetime', sortable: true },
      ],
    }),
  );
}

/**
 * 压测计量单位, the heavy case's import target (issue 21 item 2): a table of its own per version
 * measured, empty and never analysed until the import fills it; code has no trigram index.
 */
function writeUnitDocument(table: string): void {
  fs.writeFileSync(
    path.join(schemasDir, 'bench', 'unit.json'),
    JSON.stringify({
      kind: 'entity',
      schemaVersion: 1,
      code: 'bench_unit',
      title: '压测计量单位',
      table,
      permission: 'bench:unit:',
      api: '/bench/unit',
      list: { kind: 'plain', pageSize: 10, sort: { column: 'createTime', order: 'desc' }, count: 'exact' },
      fields: [
        { key: 'name', title: '单位名称', type: 'input', query: { mode: 'single', like: true } },
        { key: 'code', title: '单位编码', type: 'input', query: { mode: 'single' } },
        { key: 'status', title: '状态', type: 'select', dictCode: 'valid_status' },
      ],
    }),
  );
}

function benchDocument(): EntityDocument {
  const { catalog } = loadCatalog(readSchemaFiles(schemasDir).files);
  return catalog.entities.get(TABLE)!;
}

interface Engine {
  name: string;
  /** DATABASE_URL for the app, FLOOR_DATABASE_URL / FLOOR_PGLITE_DIR for the floor */
  appEnv: Record<string, string>;
  floorEnv: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  /** PGlite is one process per data directory: the floor gets a copy of the seeded one */
  afterSeed?: () => void;
}

/**
 * The document's table through the app's own sync (so its indexes are the app's), filled in one
 * statement; then the floor's plain copy with a primary key and a createTime index.
 */
async function seed(engine: Engine, doc: EntityDocument): Promise<string[]> {
  const database = await engine.open();
  const db = database.db;
  try {
    await migrate(db);
    await syncEntities(db, [doc]);
    await sql`insert into ${sql.raw(TABLE)} (id, name, status, amount, create_by, create_time, sys_org_code)
      select lpad(g::text, 19, '0'), '藏品' || g, (g % 2)::text, g % 1000, 'admin',
             timestamp '2026-06-01' - (g || ' seconds')::interval, 'A01'
      from generate_series(1, ${ROWS}) g`.execute(db);
    await sql.raw(`create table ${FLOOR_TABLE} as select * from ${TABLE}`).execute(db);
    await sql.raw(`alter table ${FLOOR_TABLE} add primary key (id)`).execute(db);
    await sql.raw(`create index on ${FLOOR_TABLE} (create_time)`).execute(db);
    for (const t of [TABLE, FLOOR_TABLE]) await sql.raw(`vacuum analyze ${t}`).execute(db);
    // the plan of the list's own contains-search SQL, as the server will run it
    const where = whereSql(doc, {
      type: 'group',
      op: 'and',
      items: [{ type: 'cond', field: 'name', rule: 'like', value: '藏品1234' }],
    });
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`explain ${pageSql(doc, where, { sort: [{ field: 'createTime', order: 'desc' }] }, 10, 0)}`.execute(db);
    return plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /Scan/.test(l));
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- child processes

async function start(
  script: string,
  env: Record<string, string>,
  port: number,
  cwd = process.cwd(),
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let log = '';
  child.on('exit', (code, signal) => {
    children.delete(child);
    // a server that dies under a case says why (stop() ends them with SIGTERM)
    if (signal !== 'SIGTERM' && code !== 0) console.error(`${script} exited (${code ?? signal}):\n${log}`);
  });
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited early:\n${log}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error(`${script} did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- load

/** the app under test on the engine (of this checkout, or of another: `cwd`), with an admin session */
async function startApp(
  engine: Engine,
  cwd?: string,
): Promise<{ app: ChildProcess; base: string; headers: Record<string, string> }> {
  let schemas = schemasDir;
  if (cwd) {
    // another version reads its own documents (its document language may differ), plus the bench's
    schemas = path.join(root, 'schemas-other');
    fs.rmSync(schemas, { recursive: true, force: true });
    fs.cpSync(path.join(cwd, 'schemas'), schemas, { recursive: true });
    fs.cpSync(path.join(schemasDir, 'bench'), path.join(schemas, 'bench'), { recursive: true });
  }
  const app = await start(
    path.join(cwd ?? process.cwd(), 'src/server/main.ts'),
    {
      ...engine.appEnv,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      SCHEMAS_DIR: schemas,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
      // the heavy case signs in many times from this one address
      LOGIN_FAILURES_PER_ADDRESS: '100000',
    },
    APP_PORT,
    cwd,
  );
  const base = `http://127.0.0.1:${APP_PORT}/api`;
  const login = await (
    await fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
  ).json();
  if (!login.success) throw new Error(`login: ${login.message}`);
  return { app, base, headers: { 'X-Access-Token': login.result.token as string } };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/** one request first (it must succeed: a failing case would measure an error page), then the load */
async function measure(base: string, paths: () => string, headers: Record<string, string>): Promise<Figures> {
  const first = await (await fetch(base + paths(), { headers })).json();
  if (!first.success) throw new Error(`${base}${paths()}: ${first.message}`);
  // autocannon's path replaces the URL's path: keep the API base in front of it
  const prefix = new URL(base).pathname.replace(/\/$/, '');
  const run = (seconds: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: seconds,
      // slow cases (an unindexed ILIKE on PGlite) answer in seconds: count them, do not drop them
      timeout: 60,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: prefix + paths(),
            headers: { ...req.headers, ...headers },
          }),
        },
      ],
    });
  await run(3); // warm-up: JIT, connection pools, caches
  const r = await run(SECONDS);
  await settle(base + paths(), headers);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
  };
}

/**
 * Requests autocannon gave up on are still queued in the server (PGlite answers one query at a
 * time): wait until it answers promptly again, so the backlog does not load the next case.
 */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const t0 = Date.now();
    await (await fetch(url, { headers })).arrayBuffer();
    if (Date.now() - t0 < 2000) return;
  }
}

const randomRow = () => 1 + Math.floor(Math.random() * ROWS);
const randomId = () => String(randomRow()).padStart(19, '0');
/** 4 digits: '藏品1234' matches 藏品1234, 藏品12340-9 (and 藏品123400-99 where they exist) */
const randomTerm = () => `藏品${1000 + Math.floor(Math.random() * 9000)}`;

interface Row {
  label: string;
  figures: Figures;
  vs?: string;
}

/**
 * Each figure of ours is measured right after the floor's figure it is compared with, both servers
 * up, so the two see the same background load.
 */
async function seedEngine(engine: Engine): Promise<void> {
  writeDocument('exact');
  const t0 = Date.now();
  const plan = await seed(engine, benchDocument());
  console.log(`  seeded ${ROWS} rows (and the floor's copy) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`  plan of the list's contains-search: ${plan.map((l) => l.trim()).join(' / ')}`);
  engine.afterSeed?.();
}

async function benchLists(engine: Engine): Promise<Row[]> {
  const rows: Row[] = [];
  const floor = await start('tests/perf/floor-server.ts', engine.floorEnv, FLOOR_PORT);
  const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;
  const floorPaths = {
    page: () => '/page?pageNo=1&pageSize=10',
    total: () => '/total?pageNo=1&pageSize=10',
    like: () => `/like?pageNo=1&pageSize=10&q=${encodeURIComponent(randomTerm())}`,
    byId: () => `/byId?id=${randomId()}`,
  };
  const floorLabels = {
    page: 'floor: page 1',
    total: 'floor: page 1 + exact COUNT(*)',
    like: 'floor: unindexed ILIKE page + COUNT(*)',
    byId: 'floor: by id',
  };
  let floorTotal: Figures | undefined;
  // a floor that completed nothing in the window has no ratio
  const pct = (o: Figures, f: Figures) => (f.rps ? `${((o.rps / f.rps) * 100).toFixed(0)}%` : 'n/a');
  const times = (o: Figures, f: Figures, digits: number) =>
    f.rps ? `${(o.rps / f.rps).toFixed(digits)}x` : 'n/a';

  for (const count of STRATEGIES) {
    writeDocument(count);
    const { app, base, headers } = await startApp(engine);
    const list = '/bench/collection/list?pageNo=1&pageSize=10&column=createTime&order=desc';
    const total = (await (await fetch(base + list, { headers })).json()).result.total;

    const pair = async (
      against: keyof typeof floorPaths,
      label: string,
      ours: () => string,
      compare: (o: Figures, f: Figures) => string,
    ) => {
      const f = await measure(floorBase, floorPaths[against], {});
      const o = await measure(base, ours, headers);
      if (against === 'total') floorTotal = f;
      rows.push({ label: floorLabels[against], figures: f });
      rows.push({ label, figures: o, vs: compare(o, f) });
    };
    if (count === 'exact') {
      await pair(
        'total',
        `ours: list page 1, count=exact (total ${total})`,
        () => list,
        (o, f) => `${times(o, f, 2)} the floor's page + COUNT(*)`,
      );
      await pair(
        'like',
        'ours: contains-search + exact count',
        () => `/bench/collection/list?pageNo=1&pageSize=10&name=${encodeURIComponent(`*${randomTerm()}*`)}`,
        (o, f) => `${times(o, f, 1)} the floor's unindexed ILIKE  (target ≥2x)`,
      );
      await pair(
        'byId',
        'ours: queryById',
        () => `/bench/collection/queryById?id=${randomId()}`,
        (o, f) => `${pct(o, f)} of the floor`,
      );
    } else {
      await pair(
        'page',
        `ours: list page 1, count=${count} (total ${total})`,
        () => list,
        (o, f) =>
          `${pct(o, f)} of page 1 (target ≥75%), ` +
          `${times(o, floorTotal!, 1)} page + COUNT(*) (target ≥10x)`,
      );
    }
    await stop(app);
  }
  await stop(floor);
  return rows;
}

/** report getData page 1 (a number parameter, sorted by a date column) beside the bare SQL on the floor */
async function benchReport(engine: Engine): Promise<Row[]> {
  writeDocument('exact');
  writeReport();
  const floor = await start('tests/perf/floor-server.ts', engine.floorEnv, FLOOR_PORT);
  const { app, base, headers } = await startApp(engine);
  const f = await measure(
    `http://127.0.0.1:${FLOOR_PORT}`,
    () => `/report?pageNo=1&pageSize=10&min=${REPORT_MIN}`,
    {},
  );
  const url = `/online/cgreport/api/getData/${REPORT}?pageNo=1&pageSize=10&column=create_time&order=desc&self_minAmount=${REPORT_MIN}`;
  const o = await measure(base, () => url, headers);
  await stop(app);
  await stop(floor);
  return [
    { label: 'floor: report SQL page 1 + COUNT(*)', figures: f },
    {
      label: 'ours: report getData page 1 + total',
      figures: o,
      vs: f.rps ? `${((o.rps / f.rps) * 100).toFixed(0)}% of the floor` : 'n/a',
    },
  ];
}

// ---------------------------------------------------------------- imports

const IMPORT_ROWS = 100_000;
const IMPORT_DURING_ROWS = 50_000;
const LIGHT_CONNECTIONS = 4;

interface Sheet {
  title: string;
  header: string[];
  row: (i: number) => (string | number)[];
}

const COLLECTION_SHEET = (name: string): Sheet => ({
  title: '压测藏品',
  header: ['藏品名称', '状态', '估价'],
  row: (i) => [`${name}藏品${i}`, i % 2 ? '启用' : '停用', i % 1000],
});

const UNIT_SHEET: Sheet = {
  title: '压测计量单位',
  header: ['单位名称', '单位编码', '状态'],
  row: (i) => [`单位${i}`, `U${i}`, i % 2 ? '启用' : '停用'],
};

/** an export-layout workbook of a bench document, written by ExcelJS's streaming writer */
async function importFile(name: string, rows: number, layout = COLLECTION_SHEET(name)): Promise<Buffer> {
  const file = path.join(root, name);
  if (!fs.existsSync(file)) {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
    const sheet = book.addWorksheet(layout.title);
    sheet.addRow([`${layout.title}报表`]).commit();
    sheet.addRow(['导出人:管理员']).commit();
    sheet.addRow(layout.header).commit();
    for (let i = 0; i < rows; i++) sheet.addRow(layout.row(i)).commit();
    sheet.commit();
    await book.commit();
  }
  return fs.readFileSync(file);
}

async function upload(
  base: string,
  headers: Record<string, string>,
  file: Buffer,
  name: string,
  api = '/bench/collection',
) {
  const form = new FormData();
  form.append('reimport', '1');
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${base}${api}/importExcel`, { method: 'POST', headers, body: form });
  const json = await res.json();
  if (!json.success) throw new Error(`import ${name}: ${json.message}`);
  return json;
}

/** resident and peak resident memory (MiB) of a process, from /proc */
function memory(pid: number): { rss: number; hwm: number } {
  if (!fs.existsSync(`/proc/${pid}/status`)) return { rss: 0, hwm: 0 };
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** queryById latencies (ms) on a few connections until `until` settles */
async function lightLoad(base: string, headers: Record<string, string>, until: Promise<unknown>) {
  const latencies: number[] = [];
  let failed = 0;
  let done = false;
  void until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: LIGHT_CONNECTIONS }, async () => {
      while (!done) {
        const t0 = performance.now();
        const res = await fetch(`${base}/bench/collection/queryById?id=${randomId()}`, { headers });
        const json = await res.json();
        latencies.push(performance.now() - t0);
        if (!json.success) failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return `${latencies.length} requests, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms${failed ? ` (${failed} failed)` : ''}`;
}

/**
 * A 100,000-row import alone (time, the server process's peak RSS), then queryById on
 * LIGHT_CONNECTIONS connections while a 50,000-row import runs, against the same load idle.
 */
async function benchImports(engine: Engine): Promise<string[]> {
  const big = await importFile('import-100k.xlsx', IMPORT_ROWS);
  const during = await importFile('import-50k.xlsx', IMPORT_DURING_ROWS);
  writeDocument('exact');
  const { app, base, headers } = await startApp(engine);
  const lines: string[] = [];
  try {
    const before = memory(app.pid!);
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(app.pid!).rss)), 50);
    const t0 = performance.now();
    const result = await upload(base, headers, big, 'import-100k.xlsx');
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, memory(app.pid!).hwm);
    lines.push(
      `import ${IMPORT_ROWS} rows (${(big.length / 1024 / 1024).toFixed(1)} MB .xlsx): ${seconds.toFixed(1)} s, ` +
        `${(IMPORT_ROWS / seconds).toFixed(0)} rows/s; server peak RSS ${peak.toFixed(0)} MiB ` +
        `(${before.rss.toFixed(0)} MiB before) — ${result.message}`,
    );
    const idle = await lightLoad(base, headers, new Promise((r) => setTimeout(r, 5000)));
    lines.push(`queryById, ${LIGHT_CONNECTIONS} connections, idle 5 s:        ${idle}`);
    const importing = upload(base, headers, during, 'import-50k.xlsx');
    const loaded = await lightLoad(base, headers, importing);
    lines.push(
      `queryById, ${LIGHT_CONNECTIONS} connections, during ${IMPORT_DURING_ROWS}-row import: ${loaded}`,
    );
  } finally {
    await stop(app);
  }
  return lines;
}

/** the unpaged export of the ROWS-row table (bench-export.ts) */
async function benchExports(engine: Engine): Promise<string[]> {
  writeDocument('exact');
  const { app, base, headers } = await startApp(engine);
  try {
    return await benchExport(base, headers, app.pid!);
  } finally {
    await stop(app);
  }
}

/**
 * The heavy-list case and the sign-in timing, against BENCH_BEFORE first when given, then this
 * checkout: the printed lines. First, right after a 100,000-row import (through importExcel; the
 * bench runs no ANALYZE) into a table of its own, 20 heavy lists on it while an onlooker lists one row
 * of the seeded document; then 20 heavy lists on the seeded document.
 */
async function benchHeavy(engine: Engine): Promise<string[]> {
  writeDocument('exact');
  const units = await importFile('units-100k.xlsx', IMPORT_ROWS, UNIT_SHEET);
  const lines: string[] = [];
  const versions = [...(BEFORE ? [['before', BEFORE]] : []), ['this checkout', undefined]];
  for (const [k, [version, cwd]] of versions.entries()) {
    writeUnitDocument(`bench_unit_${k}`);
    const { app, base, headers } = await startApp(engine, cwd);
    try {
      const users = await benchUsers(base, headers['X-Access-Token'], 21, PASSWORD);
      const onlooker = users.pop()!.token;
      const one = [users[0].token];
      const all = users.map((u) => u.token);
      const t0 = performance.now();
      await upload(base, headers, units, 'units-100k.xlsx', '/bench/unit');
      const imported = (performance.now() - t0) / 1000;
      const target = { api: '/bench/unit', field: 'code' };
      lines.push(
        `${version}: right after importing ${IMPORT_ROWS} rows of 压测计量单位 (${imported.toFixed(0)} s), 20 heavy lists on them`,
      );
      for (const c of [
        await heavyCase(
          base,
          "one user: 20 lists with 50 OR'ed contains-conditions",
          one,
          50,
          onlooker,
          target,
        ),
        await heavyCase(
          base,
          "20 users: a list each with 10 OR'ed contains-conditions",
          all,
          10,
          onlooker,
          target,
        ),
      ])
        lines.push(...heavyLines(c));
      const t = await loginTiming(
        base,
        users.map((u) => u.username),
      );
      lines.push(`${version}: while 20 heavy lists run (${ROWS} rows)`);
      for (const c of [
        await heavyCase(base, "one user: 20 lists with 50 OR'ed contains-conditions", one, 50, onlooker),
        await heavyCase(base, "one user: 20 lists with 10 OR'ed contains-conditions", one, 10, onlooker),
        await heavyCase(base, "20 users: a list each with 10 OR'ed contains-conditions", all, 10, onlooker),
      ])
        lines.push(...heavyLines(c));
      lines.push(
        `  sign-in, wrong password: existing account ${t.existing.toFixed(0)} ms, unknown name ` +
          `${t.unknown.toFixed(0)} ms (medians of ${users.length})`,
      );
    } finally {
      await stop(app);
    }
  }
  if (!BEFORE) lines.push('(BENCH_BEFORE=<a checkout of an earlier version> measures it against that too)');
  return lines;
}

// ---------------------------------------------------------------- engines, cleanup, output

/** the bench database is emptied before and after; only a database whose name says bench may be */
async function preparePostgres(url: string): Promise<boolean> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || !name.includes('bench'))
    throw new Error(`BENCH_DATABASE_URL must name a database called *bench*: it is emptied (got '${name}')`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  try {
    await admin.connect();
  } catch (e) {
    console.log(`PostgreSQL at ${u.host} not reachable (${(e as Error).message}): skipped`);
    return false;
  }
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!found.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  await emptyPostgres(url);
  return true;
}

async function emptyPostgres(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('drop schema if exists public cascade; create schema public');
  await c.end();
}

function killChildren(): void {
  for (const c of children) c.kill('SIGKILL');
}
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killChildren();
    fs.rmSync(root, { recursive: true, force: true });
    process.exit(130);
  });

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const fmt = (r: Row) =>
  `  ${r.label.padEnd(50)} ${r.figures.rps.toFixed(0).padStart(7)} ${String(r.figures.p50).padStart(6)} ` +
  `${String(r.figures.p99).padStart(6)}  ${r.figures.failed ? `(${r.figures.failed} failed) ` : ''}${r.vs ?? ''}`;

console.log(
  `npm run bench: ${ROWS} rows, autocannon ${CONNECTIONS} connections x ${SECONDS} s per case, ` +
    `${os.cpus().length} cores, node ${process.version}`,
);
console.log(`load average before: ${load()}  (other work runs on this machine: figures move with it)`);
fs.cpSync(path.resolve('schemas'), schemasDir, { recursive: true });
let usedPostgres = false;
try {
  const engines: Engine[] = [];
  if (await preparePostgres(PG_URL)) {
    usedPostgres = true;
    engines.push({
      name: `PostgreSQL (${new URL(PG_URL).host}${new URL(PG_URL).pathname})`,
      appEnv: { DATABASE_URL: PG_URL, DATA_DIR: path.join(root, 'pg-files') },
      floorEnv: { FLOOR_DATABASE_URL: PG_URL, FLOOR_TABLE, FLOOR_PORT: String(FLOOR_PORT) },
      open: () => openDatabase({ databaseUrl: PG_URL, dataDir: path.join(root, 'pg-files') }),
    });
  }
  const pgliteDir = path.join(root, 'pglite');
  engines.push({
    name: 'PGlite (embedded)',
    appEnv: { DATABASE_URL: '', DATA_DIR: pgliteDir },
    floorEnv: {
      FLOOR_PGLITE_DIR: path.join(root, 'pglite-floor'),
      FLOOR_TABLE,
      FLOOR_PORT: String(FLOOR_PORT),
    },
    open: () => openDatabase({ dataDir: pgliteDir }),
    afterSeed: () =>
      fs.cpSync(path.join(pgliteDir, 'pgdata'), path.join(root, 'pglite-floor'), { recursive: true }),
  });
  const results: { engine: string; rows: Row[]; imports: string[]; heavy: string[]; loadAfter: string }[] =
    [];
  for (const engine of ['signup', 'details', 'jobs'].includes(ONLY) ? [] : engines) {
    console.log(`\n${engine.name}`);
    await seedEngine(engine);
    const rows = [
      ...(runs('lists') ? await benchLists(engine) : []),
      ...(runs('report') ? await benchReport(engine) : []),
    ];
    // before the imports, which add rows to the table
    const exports = runs('export') ? await benchExports(engine) : [];
    const imports = runs('import') ? await benchImports(engine) : [];
    const heavy = runs('heavy') ? await benchHeavy(engine) : [];
    results.push({ engine: engine.name, rows, imports: [...exports, ...imports], heavy, loadAfter: load() });
    console.log(`  done; load average ${load()}`);
  }
  for (const r of results) {
    console.log(`\n${r.engine}`);
    if (r.rows.length)
      console.log(`  ${'case'.padEnd(50)} ${'req/s'.padStart(7)} ${'p50 ms'} ${'p99 ms'}  compared`);
    for (const row of r.rows) console.log(fmt(row));
    for (const line of r.imports) console.log(`  ${line}`);
    for (const line of r.heavy) console.log(`  ${line}`);
  }
  if (usedPostgres && runs('signup')) {
    await emptyPostgres(PG_URL);
    console.log(`\nSign-ups on one hot activity, PostgreSQL (${new URL(PG_URL).pathname.slice(1)}):`);
    for (const line of await benchSignups(PG_URL, PASSWORD)) console.log(line);
  }
  if (runs('details')) {
    console.log(`\nA work order with its steps saved in one call (answer times at the client):`);
    if (usedPostgres) {
      await emptyPostgres(PG_URL);
      console.log(`PostgreSQL`);
      for (const line of await benchDetails({ DATABASE_URL: PG_URL }, PASSWORD)) console.log(line);
    }
    console.log(`PGlite (embedded)`);
    for (const line of await benchDetails({}, PASSWORD)) console.log(line);
  }
  if (runs('jobs')) {
    console.log(`\nThe scheduler with 1,000 enabled jobs, per instance:`);
    if (usedPostgres) {
      await emptyPostgres(PG_URL);
      console.log(`PostgreSQL`);
      for (const line of await benchJobs(PG_URL, PASSWORD)) console.log(line);
    }
    console.log(`PGlite (embedded)`);
    for (const line of await benchJobs(undefined, PASSWORD)) console.log(line);
  }
  console.log(`\nload average after: ${load()}`);
} finally {
  for (const c of [...children]) await stop(c);
  fs.rmSync(root, { recursive: true, force: true });
  if (usedPostgres) await emptyPostgres(PG_URL);
}
