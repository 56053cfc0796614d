import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { entityColumns, uploadFolder } from '../../core/document/model';
import { isUploadPath } from '../../core/fields/upload-path';
import { BadRequest, BizError } from '../http/envelope';
import { text } from '../http/params';
import type { Access, RouteTable } from '../http/routes';
import {
  answerExport,
  contentDisposition,
  EXPORT_MAX_ROWS,
  exportFormat,
  exportRowLimit,
  streamReply,
} from '../excel/answer';
import { writeZip, type ZipInput } from '../excel/zip';
import { uploadRoot } from '../files/upload';
import { IMPORT_LIMITS, tooBig } from '../excel/limits';
import { IMPORT_BATCH_ROWS, runImport, type ImportPlan, type Upload } from '../imports/run';
import { CODE } from '../../core/wire';
import { registerImportJobRoutes } from '../imports/routes';
import { checkForeignKeys, parseForeignKeys } from '../imports/foreign-keys';
import { exportRows, findRows, parseQuery } from './read';
import { excelColumns, exportCells, exportColumns, importReader, templateHints } from './excel-columns';
import { childScopes, mastersOf, rowScope } from './scope';
import { detailExportSheets, detailImportPlans, masterKey } from './excel-details';
import type { Expression, SqlBool } from 'kysely';

async function exportHandler(
  ctx: AppContext,
  doc: EntityDocument,
  req: FastifyRequest,
  reply: FastifyReply,
  filters: Filters,
) {
  const params = { ...(req.query as Record<string, unknown>) };
  const scope = [...(await rowScope(ctx, doc, req.user!)), ...filters(params)];
  const format = exportFormat(params);
  const q = parseQuery(ctx, doc, params, req.user);
  const selections = text(params, 'selections', { max: 100_000 });
  if (selections) {
    const ids = selections.split(',').filter(Boolean);
    if (ids.some((s) => !/^[\w-]{1,64}$/.test(s))) throw new BizError('参数 selections 格式不正确');
    q.filter.items.push({ type: 'cond', field: 'id', rule: 'in', value: ids });
  }
  const children = await childScopes(ctx, q, req.user!);
  const cols = excelColumns(doc);
  const columns = exportColumns(cols);
  // the masters the sheet took (id → identifying cell), for the detail sheets that follow it
  const masters = new Map<string, unknown>();
  const key = doc.children?.length ? masterKey(doc).key : null;
  const source = await exportRows(ctx, doc, q, scope, exportRowLimit(format), children);
  const rows = (async function* () {
    for await (const r of source.rows) {
      const cells = exportCells(cols, r);
      yield cells;
      // after the yield: the writer took the row (it stops asking past its row limit)
      if (key) masters.set(String(r.id), cells[key]);
    }
  })();
  await answerExport(ctx, req, reply, {
    format,
    title: doc.title,
    sheets: [
      { title: doc.title, columns, rows },
      ...(await detailExportSheets(ctx, doc, req.user!, masters, EXPORT_MAX_ROWS)),
    ],
    count: source.count,
    more: source.more,
    what: { doc: doc.code },
  });
}

/** exportXls?type=template asks for the import template, on the import code (RouteSpec.accessByQuery) */
const TEMPLATE = { name: 'type', value: 'template' } as const;

/**
 * The import template: the columns import reads, by the titles it matches, in its order, as row 1;
 * row 2 names each dictionary column's values (import.ts skips it); no data. exportType=xlsx as for
 * an export, else .xls.
 */
async function templateHandler(
  ctx: AppContext,
  doc: EntityDocument,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  if (doc.readOnly) throw new BizError(`${doc.title}不支持导入`);
  const cols = excelColumns(doc);
  const hints = await templateHints(ctx, cols);
  const rows = (async function* () {
    if (Object.keys(hints).length) yield hints;
  })();
  await answerExport(ctx, req, reply, {
    format: exportFormat(req.query),
    title: `${doc.title}模板`,
    sheets: [{ title: doc.title, columns: exportColumns(cols), rows }],
    count: 0,
    more: false,
    what: { doc: doc.code, template: true },
    headerOnly: true,
  });
}

/** the file and image fields of a document: what 导出附件 packs, one at a time */
export function attachmentColumns(doc: EntityDocument) {
  return entityColumns(doc).filter((c) => c.field && uploadFolder(c.field));
}

/** the entry listing what was not packed */
const MISSING_ENTRY = '缺失文件.txt';

/** a file name safe inside a zip on any system: no separators, controls or characters Windows refuses */
function entryName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return clean.slice(-120) || 'file';
}

/** `name`, or `name(2).ext`, `name(3).ext` … : the first not yet in `taken` (compared ignoring case) */
function uniqueName(taken: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let out = name;
  for (let n = 2; taken.has(out.toLowerCase()); n++) out = `${base}(${n})${ext}`;
  taken.add(out.toLowerCase());
  return out;
}

/**
 * 导出附件: the stored files that the `type` field (a file or image field of the document, checked
 * against it) of the selected rows names, as a .zip. Only rows the user may read count (the export's
 * row scope: data rules, soft delete, masters); a file that is gone, or an image given as a web
 * address, is left out and named in 缺失文件.txt.
 */
async function zipHandler(
  ctx: AppContext,
  doc: EntityDocument,
  req: FastifyRequest,
  reply: FastifyReply,
  filters: Filters,
) {
  const params = { ...(req.query as Record<string, unknown>) };
  const fields = attachmentColumns(doc);
  const type = text(params, 'type', { max: 64 });
  const col = fields.find((c) => c.key === type);
  if (!col)
    throw new BadRequest(
      `参数 type 须为${doc.title}的文件或图片字段：${fields.map((c) => `${c.key}（${c.title}）`).join('、')}`,
    );
  const ids = text(params, 'ids', { max: 100_000 }).split(',').filter(Boolean);
  if (!ids.length) throw new BizError('请选择要导出附件的记录');
  if (ids.some((s) => !/^[\w-]{1,64}$/.test(s))) throw new BizError('参数 ids 格式不正确');
  const scope = [...(await rowScope(ctx, doc, req.user!)), ...filters(params)];
  const found = await findRows(ctx, doc, [sql`"id" in (${sql.join(ids)})`, ...scope]);
  const order = new Map(ids.map((id, i) => [id, i]));
  found.sort((a, b) => order.get(String(a.id))! - order.get(String(b.id))!);
  const named = found.flatMap((r) =>
    String(r[col.key] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => ({ id: String(r.id), path: p })),
  );
  const stored = named.filter((n) => isUploadPath(n.path)).map((n) => n.path);
  const sources = new Map<string, string>();
  if (stored.length)
    for (const u of await ctx.db
      .selectFrom('sys_upload')
      .select(['path', 'src_file_name'])
      .where('path', 'in', [...new Set(stored)])
      .execute())
      sources.set(String(u.path), String(u.src_file_name ?? ''));

  const missing: string[] = [];
  const root = uploadRoot(ctx);
  const entries = (async function* (): AsyncGenerator<ZipInput> {
    const taken = new Set([MISSING_ENTRY.toLowerCase()]);
    for (const n of named) {
      const file = isUploadPath(n.path) ? path.join(root, ...n.path.split('/')) : null;
      const data = file ? await fs.promises.readFile(file).catch(() => null) : null;
      if (!data) {
        missing.push(`记录 ${n.id}：${n.path}`);
        continue;
      }
      const name = entryName(sources.get(n.path) || path.posix.basename(n.path));
      yield { name: uniqueName(taken, name), data };
    }
    if (missing.length)
      yield {
        name: MISSING_ENTRY,
        data: Buffer.from(
          `以下文件不存在或不是本系统保存的文件，未打包：\r\n${missing.join('\r\n')}\r\n`,
          'utf8',
        ),
      };
  })();

  reply.header('content-type', 'application/zip');
  reply.header('content-disposition', contentDisposition(`${doc.title}_${col.title}.zip`));
  const { raw, gone } = streamReply(reply);
  try {
    await writeZip(entries, raw, gone);
  } catch (e) {
    if (gone.aborted) ctx.log.info({ doc: doc.code }, 'zip export stopped: the reader went away');
    else ctx.log.error({ doc: doc.code, err: e }, 'zip export failed');
    raw.destroy();
  }
}

/** the multipart request: the first file part, and the optional jobId, reimport, isSingleTableImport and foreignKeys fields */
async function readUpload(req: FastifyRequest): Promise<Upload> {
  let upload: Upload | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 5 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else {
        const file = await part.toBuffer();
        upload ??= { file, fileName: part.filename, reimport: false, singleTable: false };
      }
    }
  } catch (e) {
    // say which limit, rather than the framework's generic "request too large"
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new BizError(tooBig.file(IMPORT_LIMITS));
    throw e;
  }
  if (!upload) throw new BizError('请选择要导入的文件');
  if (!/\.(xls|xlsx)$/i.test(upload.fileName)) throw new BizError('文件格式不正确，仅支持 .xls 和 .xlsx');
  const jobId = text(fields, 'jobId', { max: 64 });
  if (jobId && !/^[\w-]{8,64}$/.test(jobId)) throw new BizError('参数 jobId 格式不正确');
  const foreignKeys = text(fields, 'foreignKeys', { max: 2000 });
  return {
    ...upload,
    jobId: jobId || undefined,
    reimport: fields.reimport === '1' || fields.reimport === 'true',
    singleTable: fields.isSingleTableImport === '1' || fields.isSingleTableImport === 'true',
    foreignKeys: foreignKeys ? parseForeignKeys(foreignKeys) : undefined,
  };
}

async function importHandler(ctx: AppContext, doc: EntityDocument, req: FastifyRequest) {
  const upload = await readUpload(req);
  const fixed = upload.foreignKeys ?? {};
  await checkForeignKeys(ctx, doc, req.user!, fixed);
  const cols = excelColumns(doc);
  const read = await importReader(ctx, cols);
  const plan: ImportPlan = {
    doc,
    columns: cols.map((c) => ({ key: c.key, title: c.title })),
    // the master the list shows wins over the file's column, which may be absent
    toRecords: async (rows) => (await read(rows)).map((r) => ({ ...r, ...fixed })),
    details: doc.children?.length && !upload.singleTable ? await detailImportPlans(ctx, doc) : undefined,
  };
  return runImport(ctx, plan, req.user!, upload);
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
    ...(doc.readOnly ? {} : { accessByQuery: { ...TEMPLATE, access: perm('import') } }),
    tag: doc.title,
    file: true,
    summary:
      `导出${doc.title}：.xls（默认，最多 65533 行，整个文件写好后发送，带 Content-Length）或 exportType=xlsx（边读边写，最多 ${EXPORT_MAX_ROWS} 行）；响应头 X-Total-Count 为文件的数据行数（X-More-Rows: true 表示符合条件的更多）；exportId 可查进度（/sys/common/exportProgress）；字典列导出文本；selections=id1,id2 只导出所选` +
      (doc.children?.length
        ? `；其后每个可查看的子表一个工作表，为所导出记录的明细，首列为${masterKey(doc).title}`
        : '') +
      (doc.readOnly
        ? ''
        : `。type=template：导入模板（${doc.title}模板.xls，需导入权限）：第 1 行为导入所认的列标题，第 2 行列出字典列的可选值（导入时跳过），无数据行`),
    params: [
      { name: 'exportType', in: 'query', description: 'xls | xlsx' },
      ...(doc.readOnly
        ? []
        : [{ name: 'type', in: 'query' as const, description: 'template：下载导入模板' }]),
      { name: 'selections', in: 'query' },
      {
        name: 'exportId',
        in: 'query',
        description: '客户端生成的导出编号（8–64 位字母数字、-、_），用于查询进度',
      },
    ],
    handler: async (req, reply) =>
      (req.query as Record<string, unknown>)[TEMPLATE.name] === TEMPLATE.value
        ? templateHandler(ctx, doc, req, reply)
        : exportHandler(ctx, doc, req, reply, filters),
  });
  const attachments = attachmentColumns(doc);
  if (attachments.length)
    t.add({
      method: 'GET',
      url: `${base}/exportZip`,
      access: perm('export'),
      tag: doc.title,
      file: true,
      summary: `导出${doc.title}附件：所选记录（ids，须在数据权限内）的 type 字段所存文件，打包为 .zip；同名文件自动改名，不存在的文件记入“${MISSING_ENTRY}”`,
      params: [
        { name: 'ids', in: 'query', required: true, description: '记录 id，逗号分隔' },
        {
          name: 'type',
          in: 'query',
          required: true,
          description: `文件或图片字段：${attachments.map((c) => `${c.key}（${c.title}）`).join('、')}`,
        },
      ],
      handler: async (req, reply) => zipHandler(ctx, doc, req, reply, filters),
    });
  if (doc.readOnly) return;
  const masters = mastersOf(ctx, doc);
  const links = masters.map((m) => `${m.key}：${m.master.title}`).join('、');
  t.add({
    method: 'POST',
    url: `${base}/importExcel`,
    access: perm('import'),
    tag: doc.title,
    upload: true,
    // each batch commits on its own, so the import dialog follows the job while it runs
    commitsAsItGoes: true,
    summary:
      `导入${doc.title}（multipart：file 为 .xls/.xlsx，按表头标题匹配列；可选 jobId 以便查询进度，reimport=1 确认重复导入）。` +
      `每次导入记为一个导入任务，分批（每批 ${IMPORT_BATCH_ROWS} 行）校验写入，每批整批提交；部分行失败时 code ${CODE.partial}，result.fileUrl 为错误报告；` +
      `同一文件已导入过时 code ${CODE.reimport}（result.jobId 为上次的任务），确认后带 reimport=1 重新提交` +
      (doc.children?.length
        ? `。含子表工作表（按子表标题命名，首列${masterKey(doc).title}对应主表）时，每条主表记录与其明细一起校验、一起写入或都不写入；需子表的新增权限`
        : ''),
    params: [
      { name: 'file', in: 'body', required: true, description: '.xls 或 .xlsx，至多 20MB（.xls 至多 10MB）' },
      { name: 'jobId', in: 'body', description: '客户端生成的任务编号（8–64 位字母数字、-、_）' },
      { name: 'reimport', in: 'body', description: '1：确认再次导入同一文件' },
      ...(doc.children?.length
        ? [
            {
              name: 'isSingleTableImport',
              in: 'body' as const,
              description: 'true：只导入主表工作表，子表工作表不导入',
            },
          ]
        : []),
      ...(masters.length
        ? [
            {
              name: 'foreignKeys',
              in: 'body' as const,
              description: `JSON 对象 {外键字段: 主表记录 id}（${links}）：导入的每行都归属该主表记录，文件中该列可省略，填写了也以此为准；主表记录须在数据权限内，且须有主表的编辑权限`,
            },
          ]
        : []),
    ],
    handler: async (req) => importHandler(ctx, doc, req),
  });
  registerImportJobRoutes(t, ctx, doc, base, perm);
}
