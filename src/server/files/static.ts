import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { NotFound } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { errorFileDir } from '../imports/error-file';

/** import error reports, each readable only by the user whose import wrote it */
export function registerStaticRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/common/static/import-errors/:name',
    access: 'session',
    tag: '文件',
    file: true,
    summary: '下载导入错误报告（仅本人的导入）',
    params: [{ name: 'name', in: 'path', required: true }],
    handler: async (req, reply) => {
      const name = String((req.params as { name?: string }).name ?? '');
      if (!/^[a-f0-9]{24}\.txt$/.test(name)) throw new NotFound('文件不存在');
      const file = path.join(errorFileDir(ctx, req.user!.id), name);
      if (!fs.existsSync(file)) throw new NotFound('文件不存在');
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="import-errors.txt"`);
      return reply.send(fs.createReadStream(file));
    },
  });
}
