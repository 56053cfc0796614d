import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../src/server/config';
import { createServer } from '../../../src/server/app';
import { identityEnv, startIdentityFixtures } from './identity-fixtures';
import { startSmsReceiver } from './sms-receiver';
import { freePort } from './http';

export const ADMIN_PASSWORD = 'Admin#2026test';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    smsUrl: string;
    adminPassword: string;
    dbKind: string;
    oauthUrl: string;
    casUrl: string;
  }
}

/** A PostgreSQL database named by DATABASE_URL is emptied first; only a database called test may be. */
async function resetPostgres(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (name !== 'test' && process.env.ALLOW_TEST_DB_RESET !== '1')
    throw new Error(`refusing to empty database '${name}': the API suite only resets a database named test`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema public cascade; create schema public;');
  await client.end();
}

export default async function setup(project: TestProject) {
  const sms = await startSmsReceiver();
  const identity = await startIdentityFixtures();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-api-'));
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  const port = await freePort();
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SMS_WEBHOOK_URL: sms.url,
      LOG_LEVEL: 'warn',
      ...identityEnv(identity),
      // the third-party sign-in builds its addresses from it, never from a request's Host
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // tests stand for many phones behind one proxy: each may name its own address
      TRUST_PROXY: '1',
      // every test file signs in and asks for SMS codes from 127.0.0.1, and the suite sends hundreds of
      // codes within the hour: these limits are tested on servers of their own (attempt-limits, hostile)
      LOGIN_FAILURES_PER_ADDRESS: '100000',
      SMS_PER_ADDRESS_PER_HOUR: '100000',
      SMS_PER_HOUR: '100000',
    }),
    webDir: undefined,
  };
  const server = await createServer(config);
  const address = await server.app.listen({ port, host: '127.0.0.1' });
  project.provide('apiUrl', `${address}${config.apiBase}`);
  project.provide('smsUrl', sms.url);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dbKind', server.ctx.dbKind);
  project.provide('oauthUrl', identity.oauthUrl);
  project.provide('casUrl', identity.casUrl);
  return async () => {
    await server.close();
    sms.close();
    identity.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
