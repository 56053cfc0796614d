import type { AppContext } from '../context';
import { BizError, ok } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { EXPORT_PROGRESS_URL, type ExportRun } from '../../core/exports';

export interface ExportTracker {
  row(): void;
  end(state: 'done' | 'failed'): void;
}

const NOT_TRACKED: ExportTracker = { row() {}, end() {} };
/** an ended export is still answered this long, for the browser's last look */
const KEEP_MS = 60_000;
/** exports followed at once on this instance; more are written untracked */
const MAX_RUNS = 1000;

/**
 * The exports running on this instance, by user and the id the browser gave each (exportId), for
 * the download's progress bar: an .xlsx streams without a length, and an .xls is written whole
 * before its first byte. Kept in memory: a look that another instance answers finds nothing, and
 * the browser then shows the bytes received.
 */
export class ExportProgress {
  private runs = new Map<string, ExportRun>();

  start(user: string, id: string, total: number): ExportTracker {
    if (!id || this.runs.size >= MAX_RUNS) return NOT_TRACKED;
    const key = `${user}\n${id}`;
    const run: ExportRun = { rows: 0, total, state: 'running' };
    this.runs.set(key, run);
    return {
      row: () => void run.rows++,
      end: (state) => {
        run.state = state;
        setTimeout(() => this.runs.get(key) === run && this.runs.delete(key), KEEP_MS).unref();
      },
    };
  }

  read(user: string, id: string): ExportRun | null {
    return this.runs.get(`${user}\n${id}`) ?? null;
  }
}

/** the id of an export: absent, or as an import's jobId (imports/routes.ts) */
export function exportIdOf(params: unknown, name = 'exportId'): string {
  const id = text(params, name, { max: 64 });
  if (id && !/^[\w-]{8,64}$/.test(id)) throw new BizError(`参数 ${name} 格式不正确`);
  return id;
}

export function registerExportProgressRoute(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: EXPORT_PROGRESS_URL,
    access: 'session',
    tag: '文件',
    summary:
      '本人一次导出的进度（导出时传入 exportId）：result.rows 已写出的数据行，result.total 共几行，result.state running | done | failed；未知的导出为 null',
    params: [{ name: 'id', in: 'query', required: true, description: '导出时传入的 exportId' }],
    handler: async (req) => ok(ctx.exports.read(req.user!.id, exportIdOf(req.query, 'id'))),
  });
}
