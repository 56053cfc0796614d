import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { fileKind, UPLOAD_TYPES_TEXT } from '../../core/upload-types';
import { isHttpUrl, isUploadPath } from '../../core/fields/upload-path';
import type { AppContext, CurrentUser } from '../context';
import { ident } from '../db/sync';
import { BizError, NotFound, ok, okMessage, page } from '../http/envelope';
import { id } from '../http/params';
import type { RouteTable } from '../http/routes';
import { editable, names, readableRows, uploadColumns } from './naming';
import { storeUpload, uploadRoot, type StoredFile } from './upload';

const NOT_FOUND = '文件不存在';
const NOT_YOURS = '没有权限删除该文件';

/** a file object as describes it (upload response item, gallery entry, fileObj/list record) */
interface FileObject {
  file_id: string | null;
  fileName: string;
  srcFileName: string;
  filePath: string;
  url: string;
  pathUrl: string;
  requestUrl: string;
  type: string;
  size: number | null;
}

function fileObject(
  ctx: AppContext,
  f: Pick<StoredFile, 'id' | 'path' | 'srcFileName' | 'size'>,
): FileObject {
  const url = `${ctx.config.apiBase}/sys/common/static/${f.path}`;
  return {
    file_id: f.id,
    fileName: path.posix.basename(f.path),
    srcFileName: f.srcFileName,
    filePath: f.path,
    url,
    pathUrl: url,
    requestUrl: url,
    type: fileKind(f.path)?.mime ?? '',
    size: f.size,
  };
}

/** an image field's network address: listed as it is, with nothing stored behind it */
function addressObject(address: string): FileObject {
  const name =
    address
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() || address;
  return {
    file_id: null,
    fileName: name,
    srcFileName: name,
    filePath: address,
    url: address,
    pathUrl: address,
    requestUrl: address,
    type: fileKind(name)?.mime ?? '',
    size: null,
  };
}

/** the stored files of these paths, by path (uploads of earlier versions have no source name: their stored one) */
async function storedFiles(ctx: AppContext, paths: string[]) {
  if (!paths.length) return new Map<string, StoredFile>();
  const rows = await ctx.db
    .selectFrom('sys_upload')
    .select(['id', 'path', 'src_file_name', 'size'])
    .where('path', 'in', paths)
    .execute();
  return new Map(
    rows.map((r) => {
      const p = String(r.path);
      const f = {
        id: String(r.id),
        path: p,
        srcFileName: String(r.src_file_name ?? path.posix.basename(p)),
        size: Number(r.size),
        mime: fileKind(p)?.mime ?? '',
      };
      return [p, f];
    }),
  );
}

/**
 * The files a record names in its upload, file and image fields, in field order: the record of that
 * id in any document the user may read (list permission and data rules). A file belongs to a record
 * because the record names it; nothing else ties them, so the list is never stale.
 */
async function recordFiles(ctx: AppContext, user: CurrentUser, objectId: string): Promise<FileObject[]> {
  const byTable = new Map<string, ReturnType<typeof uploadColumns>>();
  for (const u of uploadColumns(ctx)) byTable.set(u.doc.table, [...(byTable.get(u.doc.table) ?? []), u]);
  for (const columns of byTable.values()) {
    const doc = columns[0]!.doc;
    const rows = await readableRows(ctx, doc, user);
    if (!rows) continue;
    const cols = sql.join(columns.map((c) => sql.raw(ident(c.column))));
    const found = await sql<Record<string, string | null>>`select ${cols} from ${sql.raw(ident(doc.table))}
      where "id" = ${objectId} and ${rows}`.execute(ctx.db);
    const row = found.rows[0];
    if (!row) continue;
    const items = columns.flatMap((c) => String(row[c.column] ?? '').split(',')).filter(Boolean);
    const stored = await storedFiles(
      ctx,
      items.filter((p) => isUploadPath(p)),
    );
    return items.flatMap((p) => {
      const f = stored.get(p);
      if (f) return [fileObject(ctx, f)];
      return isHttpUrl(p) ? [addressObject(p)] : [];
    });
  }
  return uploadedFile(ctx, user, objectId);
}

/**
 * A file just uploaded, named by its file_id before any record names it (a form still open lists
 * what it uploaded): to its uploader only.
 */
async function uploadedFile(ctx: AppContext, user: CurrentUser, fileId: string): Promise<FileObject[]> {
  const f = await ctx.db
    .selectFrom('sys_upload')
    .select(['id', 'path', 'src_file_name', 'size'])
    .where('id', '=', fileId)
    .where('uploader_id', '=', user.id)
    .executeTakeFirst();
  if (!f) return [];
  const p = String(f.path);
  return [
    fileObject(ctx, {
      id: String(f.id),
      path: p,
      srcFileName: String(f.src_file_name ?? path.posix.basename(p)),
      size: Number(f.size),
    }),
  ];
}

/**
 * Deletes a stored file. The user must be allowed to edit every record that names it (edit
 * permission and data rules), and those records lose it from their fields; a file no record names
 * may be deleted by its uploader only.
 */
async function deleteFile(ctx: AppContext, user: CurrentUser, fileId: string): Promise<void> {
  const file = await ctx.db
    .selectFrom('sys_upload')
    .select(['path', 'uploader_id'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw new NotFound(NOT_FOUND);
  const stored = String(file.path);
  const naming: { column: string; table: string; ids: string[] }[] = [];
  for (const u of uploadColumns(ctx)) {
    const all = await sql<{ id: string }>`select "id" from ${sql.raw(ident(u.doc.table))}
      where ${names(u.column, stored)}`.execute(ctx.db);
    if (!all.rows.length) continue;
    const scope = await editable(ctx, u.doc, user);
    const mine = scope
      ? await sql<{ id: string }>`select "id" from ${sql.raw(ident(u.doc.table))}
          where ${names(u.column, stored)} and ${scope}`.execute(ctx.db)
      : { rows: [] };
    if (mine.rows.length < all.rows.length) throw new BizError(NOT_YOURS);
    naming.push({ column: u.column, table: u.doc.table, ids: all.rows.map((r) => String(r.id)) });
  }
  if (!naming.length && file.uploader_id !== user.id) throw new BizError(NOT_YOURS);
  for (const n of naming) {
    const col = sql.raw(ident(n.column));
    // the comma list without this path; nothing left is no value
    await sql`update ${sql.raw(ident(n.table))}
      set ${col} = nullif(array_to_string(array_remove(string_to_array(${col}, ','), ${stored}), ','), '')
      where "id" in (${sql.join(n.ids)})`.execute(ctx.db);
  }
  await ctx.db.deleteFrom('sys_upload').where('id', '=', fileId).execute();
  await fs.promises.rm(path.join(uploadRoot(ctx), stored), { force: true });
}

/** the id of a delete: from the query (DELETE, and POST ?id=) or the body (POST {id}) */
function deleteId(req: FastifyRequest): string {
  const query = req.query as Record<string, unknown>;
  return id(query.id !== undefined ? query : (req.body ?? {}));
}

export function registerFileObjectRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'POST',
    url: '/file/upload',
    access: 'session',
    tag: '文件',
    upload: true,
    summary:
      `上传文件（spec 7.4：一个 file；biz 为业务目录，默认 temp，须是文档中上传字段声明的目录；仅 ${UPLOAD_TYPES_TEXT}，不超过 10MB）。` +
      'result 为一项的数组 {file_id, fileName, srcFileName, filePath, url, pathUrl, type, size}：filePath 是记录的上传字段保存的值，' +
      'url/pathUrl 是读取地址（需登录），type 为 MIME 类型，size 为字节数。文件属于保存时在上传/文件/图片字段中引用它的记录；' +
      '没有记录引用且超过 UPLOAD_ORPHAN_GRACE_HOURS 的文件会被定时清理',
    handler: async (req) => {
      const stored = await storeUpload(ctx, req);
      return ok([fileObject(ctx, stored)], '上传成功');
    },
  });
  t.add({
    method: 'GET',
    url: '/fileObj/list',
    access: 'session',
    tag: '文件',
    summary:
      '记录的文件：objectId 为记录的 id，result.records[] 为该记录上传/文件/图片字段引用的文件（requestUrl 为读取地址，另有 file_id、fileName、srcFileName、filePath、type、size）；' +
      '仅限用户可查看的记录（列表权限与数据规则）。objectId 也可以是刚上传的文件的 file_id（仅上传者本人）：result.records[] 为该文件。否则为空列表',
    params: [
      { name: 'objectId', in: 'query', required: true, description: '记录 id，或本人刚上传的文件的 file_id' },
    ],
    handler: async (req) => {
      const records = await recordFiles(ctx, req.user!, id(req.query, 'objectId'));
      return ok(page(records, records.length, records.length, 1));
    },
  });
  t.add({
    method: ['POST', 'DELETE'],
    url: '/fileObj/delete',
    access: 'session',
    tag: '文件',
    summary:
      '删除文件：id 为 file_id（查询参数或 JSON 请求体）。引用它的记录须全部是用户可编辑的（编辑权限与数据规则），这些记录的字段随之去掉该文件；' +
      '没有记录引用的文件只有上传者可删除。否则 没有权限删除该文件；不存在时 文件不存在',
    params: [{ name: 'id', in: 'query', required: true, description: 'file_id' }],
    handler: async (req) => {
      await deleteFile(ctx, req.user!, deleteId(req));
      return okMessage('删除成功！');
    },
  });
}
