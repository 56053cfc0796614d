import { inject } from 'vitest';
import { createServer, type Server } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { useApiUrl } from './client';
import { freePort } from './http';

/**
 * A server of the test file's own, on its own embedded database in `dataDir` (and its own documents
 * with SCHEMAS_DIR), listening on a free port, which is its PUBLIC_URL; the file's client helpers
 * then talk to it.
 */
export async function startOwnServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const config = {
    ...loadConfig({
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: inject('adminPassword'),
      SMS_WEBHOOK_URL: inject('smsUrl'),
      // every code is asked for from 127.0.0.1: the SMS limits are tested in attempt-limits.test.ts
      SMS_PER_ADDRESS_PER_HOUR: '100000',
      SMS_PER_HOUR: '100000',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    databaseUrl: undefined,
    webDir: undefined,
  };
  const server = await createServer(config, { logger: false });
  const address = await server.app.listen({ port, host: '127.0.0.1' });
  useApiUrl(`${address}${config.apiBase}`);
  return server;
}
