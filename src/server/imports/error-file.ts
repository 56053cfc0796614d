import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';

/** where import error reports live: one folder per user, served back only to that user */
export function errorFileDir(ctx: AppContext, userId: string): string {
  return path.join(ctx.config.dataDir, 'files', 'import-errors', userId);
}

/** the download path of a report (GET, src/server/files/static.ts) */
export function errorFileUrl(name: string): string {
  return `/sys/common/static/import-errors/${name}`;
}

/** writes the report, one line per row that did not land; answers its file name */
export async function writeErrorFile(ctx: AppContext, userId: string, lines: string[]): Promise<string> {
  const dir = errorFileDir(ctx, userId);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(12).toString('hex')}.txt`;
  await fs.writeFile(path.join(dir, name), lines.join('\r\n') + '\r\n', 'utf8');
  return name;
}
