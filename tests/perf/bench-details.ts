/**
 * The master–detail figure of npm run bench (issue 10): a 生产工单 saved with 1,000 工序步骤 in one
 * call (addWithDetails: one transaction, every row validated), then the same order saved again with
 * every step changed (editWithDetails), on the server it is given. Each case runs RUNS times one after
 * another; the figures are the answer times measured at the client on the same machine.
 */
import { startServer } from '../../scripts/serve-built';

const PORT = 19112;
const STEPS = Number(process.env.BENCH_DETAIL_ROWS ?? 1000);
const RUNS = 5;

interface Env {
  success: boolean;
  message: string;
  result: any;
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Env;
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json;
}

const steps = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({
    seq: (i % 999) + 1,
    procedureTypeId: i % 2 ? 'proc-zz' : 'proc-dm',
    workPositionId: 'wp-zz-01',
    planQty: 50,
    ...extra(i),
  }));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchDetails(env: Record<string, string>, password: string): Promise<string[]> {
  const served = await startServer(PORT, { ...env, ADMIN_PASSWORD: password, LOG_LEVEL: 'error' });
  const base = `${served.baseURL}/api`;
  try {
    const login = await fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const admin = ((await login.json()) as Env).result.token as string;
    const adds: number[] = [];
    const edits: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const order = {
        orderNo: `BENCH-${Date.now()}-${run}`,
        productId: 'prod-15',
        planQty: 50,
        planStart: '2026-01-05',
        planFinish: '2026-02-10',
        status: '2',
      };
      let t = performance.now();
      const added = await call(base, 'POST', '/production/workOrder/addWithDetails', admin, {
        ...order,
        details: { pro_procedure_step: { rows: steps(STEPS) } },
      });
      adds.push(performance.now() - t);
      const id = added.result as string;
      const saved = await call(base, 'GET', `/production/workOrder/queryDetails?id=${id}`, admin);
      const rows = (saved.result.pro_procedure_step as Record<string, unknown>[]).map((r) => ({
        ...r,
        actualQty: 48,
      }));
      t = performance.now();
      await call(base, 'PUT', '/production/workOrder/editWithDetails', admin, {
        ...order,
        id,
        details: { pro_procedure_step: { rows } },
      });
      edits.push(performance.now() - t);
    }
    const line = (label: string, xs: number[]) =>
      `  ${label.padEnd(44)} median ${median(xs).toFixed(0).padStart(5)} ms  (${xs.map((x) => x.toFixed(0)).join(', ')})`;
    return [
      line(`add a work order with ${STEPS} steps`, adds),
      line(`edit the order, every one of its ${STEPS} steps`, edits),
    ];
  } finally {
    await served.stop();
  }
}
