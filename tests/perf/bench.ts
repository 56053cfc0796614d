/**
 * npm run bench — prints figures, asserts nothing.
 * Lists over 200,000 rows with each count strategy (exact, cached, estimated), unfiltered and
 * filtered, plus a streamed .xlsx export, and the cost of data rules (an unrestricted admin against a
 * user whose role carries a rule), against a fresh embedded database (or BENCH_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { createServer } from '../../src/server/app';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = 8;
const STRATEGIES = ['exact', 'cached', 'estimated'] as const;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-bench-'));
const schemas = path.join(root, 'schemas');
fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
fs.mkdirSync(path.join(schemas, 'bench'));
for (const count of STRATEGIES) {
  fs.writeFileSync(
    path.join(schemas, 'bench', `${count}.json`),
    JSON.stringify({
      kind: 'entity',
      code: `bench_${count}`,
      title: `压测-${count}`,
      table: `bench_${count}`,
      permission: `bench:${count}:`,
      api: `/bench/${count}`,
      list: { count },
      menu: { group: 'base', order: 99 },
      fields: [
        { key: 'name', title: '名称', type: 'input', query: { mode: 'single', like: true } },
        { key: 'status', title: '状态', type: 'select', dictCode: 'valid_status', index: true },
        { key: 'amount', title: '金额', type: 'inputNumber' },
      ],
    }),
  );
}

const config = {
  ...loadConfig({
    DATA_DIR: path.join(root, 'data'),
    SCHEMAS_DIR: schemas,
    ADMIN_PASSWORD: 'Bench#2026',
    LOG_LEVEL: 'error',
  }),
  databaseUrl: process.env.BENCH_DATABASE_URL,
  webDir: undefined,
};
const server = await createServer(config, { logger: false });
const base = (await server.app.listen({ port: 0, host: '127.0.0.1' })) + config.apiBase;
console.log(
  `database: ${server.ctx.dbKind}; ${ROWS} rows per table; ${REQUESTS} requests, ${CONCURRENCY} concurrent`,
);

for (const count of STRATEGIES) {
  await sql`insert into ${sql.raw(`bench_${count}`)} (id, name, status, amount, create_time)
    select lpad(g::text, 19, '0'), '藏品' || g, (g % 2)::text, g % 1000, now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`.execute(server.ctx.db);
  await sql`analyze ${sql.raw(`bench_${count}`)}`.execute(server.ctx.db);
}

const login = await (
  await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Bench#2026' }),
  })
).json();
let headers = { 'X-Access-Token': login.result.token as string };

async function api(method: string, p: string, body?: unknown) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${p}: ${json.message}`);
  return json.result;
}

async function run(url: string, requests: number): Promise<{ rps: number; p50: number; p95: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.json();
        if (!body.success) throw new Error(body.message);
        times.push(performance.now() - t0);
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    rps: requests / total,
    p50: times[Math.floor(times.length / 2)],
    p95: times[Math.floor(times.length * 0.95)],
  };
}

const rows: string[][] = [];
for (const count of STRATEGIES) {
  for (const [label, query, requests] of [
    ['page 1, no filter', 'pageNo=1&pageSize=10', REQUESTS],
    ['page 50, no filter', 'pageNo=50&pageSize=10', REQUESTS],
    ['page 1, status=1', 'pageNo=1&pageSize=10&status=1', REQUESTS],
    // a contains-search scans every row: fewer requests, or the run takes minutes
    ['page 1, name like', 'pageNo=1&pageSize=10&name=*藏品1999*', REQUESTS / 10],
  ] as const) {
    const r = await run(`${base}/bench/${count}/list?${query}`, requests);
    rows.push([count, label, r.rps.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1)]);
  }
}
console.log('\nlist over %d rows', ROWS);
console.log(['count', 'query', 'req/s', 'p50 ms', 'p95 ms'].join('\t'));
for (const r of rows) console.log(r.join('\t'));

// data rules: the same list for the admin (its role holds the menu without rules) and for a user
// whose role restricts it to status=1 (one rule, resolved and bound on every request)
const rule = await api('POST', '/sys/permission/addPermissionRule', {
  permissionId: 'doc_bench_exact',
  ruleName: '启用的',
  ruleColumn: 'status',
  ruleConditions: '=',
  ruleValue: '1',
});
const roleId = await api('POST', '/sys/role/add', { roleName: '压测角色', roleCode: 'bench_role' });
await api('POST', '/sys/permission/saveRolePermission', {
  roleId,
  permissionIds: 'doc_bench_exact',
  lastpermissionIds: '',
});
await api('POST', '/sys/role/datarule', { permissionId: 'doc_bench_exact', roleId, dataRuleIds: rule });
await api('POST', '/sys/user/add', {
  username: 'bench_user',
  realname: '压测',
  password: 'Bench2026x',
  selectedroles: roleId,
});
const adminHeaders = headers;
const userLogin = await (
  await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_user', password: 'Bench2026x' }),
  })
).json();
console.log('\ndata rules on the exact list, page 1');
console.log(['who', 'req/s', 'p50 ms', 'p95 ms'].join('\t'));
for (const [who, token] of [
  ['admin (no rule)', adminHeaders['X-Access-Token']],
  ['user (status = 1)', userLogin.result.token as string],
] as const) {
  headers = { 'X-Access-Token': token };
  const r = await run(`${base}/bench/exact/list?pageNo=1&pageSize=10`, REQUESTS);
  console.log([who, r.rps.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1)].join('\t'));
}
headers = adminHeaders;

for (const format of ['xlsx', 'xls'] as const) {
  const t0 = performance.now();
  const rssBefore = process.memoryUsage().rss;
  const res = await fetch(`${base}/bench/exact/exportXls?exportType=${format}&status=1`, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `\nexport .${format} of the status=1 rows: ${(bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(1)} s; ` +
      `server RSS grew ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`,
  );
}

await server.close();
fs.rmSync(root, { recursive: true, force: true });
