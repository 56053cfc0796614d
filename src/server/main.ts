import { loadConfig } from './config';
import { createServer } from './app';

const config = loadConfig();
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
