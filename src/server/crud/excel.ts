import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { BizError, ok, okMessage } from '../http/envelope';
import { text } from '../http/params';
import type { Access, RouteTable } from '../http/routes';
import { writeExport } from '../excel/export';
import { readImport, ImportError } from '../excel/import';
import { parseQuery, streamRows } from './read';
import { insertRow } from './write';
import { excelColumns, exportCells, exportColumns, importReader } from './excel-columns';
import { rowScope } from './scope';
import type { Expression, SqlBool } from 'kysely';

const XLSX_MAX_ROWS = 100_000;
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

function contentDisposition(name: string): string {
  return `attachment; filename="export.${name.split('.').pop()}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** where import error reports live: one folder per user, served back only to that user */
export function errorFileDir(ctx: AppContext, userId: string): string {
  return path.join(ctx.config.dataDir, 'files', 'import-errors', userId);
}

async function exportHandler(
  ctx: AppContext,
  doc: EntityDocument,
  req: FastifyRequest,
  reply: FastifyReply,
  filters: Filters,
) {
  const params = { ...(req.query as Record<string, unknown>) };
  const scope = [...(await rowScope(ctx, doc, req.user!)), ...filters(params)];
  const format = text(params, 'exportType', { max: 4 }) === 'xlsx' ? 'xlsx' : 'xls';
  const q = parseQuery(ctx, doc, params);
  const selections = text(params, 'selections', { max: 100_000 });
  if (selections) {
    const ids = selections.split(',').filter(Boolean);
    if (ids.some((s) => !/^[\w-]{1,64}$/.test(s))) throw new BizError('参数 selections 格式不正确');
    q.filter.items.push({ type: 'cond', field: 'id', rule: 'in', value: ids });
  }
  const cols = excelColumns(doc);
  const columns = exportColumns(cols);
  const rows = (async function* () {
    for await (const r of streamRows(ctx, doc, q, scope, XLSX_MAX_ROWS)) yield exportCells(cols, r);
  })();
  reply.header(
    'content-type',
    format === 'xlsx'
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'application/vnd.ms-excel',
  );
  reply.header('content-disposition', contentDisposition(`${doc.title}.${format}`));
  const raw = reply.raw;
  for (const [k, v] of Object.entries(reply.getHeaders())) raw.setHeader(k, v as string);
  raw.statusCode = 200;
  reply.hijack();
  try {
    await writeExport({ format, title: doc.title, exporter: req.user!.realname, columns, rows, out: raw });
  } catch (e) {
    ctx.log.error({ err: e, doc: doc.code }, 'export failed');
    raw.destroy();
  }
}

async function importHandler(ctx: AppContext, doc: EntityDocument, req: FastifyRequest) {
  const user = req.user!;
  let buffer: Buffer | null = null;
  let fileName = '';
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 5 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new BizError('文件大小超出20MB限制，请拆分后导入');
      if (!buffer) {
        buffer = data;
        fileName = part.filename;
      }
    }
  }
  if (!buffer) throw new BizError('请选择要导入的文件');
  if (!/\.(xls|xlsx)$/i.test(fileName)) throw new BizError('文件格式不正确，仅支持 .xls 和 .xlsx');
  const cols = excelColumns(doc);
  let parsed;
  try {
    parsed = await readImport(
      buffer,
      fileName,
      cols.map((c) => ({ key: c.key, title: c.title })),
    );
  } catch (e) {
    if (e instanceof ImportError) throw new BizError(`文件导入失败:${e.message}`);
    throw new BizError('文件导入失败:文件无法读取');
  }
  const read = await importReader(ctx, cols);
  const errors: string[] = [];
  let success = 0;
  for (const row of parsed.rows) {
    const input = read(row.values);
    try {
      await insertRow(ctx, doc, input, user);
      success++;
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      const fieldErrors = (e.result as { errors?: { field: string; message: string }[] } | null)?.errors;
      const msg = fieldErrors ? fieldErrors.map((f) => f.message).join('；') : e.message;
      errors.push(`第 ${row.rowNumber} 行：${msg}`);
    }
  }
  if (!errors.length) return okMessage(`文件导入成功！数据行数：${success}`);
  const dir = errorFileDir(ctx, user.id);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(12).toString('hex')}.txt`;
  await fs.writeFile(path.join(dir, name), errors.join('\r\n') + '\r\n', 'utf8');
  return {
    ...ok({
      totalCount: parsed.rows.length,
      errorCount: errors.length,
      successCount: success,
      msg: `总上传行数：${parsed.rows.length}，已导入行数：${success}，错误行数：${errors.length}`,
      fileUrl: `/sys/common/static/import-errors/${name}`,
      fileName: `${doc.title}导入错误.txt`,
    }),
    code: 201,
    message: '文件导入成功，但有错误。',
  };
}

type Filters = (params: Record<string, unknown>) => Expression<SqlBool>[];

export function registerExcelRoutes(
  t: RouteTable,
  ctx: AppContext,
  doc: EntityDocument,
  base: string,
  perm: (a: string) => Access,
  filters: Filters,
) {
  t.add({
    method: 'GET',
    url: `${base}/exportXls`,
    access: perm('export'),
    tag: doc.title,
    file: true,
    summary: `导出${doc.title}：.xls（默认，最多 65533 行）或 exportType=xlsx（流式，最多 ${XLSX_MAX_ROWS} 行）；字典列导出文本；selections=id1,id2 只导出所选`,
    params: [
      { name: 'exportType', in: 'query', description: 'xls | xlsx' },
      { name: 'selections', in: 'query' },
    ],
    handler: async (req, reply) => exportHandler(ctx, doc, req, reply, filters),
  });
  if (doc.readOnly) return;
  t.add({
    method: 'POST',
    url: `${base}/importExcel`,
    access: perm('import'),
    tag: doc.title,
    upload: true,
    summary: `导入${doc.title}（.xls/.xlsx，按表头标题匹配列；部分行失败时 code 201，result.fileUrl 为错误报告）`,
    handler: async (req) => importHandler(ctx, doc, req),
  });
}
