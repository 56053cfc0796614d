import type { JobKind } from './kind';
import { statisticsJob } from './kinds/statistics';
import { orphanUploadsJob } from './kinds/orphan-uploads';
import { sweepJob } from './kinds/sweep';
import { dictCacheJob } from './kinds/dict-cache';
import { reportXlsxJob } from './kinds/report-xlsx';
import { httpPostJob } from './kinds/http-post';

/** every job kind, once each: 任务类名 offers these (in this order) and nothing else runs */
export const JOB_KINDS: readonly JobKind[] = [
  statisticsJob,
  orphanUploadsJob,
  sweepJob,
  dictCacheJob,
  reportXlsxJob,
  httpPostJob,
];

const byName = new Map(JOB_KINDS.map((k) => [k.name, k]));

export function jobKindOf(name: string): JobKind | undefined {
  return byName.get(name);
}
