import type { AppContext } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { BizError, ok } from '../http/envelope';
import { id, text } from '../http/params';
import type { Access, RouteTable } from '../http/routes';

/**
 * The import jobs of one document, for the user who ran them (with the document's import
 * permission): the list, and one job's progress and outcome (the import dialog polls it while
 * the upload request is still running).
 */
export function registerImportJobRoutes(
  t: RouteTable,
  ctx: AppContext,
  doc: EntityDocument,
  base: string,
  perm: (action: string) => Access,
): void {
  t.add({
    method: 'GET',
    url: `${base}/importJobs`,
    access: perm('import'),
    tag: doc.title,
    summary: `本人导入${doc.title}的任务，新的在前（state：running 导入中 / committed 已完成 / failed 失败 / interrupted 中断；rowsLanded 已写入的行数，batches 各批次）`,
    params: [
      { name: 'pageNo', in: 'query' },
      { name: 'pageSize', in: 'query', description: '至多 50' },
    ],
    handler: async (req) => {
      const q = req.query as Record<string, unknown>;
      const pageNo = Math.max(1, Number(text(q, 'pageNo', { max: 9 })) || 1);
      const pageSize = Math.min(50, Math.max(1, Number(text(q, 'pageSize', { max: 9 })) || 10));
      return ok(await ctx.imports.list(req.user!.id, doc.code, pageNo, pageSize));
    },
  });
  t.add({
    method: 'GET',
    url: `${base}/importJob`,
    access: perm('import'),
    tag: doc.title,
    summary: `本人的一个${doc.title}导入任务：进度（rowsTotal 读取完成后才有，rowsLanded + rowsFailed 为已处理的行数）与结果`,
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      const job = await ctx.imports.get(req.user!.id, doc.code, id(req.query));
      if (!job) throw new BizError('导入任务不存在');
      return ok(job);
    },
  });
}
