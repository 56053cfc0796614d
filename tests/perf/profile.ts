/**
 * Where a generic request's CPU goes: seeds the bench's document (tests/perf/bench.ts) with PROFILE_ROWS
 * rows, starts the server as the bench does, preloaded with profile-hook.ts, and drives one route at a
 * time with autocannon (32 connections) while the CPU profiler runs in the server; then prints, per
 * route, requests served, the server's CPU per request, and the top functions by self time and by total
 * time (ours: src/ only), in µs per request (cpu-summary.ts).
 *
 *   npx tsx tests/perf/profile.ts                     # embedded database
 *   PROFILE_DATABASE_URL=postgres://…/x_bench npx tsx tests/perf/profile.ts
 *
 * env: PROFILE_ROUTES (list-cached,list-estimated,list-exact,byId), PROFILE_SECONDS (10), PROFILE_PORT,
 * PROFILE_KEEP (a directory to keep the .cpuprofile files in), PROFILE_TOP (25).
 * The PostgreSQL database is emptied first: its name must contain "bench", as the bench's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrations';
import { syncEntities } from '../../src/server/db/sync';
import { loadCatalog } from '../../src/core/document/load';
import { readSchemaFiles } from '../../src/server/docs/load-files';
import { BENCH_TABLE, writeBenchDocument } from './bench-document';
import { summarise } from './cpu-summary';

const ROWS = Number(process.env.PROFILE_ROWS ?? 200_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const PORT = Number(process.env.PROFILE_PORT ?? 19201);
const PG_URL = process.env.PROFILE_DATABASE_URL;
const ROUTES = (process.env.PROFILE_ROUTES ?? 'list-cached,list-estimated,list-exact,byId').split(',');
const TABLE = BENCH_TABLE;
const PASSWORD = 'Bench#2026';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-profile-'));
const keep = process.env.PROFILE_KEEP ? path.resolve(process.env.PROFILE_KEEP) : root;
fs.mkdirSync(keep, { recursive: true });
const schemas = path.join(root, 'schemas');
fs.cpSync('schemas', schemas, { recursive: true });

const writeDocument = (count: string) => writeBenchDocument(schemas, count);

const dataDir = path.join(root, 'data');
async function seed(): Promise<void> {
  if (PG_URL) {
    const name = new URL(PG_URL).pathname.slice(1);
    if (!name.includes('bench'))
      throw new Error('PROFILE_DATABASE_URL must name a *bench* database: it is emptied');
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query('drop schema if exists public cascade; create schema public');
    await c.end();
  }
  writeDocument('exact');
  const doc = loadCatalog(readSchemaFiles(schemas).files).catalog.entities.get(TABLE)!;
  const database = await openDatabase({ databaseUrl: PG_URL, dataDir });
  try {
    await migrate(database.db);
    await syncEntities(database.db, [doc]);
    await sql`insert into ${sql.raw(TABLE)} (id, name, status, amount, create_by, create_time, sys_org_code)
      select lpad(g::text, 19, '0'), '藏品' || g, (g % 2)::text, g % 1000, 'admin',
             timestamp '2026-06-01' - (g || ' seconds')::interval, 'A01'
      from generate_series(1, ${ROWS}) g`.execute(database.db);
    await sql.raw(`vacuum analyze ${TABLE}`).execute(database.db);
  } finally {
    await database.close();
  }
}

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function profileRoute(route: string): Promise<void> {
  const count = route.startsWith('list-') ? route.slice(5) : 'exact';
  writeDocument(count);
  const out = path.join(keep, `${route}.cpuprofile`);
  fs.rmSync(out, { force: true });
  fs.rmSync(`${out}.started`, { force: true });
  fs.rmSync(`${out}.cpu`, { force: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', path.resolve('tests/perf/profile-hook.ts'), 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        DATABASE_URL: PG_URL ?? '',
        DATA_DIR: dataDir,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SCHEMAS_DIR: schemas,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'error',
        PROFILE_OUT: out,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${PORT}/api`;
  try {
    await until(
      () =>
        fetch(`http://127.0.0.1:${PORT}/`).then(
          () => true,
          () => false,
        ),
      'server start',
    );
    const login = await (
      await fetch(`${base}/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
    ).json();
    const headers = { 'X-Access-Token': login.result.token as string };
    const randomId = () => String(1 + Math.floor(Math.random() * ROWS)).padStart(19, '0');
    const paths =
      route === 'byId'
        ? () => `/api/bench/collection/queryById?id=${randomId()}`
        : () => '/api/bench/collection/list?pageNo=1&pageSize=10&column=createTime&order=desc';
    const first = await (await fetch(`http://127.0.0.1:${PORT}${paths()}`, { headers })).json();
    if (!first.success) throw new Error(`${route}: ${first.message}`);
    const load = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: 32,
        duration,
        requests: [
          { setupRequest: (req) => ({ ...req, path: paths(), headers: { ...req.headers, ...headers } }) },
        ],
      });
    await load(3); // warm-up: JIT, pools, caches
    child.kill('SIGUSR2');
    await until(() => fs.existsSync(`${out}.started`), 'profiler start');
    const r = await load(SECONDS);
    child.kill('SIGUSR2');
    await until(() => fs.existsSync(out) && fs.existsSync(`${out}.cpu`), 'profile written');
    const requests = r.requests.total;
    const cpu = Number(fs.readFileSync(`${out}.cpu`, 'utf8'));
    console.log(
      `\n${route} (${PG_URL ? 'PostgreSQL' : 'PGlite'}): ${requests} requests in ${SECONDS} s ` +
        `(${r.requests.average.toFixed(0)} req/s, ${r.non2xx + r.errors} failed); ` +
        `server CPU (user + system) ${(cpu / requests).toFixed(0)} µs per request`,
    );
    for (const line of summarise(
      JSON.parse(fs.readFileSync(out, 'utf8')),
      requests,
      Number(process.env.PROFILE_TOP ?? 25),
    ))
      console.log(line);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

try {
  await seed();
  for (const route of ROUTES) await profileRoute(route);
} finally {
  if (keep !== root) console.log(`\nprofiles kept in ${keep}`);
  fs.rmSync(path.join(root, 'data'), { recursive: true, force: true });
}
