import { inject } from 'vitest';
import { createServer, type Server } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { useApiUrl } from './client';
import { freePort } from './http';

/**
 * A server of the test file's own, on its own embedded database in `dataDir` (and its own documents
 * with SCHEMAS_DIR, its own pages with WEB_DIR), listening on a free port, which is its PUBLIC_URL;
 * the file's client helpers then talk to it.
 */
export async function startOwnServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const loaded = loadConfig({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: inject('adminPassword'),
    SMS_WEBHOOK_URL: inject('smsUrl'),
    // every code is asked for from 127.0.0.1: the SMS limits are tested in attempt-limits.test.ts
    SMS_PER_ADDRESS_PER_HOUR: '100000',
    SMS_PER_HOUR: '100000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  // the built app only where the file asks for one (WEB_DIR)
  const config = { ...loaded, databaseUrl: undefined, webDir: env.WEB_DIR ? loaded.webDir : undefined };
  const server = await createServer(config, { logger: false });
  const address = await server.app.listen({ port, host: '127.0.0.1' });
  useApiUrl(`${address}${config.apiBase}`);
  return server;
}
