import { ConfigError, loadConfig, type Config } from './config';
import { createServer } from './app';
import type { DemoUser } from './sys/demo';

/** which demo users exist, what each may do, and whether it can sign in yet */
function demoLines(users: DemoUser[]): string[] {
  if (!users.length) return [];
  const signIn = users.every((u) => u.canSignIn)
    ? 'password as set by DEMO_PASSWORD'
    : 'users without a password sign in once DEMO_PASSWORD is set or an administrator sets one (用户管理 → 密码)';
  return [
    `  Demo users (${signIn}):`,
    ...users.map((u) => {
      const can = u.roles.length
        ? u.roles.map((r) => `${r.name}${r.description ? `：${r.description}` : ''}`).join('；')
        : '无角色：只能看到首页';
      return `    ${u.username.padEnd(10)} ${u.realname}${u.canSignIn ? '' : '（未设密码）'} — ${can}`;
    }),
  ];
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`  not started: ${err.message}`);
  process.exit(1);
}
const server = await createServer(config);
const address = await server.app.listen({ port: config.port, host: config.host });
const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
const lines = [
  '',
  `  数字博物馆管理平台 is running: ${url}/`,
  `  API: ${url}${config.apiBase}   OpenAPI: ${url}${config.apiBase}/docs`,
  `  Database: ${server.ctx.dbKind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`,
  `  Started in ${process.uptime().toFixed(1)} s${process.env.START_BUILT ? ' (the web app was built first)' : ''}`,
  server.adminPassword
    ? `  Admin login: admin / ${server.adminPassword}   (printed once; change it after signing in)`
    : '  Admin login: admin (password as set by ADMIN_PASSWORD, or printed at the first start)',
  ...demoLines(server.demoUsers),
  '',
];
console.log(lines.join('\n'));

/** stopping: running requests get SHUTDOWN_GRACE_MS (app.ts); after this, the process exits anyway */
const STOP_DEADLINE_MS = 15_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1); // a second signal: at once
    stopping = true;
    setTimeout(() => {
      console.error('  stopping took too long; exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
