/**
 * Builds the web app only when its sources are newer than the last build in `dist` (a build takes
 * most of a minute; a start with nothing changed takes seconds). npm start and the browser runs
 * (scripts/serve-built.ts) share it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** what the browser bundle is built from: the server's own sources (src/server) are not in it */
const SOURCES = [
  'index.html',
  'phone.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build',
  'src/app',
  'src/core',
  'src/pages',
  'renderers',
  'schemas/_meta',
];
/** written after a successful build; its time is the build's */
const STAMP = path.join('dist', '.built');

/** the newest modification time under a path; a folder's own time counts, so a deleted file does too */
function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) latest = Math.max(latest, newest(path.join(p, entry)));
  return latest;
}

/** why the last build is out of date, or undefined when it is not */
export function staleBuild(): string | undefined {
  if (!fs.existsSync(STAMP)) return 'no earlier build';
  const built = fs.statSync(STAMP).mtimeMs;
  const changed = SOURCES.find((s) => newest(s) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** builds when stale; false when the build failed. `built` says whether it ran. */
export function buildIfStale(log: (line: string) => void = console.log): { ok: boolean; built: boolean } {
  const stale = staleBuild();
  if (!stale) return { ok: true, built: false };
  log(`  Building the web app (${stale}) …`);
  const run = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) return { ok: false, built: true };
  fs.writeFileSync(STAMP, new Date().toISOString());
  return { ok: true, built: true };
}
