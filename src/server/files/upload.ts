import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { BizError, ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { fileKind, UPLOAD_TYPES_TEXT } from '../../core/upload-types';

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

/**
 * POST /sys/common/upload (reference 2.12, hardened as its section 3 asks): one file, stored under a
 * fixed root in a sanitised `biz` folder, accepted only when its extension is on the allow-list and
 * its first bytes are of that kind (a page renamed .png is refused). Answers the stored path in
 * `message`, where the spec's upload cells read it.
 */
async function upload(ctx: AppContext, req: FastifyRequest) {
  let file: { name: string; data: Buffer } | null = null;
  let biz = 'temp';
  // biz may come before or after the file: both are read before anything is written
  for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'biz' && String(part.value)) biz = String(part.value);
      continue;
    }
    const data = await part.toBuffer().catch((e: { code?: string }) => {
      throw e.code === 'FST_REQ_FILE_TOO_LARGE' ? new BizError(TOO_LARGE) : e;
    });
    file = { name: part.filename, data };
  }
  if (!file) throw new BizError('请选择要上传的文件');
  if (!BIZ.test(biz)) throw new BizError('上传失败！业务目录只能包含字母、数字、- 和 _');
  const kind = fileKind(file.name, file.data);
  if (!kind) throw new BizError(BAD_TYPE);
  const name = `${safeBase(file.name)}_${Date.now()}${randomBytes(3).toString('hex')}.${kind.ext}`;
  const dir = path.join(uploadRoot(ctx), biz);
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, name), file.data, { flag: 'wx' });
  const stored = `${biz}/${name}`;
  return ok(stored, stored);
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

/** GET /sys/common/static/<biz>/<name>: an uploaded file, to signed-in users only (upstream served them to anyone) */
async function serve(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const rel = String((req.params as { '*'?: string })['*'] ?? '');
  const sent = sendStoredFile(ctx, rel, reply);
  if (!sent) throw new BizError(NOT_FOUND);
  return sent;
}

export function registerUploadRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'POST',
    url: '/sys/common/upload',
    access: 'session',
    tag: '文件',
    upload: true,
    summary: `上传文件（file，biz 为业务目录，默认 temp；仅 ${UPLOAD_TYPES_TEXT}，不超过 10MB）；message 为存储路径`,
    handler: (req) => upload(ctx, req),
  });
  t.add({
    method: 'GET',
    url: '/sys/common/static/*',
    access: 'session',
    tag: '文件',
    file: true,
    summary: '读取上传的文件：路径为上传时返回的 biz/name（图片和 PDF 直接显示，其他下载）',
    handler: (req, reply) => serve(ctx, req, reply),
  });
}
