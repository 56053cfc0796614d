/**
 * The sign-up figure of npm run bench (issue 12): sign-ups per second on one hot activity, on the
 * server it is given (PostgreSQL in the bench), with zero oversell checked in the database after
 * each run. Visitors sign in through the real SMS flow first (codes from a local receiver); then
 * autocannon fires one sign-up per visitor at a single activity, 64 connections: every request
 * takes the same row lock, so this is the platform's worst case for sign-ups.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../../scripts/serve-built';
import { startSmsReceiver } from '../api/setup/sms-receiver';

const PORT = 19111;
const VISITORS = Number(process.env.BENCH_SIGNUP_VISITORS ?? 3000);
const CONNECTIONS = 64;

interface Env {
  success: boolean;
  message: string;
  result: any;
}

async function call(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Env;
}

/** 'yyyy-MM-dd HH:mm:ss' in GMT+8, minutes from now */
const at = (minutes: number) =>
  new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

export async function benchSignups(databaseUrl: string, password: string): Promise<string[]> {
  const sms = await startSmsReceiver();
  // behind a proxy each phone has its own address: the per-address limits are not what is measured,
  // nor the hourly cap of SMS codes (thousands of visitors sign in within minutes)
  const served = await startServer(PORT, {
    DATABASE_URL: databaseUrl,
    SMS_WEBHOOK_URL: sms.url,
    SMS_PER_HOUR: '1000000',
    TRUST_PROXY: '1',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'error',
  });
  const base = `${served.baseURL}/api`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const admin = (await call(base, '/sys/login', { username: 'admin', password })).result.token as string;
    const tokens: string[] = [];
    const t0 = Date.now();
    for (let i = 0; i < VISITORS; i += 32) {
      const batch = Array.from({ length: Math.min(32, VISITORS - i) }, async (_, j) => {
        const n = i + j;
        const mobile = `137${String(n).padStart(8, '0')}`;
        const ip = { 'X-Forwarded-For': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` };
        await call(base, '/visitor/sms', { mobile }, ip);
        const code = ((await (await fetch(`${sms.url}/?mobile=${mobile}`)).json()) as { code: string }).code;
        const login = await call(base, '/visitor/login', { mobile, captcha: code }, ip);
        if (!login.success) throw new Error(`visitor login: ${login.message}`);
        return login.result.token as string;
      });
      tokens.push(...(await Promise.all(batch)));
    }
    const lines = [`  ${VISITORS} visitors signed in by SMS in ${((Date.now() - t0) / 1000).toFixed(0)} s`];

    const run = async (label: string, capacity: number) => {
      const activity = await call(
        base,
        '/museum/activity/add',
        {
          title: `压测活动 ${label}`,
          place: '大厅',
          startTime: at(2 * 24 * 60),
          endTime: at(2 * 24 * 60 + 60),
          signupDeadline: at(24 * 60),
          capacity,
          perPersonLimit: 1,
          status: '1',
        },
        { 'X-Access-Token': admin },
      );
      if (!activity.success) throw new Error(`activity: ${activity.message}`);
      const id = activity.result as string;
      let next = 0;
      const r = await autocannon({
        url: base,
        connections: CONNECTIONS,
        amount: tokens.length,
        timeout: 60,
        requests: [
          {
            setupRequest: (req) => {
              const token = tokens[next++ % tokens.length];
              return {
                ...req,
                method: 'POST',
                path: '/api/visitor/signup',
                headers: { ...req.headers, 'content-type': 'application/json', 'X-Access-Token': token },
                body: JSON.stringify({ activityId: id, partySize: 1, name: '压测', mobile: '13700000000' }),
              };
            },
          },
        ],
      });
      const check = await db.query(
        `select a.capacity, a.seats_taken,
           (select count(*) from museum_signup s where s.activity_id = a.id and s.state = '1')::int as rows,
           (select count(distinct visitor_id) from museum_signup s where s.activity_id = a.id)::int as visitors
         from museum_activity a where a.id = $1`,
        [id],
      );
      const c = check.rows[0];
      const oversold = Math.max(0, c.seats_taken - c.capacity) + Math.abs(c.rows - c.seats_taken);
      lines.push(
        `  ${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
          `${r.requests.total} requests, ${c.rows} accepted of ${c.capacity} seats, ${c.visitors} distinct visitors, ` +
          `oversold ${oversold}${r.errors + r.timeouts ? `, ${r.errors + r.timeouts} failed` : ''}`,
      );
    };
    await run('every request gets a seat', tokens.length);
    await run('100 seats, everyone asks', 100);
    return lines;
  } finally {
    await db.end();
    await served.stop();
    sms.close();
  }
}
