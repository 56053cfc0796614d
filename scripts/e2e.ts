/**
 * npm run test:e2e — builds the app, starts the real server on a fresh embedded database with a
 * known admin password, runs the Playwright suite against it, and stops the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 18600 + Math.floor(Math.random() * 300));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-e2e-'));
const adminPassword = 'E2e#Admin2026';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

if (
  !process.env.E2E_SKIP_BUILD &&
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']) !== 0
)
  process.exit(1);

// the server's own PID, not a wrapper's, so it can be stopped for sure
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverOut = '';
server.stdout.on('data', (d) => (serverOut += d));

const baseURL = `http://127.0.0.1:${port}`;
let code = 1;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/docs`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`server did not start:\n${serverOut}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  code = run(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
      ...process.argv.slice(2),
    ],
    {
      E2E_BASE_URL: baseURL,
      E2E_ADMIN_PASSWORD: adminPassword,
    },
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
