/**
 * npm run test:e2e — builds the app, starts the real server on a fresh embedded database with a
 * known admin password, runs the Playwright suite against it, and stops the server.
 */
import { ADMIN_PASSWORD, buildApp, run, startServer } from './serve-built';

const port = Number(process.env.E2E_PORT ?? 18600 + Math.floor(Math.random() * 300));

if (!buildApp()) process.exit(1);
const served = await startServer(port);
let code = 1;
try {
  code = run(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
      ...process.argv.slice(2),
    ],
    { E2E_BASE_URL: served.baseURL, E2E_ADMIN_PASSWORD: ADMIN_PASSWORD },
  );
} finally {
  await served.stop();
}
process.exit(code);
