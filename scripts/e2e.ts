/**
 * npm run test:e2e — builds the app, starts the real server on a fresh embedded database with a
 * known admin password, runs the Playwright suite against it, and stops the server.
 */
import { spawn } from 'node:child_process';
import { ADMIN_PASSWORD, buildApp, startServer } from './serve-built';
import { startSmsReceiver } from '../tests/api/setup/sms-receiver';

const port = Number(process.env.E2E_PORT ?? 18600 + Math.floor(Math.random() * 300));

if (!buildApp()) process.exit(1);
// the SMS gateway is a real HTTP peer here too: the visitor's sign-in reads its code from it
const sms = await startSmsReceiver();
const served = await startServer(port, { SMS_WEBHOOK_URL: sms.url });
let code = 1;
try {
  // not spawnSync: this process answers the SMS receiver's requests while the suite runs
  const suite = spawn(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: served.baseURL,
        E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
        E2E_SMS_URL: sms.url,
      },
    },
  );
  code = await new Promise<number>((resolve) => suite.on('exit', (c) => resolve(c ?? 1)));
} finally {
  await served.stop();
  sms.close();
}
process.exit(code);
