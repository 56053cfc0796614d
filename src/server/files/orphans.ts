import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { namedPaths } from './naming';
import { uploadRoot } from './upload';

/** uploads looked at per round: a backlog is worked off over several rounds */
const BATCH = 1000;

/**
 * Removes stored uploads no record names any more (a replaced avatar, a file taken off a record, an
 * upload whose form was never saved), once they are older than the grace period (a form still open
 * may save a fresh one). A file some record names, in an upload field or inside a markdown or rich
 * text, is never removed. Answers the paths removed.
 */
export async function removeOrphans(
  ctx: AppContext,
  graceHours = ctx.config.orphanGraceHours,
): Promise<string[]> {
  const old = await ctx.db
    .selectFrom('sys_upload')
    .select('path')
    .where(sql<boolean>`create_time < now() - make_interval(hours => ${graceHours})`)
    .orderBy('create_time')
    .limit(BATCH)
    .execute();
  const paths = old.map((r) => String(r.path));
  const named = await namedPaths(ctx, paths);
  const orphans = paths.filter((p) => !named.has(p));
  if (!orphans.length) return [];
  await ctx.db.deleteFrom('sys_upload').where('path', 'in', orphans).execute();
  const root = uploadRoot(ctx);
  // paths are biz/name as the upload wrote them (sys_upload holds nothing else)
  for (const p of orphans) await fs.promises.rm(path.join(root, p), { force: true });
  return orphans;
}
