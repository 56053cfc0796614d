/**
 * The built app and the real server on a fresh embedded database, for the browser runs
 * (npm run test:e2e, npm run bench:web). Spawns the server itself, so the PID kept is the one that
 * serves, and stops it for sure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build/fresh-build';

export const ADMIN_PASSWORD = 'E2e#Admin2026';

/** vite build when the sources changed since the last one, unless E2E_SKIP_BUILD is set */
export function buildApp(): boolean {
  if (process.env.E2E_SKIP_BUILD) return true;
  return buildIfStale().ok;
}

export interface Served {
  baseURL: string;
  stop: () => Promise<void>;
}

export async function startServer(port: number, env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-web-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  server.stdout!.on('data', (d) => (out += d));
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/docs`)).ok) return { baseURL, stop };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
