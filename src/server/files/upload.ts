import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import { BadRequest, BizError, NotFound, ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { fileKind, UPLOAD_TYPES_TEXT } from '../../core/upload-types';
import { isUploadPath } from '../../core/fields/upload-path';
import { ident } from '../db/sync';
import { newId } from '../db/ids';
import { names, readableRows, uploadColumns } from './naming';

/** reference 1: the upstream limit and its message, kept for clients that show it */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';
const BAD_TYPE = `文件格式有误,仅支持${UPLOAD_TYPES_TEXT}格式文件上传`;
const NOT_FOUND = '文件不存在';

/** a business folder: letters, digits, - and _ only, so it can never climb out of the upload root */
const BIZ = /^[A-Za-z0-9_-]{1,32}$/;
/** a stored name as upload() writes it (no separators, no leading dot) */
const STORED_NAME = /^[^/\\.][^/\\]{0,200}$/;

/** where uploads are stored: one folder per biz */
export function uploadRoot(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'files', 'upload');
}

/** the original base name, reduced to characters that are safe in a file name and a URL path */
function safeBase(fileName: string): string {
  const base = path.basename(fileName.replace(/\\/g, '/')).replace(/\.[^.]*$/, '');
  return base.replace(/[^\p{L}\p{N}_-]+/gu, '').slice(0, 60) || 'file';
}

/** bytes as people read them: 7KB, 2.5MB */
function size(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${mb.toFixed(1).replace(/\.0$/, '')}MB` : `${Math.ceil(bytes / 1024)}KB`;
}

/** the multipart body: one file and the biz field; a malformed body or a second file is a bad request */
async function readUpload(req: FastifyRequest) {
  let file: { name: string; data: Buffer } | null = null;
  let biz = 'temp';
  try {
    // biz may come before or after the file: both are read before anything is written
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'biz' && String(part.value)) biz = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      file = { name: part.filename, data };
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw new BadRequest('一次只能上传一个文件');
    throw e;
  }
  if (!file) throw new BadRequest('请选择要上传的文件');
  return { file, biz };
}

/** a stored upload as sys_upload records it */
export interface StoredFile {
  /** the file_id of /file/upload and /fileObj/delete */
  id: string;
  /** `<biz>/<name>`: what a record's upload field holds and /sys/common/static/ serves */
  path: string;
  /** the name the uploader's file had */
  srcFileName: string;
  size: number;
  mime: string;
}

/**
 * Stores the request's one file (reference 2.12, hardened as its section 3 asks): under a fixed root
 * in a business folder some document names for an upload field (or temp), accepted only when its
 * extension is on the allow-list and its first bytes are of that kind (a page renamed .png is
 * refused), and only while the uploader's files stay within the quota. POST /sys/common/upload and
 * POST /file/upload answer it each in their own shape.
 */
export async function storeUpload(ctx: AppContext, req: FastifyRequest): Promise<StoredFile> {
  const { file, biz } = await readUpload(req);
  if (!BIZ.test(biz)) throw new BizError('上传失败！业务目录只能包含字母、数字、- 和 _');
  const folders = new Set(['temp', ...uploadColumns(ctx).map((f) => f.biz)]);
  if (!folders.has(biz)) throw new BizError(`上传失败！业务目录 ${biz} 未在任何文档中声明`);
  const kind = fileKind(file.name, file.data);
  if (!kind) throw new BizError(BAD_TYPE);
  const user = req.user!;
  // one upload of a user at a time passes the quota check (the lock ends with the request's transaction)
  await sql`select pg_advisory_xact_lock(hashtext(${`upload:${user.id}`}))`.execute(ctx.db);
  const used = await ctx.db
    .selectFrom('sys_upload')
    .select(sql<string>`coalesce(sum(size), 0)`.as('n'))
    .where('uploader_id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (Number(used.n) + file.data.length > ctx.config.uploadQuotaBytes)
    throw new BizError(
      `上传失败！每位用户的上传空间为${size(ctx.config.uploadQuotaBytes)}，已用${size(Number(used.n))}，请联系管理员清理`,
    );
  const name = uniqueName(file.name, kind.ext);
  const stored: StoredFile = {
    id: newId(),
    path: `${biz}/${name}`,
    srcFileName: path.basename(file.name.replace(/\\/g, '/')).slice(0, 300),
    size: file.data.length,
    mime: kind.mime,
  };
  await recordUpload(ctx, stored, biz, user.id);
  const dir = path.join(uploadRoot(ctx), biz);
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, name), file.data, { flag: 'wx' });
  return stored;
}

/** a new file's name in its folder: the given name's safe base, made unique */
const uniqueName = (base: string, ext: string) =>
  `${safeBase(base)}_${Date.now()}${randomBytes(3).toString('hex')}.${ext}`;

/** a stored file's row (sys_upload): its uploader may read it, and the orphan cleanup knows it */
async function recordUpload(
  ctx: AppContext,
  stored: StoredFile,
  biz: string,
  uploaderId: string,
): Promise<void> {
  await ctx.db
    .insertInto('sys_upload')
    .values({
      id: stored.id,
      path: stored.path,
      src_file_name: stored.srcFileName,
      biz,
      size: stored.size,
      uploader_id: uploaderId,
    })
    .execute();
}

/**
 * Stores a file the server itself makes for a user (a 定时任务's report), as if that user had
 * uploaded it: the user reads it at /sys/common/static/<path>, and the orphan cleanup keeps it while a
 * record names it. `write` fills the file's stream and ends it.
 */
export async function storeMadeFile(
  ctx: AppContext,
  f: {
    biz: string;
    fileName: string;
    ext: string;
    mime: string;
    uploaderId: string;
    write(out: Writable): Promise<unknown>;
  },
): Promise<StoredFile> {
  const name = uniqueName(f.fileName, f.ext);
  const dir = path.join(uploadRoot(ctx), f.biz);
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const closed = once(out, 'close');
  try {
    await f.write(out);
    await closed;
  } catch (e) {
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw e;
  }
  const stored: StoredFile = {
    id: newId(),
    path: `${f.biz}/${name}`,
    srcFileName: `${f.fileName}.${f.ext}`.slice(0, 300),
    size: (await fs.promises.stat(file)).size,
    mime: f.mime,
  };
  await recordUpload(ctx, stored, f.biz, f.uploaderId);
  return stored;
}

/**
 * May the user read this stored file? Its uploader may; so may a user who may read a record naming
 * it in an upload field, within the user's list permission and data rules (or the user's own user
 * record). A field may hold several paths, comma-separated.
 */
async function mayRead(ctx: AppContext, user: CurrentUser, stored: string): Promise<boolean> {
  const owner = await ctx.db
    .selectFrom('sys_upload')
    .select('uploader_id')
    .where('path', '=', stored)
    .executeTakeFirst();
  if (owner?.uploader_id === user.id) return true;
  for (const f of uploadColumns(ctx)) {
    const rows = await readableRows(ctx, f.doc, user);
    if (!rows) continue;
    const found = await sql`select 1 from ${sql.raw(ident(f.doc.table))}
      where ${names(f.column, stored)} and ${rows} limit 1`.execute(ctx.db);
    if (found.rows.length) return true;
  }
  return false;
}

/**
 * Sends a stored upload (the biz/name path upload() answered). Images and PDFs show inline; everything
 * else downloads, and nothing is sniffed or allowed to run script. Null when there is no such file.
 */
export function sendStoredFile(
  ctx: AppContext,
  rel: string,
  reply: FastifyReply,
  cacheControl = 'private, max-age=3600',
) {
  const [biz, name, ...rest] = rel.split('/');
  if (rest.length || !BIZ.test(biz ?? '') || !STORED_NAME.test(name ?? '')) return null;
  const kind = fileKind(name);
  const file = path.join(uploadRoot(ctx), biz, name);
  if (!kind || !fs.existsSync(file)) return null;
  reply.header('content-type', kind.mime);
  reply.header(
    'content-disposition',
    `${kind.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('cache-control', cacheControl);
  return reply.send(fs.createReadStream(file));
}

/**
 * GET /sys/common/static/<biz>/<name>: an uploaded file, to those who may read it (upstream served
 * them to anyone); HTTP 404 when it is missing or not theirs to read.
 */
async function serve(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const rel = String((req.params as { '*'?: string })['*'] ?? '');
  if (!isUploadPath(rel) || !(await mayRead(ctx, req.user!, rel))) throw new NotFound(NOT_FOUND);
  const sent = sendStoredFile(ctx, rel, reply);
  if (!sent) throw new NotFound(NOT_FOUND);
  return sent;
}

export function registerUploadRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'POST',
    url: '/sys/common/upload',
    access: 'session',
    tag: '文件',
    upload: true,
    summary: `上传文件（一个 file；biz 为业务目录，默认 temp，须是文档中上传字段声明的目录；仅 ${UPLOAD_TYPES_TEXT}，不超过 10MB，每位用户总量不超过 UPLOAD_QUOTA_MB）；message 为存储路径`,
    handler: async (req) => {
      const { path: stored } = await storeUpload(ctx, req);
      return ok(stored, stored);
    },
  });
  t.add({
    method: 'GET',
    url: '/sys/common/static/*',
    access: 'session',
    tag: '文件',
    file: true,
    summary:
      '读取上传的文件：路径为上传时返回的 biz/name（图片和 PDF 直接显示，其他下载）；上传者本人，或可查看引用该文件的记录的用户可读；否则 HTTP 404',
    handler: (req, reply) => serve(ctx, req, reply),
  });
}
