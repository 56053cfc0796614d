import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../src/server/config';
import { createServer } from '../../../src/server/app';

export const ADMIN_PASSWORD = 'Admin#2026test';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    smsUrl: string;
    adminPassword: string;
    dbKind: string;
  }
}

/**
 * The SMS gateway is outside our control, so tests use a real HTTP peer on localhost that records
 * what the server posts (SMS_WEBHOOK_URL) and lets a test read the last code per number.
 */
function startSmsReceiver(): Promise<{ url: string; close: () => void }> {
  const last = new Map<string, { code: string; mode: string; count: number }>();
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const msg = JSON.parse(body) as { mobile: string; code: string; mode: string };
        last.set(msg.mobile, {
          code: msg.code,
          mode: msg.mode,
          count: (last.get(msg.mobile)?.count ?? 0) + 1,
        });
        res.end('ok');
      });
      return;
    }
    const mobile = new URL(req.url ?? '/', 'http://x').searchParams.get('mobile') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(last.get(mobile) ?? null));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-api-'));
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SMS_WEBHOOK_URL: sms.url,
      LOG_LEVEL: 'warn',
      // every test file signs in from 127.0.0.1: the per-address limit is tested on a server of its own
      LOGIN_FAILURES_PER_ADDRESS: '100000',
    }),
    webDir: undefined,
  };
  const server = await createServer(config);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiUrl', `${address}${config.apiBase}`);
  project.provide('smsUrl', sms.url);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dbKind', server.ctx.dbKind);
  return async () => {
    await server.close();
    sms.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
