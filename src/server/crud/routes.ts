import type { AppContext } from '../context';
import type { EntityDocument } from '../../core/document/types';
import {
  apiBase,
  buttonCode,
  WRITE_BUTTONS,
  writePath,
  type ButtonAction,
  type WriteEndpoint,
} from '../../core/document/model';
import { localize } from '../../core/document/localize';
import { requestLocale } from '../http/locale';
import { BizError, ok, okMessage } from '../http/envelope';
import { id, idList, record } from '../http/params';
import type { RouteTable } from '../http/routes';
import { findById, listPage, pageSizeNote, parseQuery, addDictText } from './read';
import { deleteRows, insertRow, notFoundText, updateRow } from './write';
import { rootFilter, treeNodes } from './tree';
import { ConfigError } from '../config';
import { registerExcelRoutes } from './excel';
import { registerDetailRoutes } from './details';
import { childScopes, rowScope } from './scope';
import { hooksOf } from './hooks';
import { listParams, recordSchema } from '../docs/document-schemas';

/** The generic CRUD of one entity document, at the Jeecg paths under its API base. */
export function registerEntityRoutes(t: RouteTable, ctx: AppContext, doc: EntityDocument): void {
  const base = apiBase(doc);
  const perm = (action: string) => ({ perm: `${doc.permission}${action}` });
  const tag = doc.title;
  // predicates the document's hooks derive from request parameters (virtual fields)
  const filters = (params: Record<string, unknown>) => hooksOf(doc).filter?.(ctx, params) ?? [];

  t.add({
    method: 'GET',
    url: `${base}/${doc.endpoints?.list ?? 'list'}`,
    access: perm('list'),
    tag,
    summary: `${doc.title}分页列表（查询规则见参考 2.14：操作符前缀、*模糊*、逗号 IN、!、_begin/_end、column/order、superQueryParams）`,
    params: listParams(doc, ctx.config.maxPageSize),
    handler: async (req) => {
      const params = req.query as Record<string, unknown>;
      const [rest, roots] = rootFilter(doc, params);
      const scope = [...(await rowScope(ctx, doc, req.user!)), ...filters(rest), ...roots];
      const q = parseQuery(ctx, doc, rest, req.user);
      const children = await childScopes(ctx, q, req.user!);
      return ok(await listPage(ctx, doc, q, scope, children), pageSizeNote(ctx, q));
    },
  });

  t.add({
    method: 'GET',
    url: `${base}/queryById`,
    access: perm('list'),
    tag,
    summary: `按 id 查询${doc.title}`,
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      const row = await findById(ctx, doc, id(req.query), await rowScope(ctx, doc, req.user!));
      if (!row) throw new BizError(notFoundText(doc));
      const rows = await addDictText(ctx, doc, [row]);
      await hooksOf(doc).read?.(ctx, rows);
      return ok(rows[0]);
    },
  });

  if (doc.readOnly) {
    registerDocumentRoute(t, doc, base, perm);
    registerExcelRoutes(t, ctx, doc, base, perm, filters);
    return;
  }
  // the writes are a server module's, with its own checks: the generic list and tree read for it
  if (doc.declaredWrites) {
    requireDeclaredWrites(t, doc, base);
    registerTreeRoute(t, ctx, doc, base, perm);
    registerDocumentRoute(t, doc, base, perm);
    return;
  }

  t.add({
    method: 'POST',
    url: `${base}/add`,
    access: perm('add'),
    tag,
    summary: `新增${doc.title}（按表单规则校验；失败时 result.errors 为 [{field, message}]）`,
    body: recordSchema(doc, 'add'),
    handler: async (req) => {
      const newId = await insertRow(ctx, doc, record(req.body), req.user!);
      return { ...okMessage(doc.messages?.add ?? '添加成功！'), result: newId };
    },
  });

  t.add({
    method: ['PUT', 'POST'],
    url: `${base}/edit`,
    access: perm('edit'),
    tag,
    summary: `编辑${doc.title}`,
    body: recordSchema(doc, 'edit'),
    handler: async (req) => {
      const body = record(req.body);
      const existing = await findById(ctx, doc, id(body), await rowScope(ctx, doc, req.user!, 'write'));
      if (!existing) throw new BizError(notFoundText(doc));
      await updateRow(ctx, doc, existing, body, req.user!);
      return okMessage(doc.messages?.edit ?? '编辑成功！');
    },
  });

  t.add({
    method: 'DELETE',
    url: `${base}/delete`,
    access: perm('delete'),
    tag,
    summary: `删除一条${doc.title}`,
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      await deleteRows(ctx, doc, [id(req.query)], req.user!, await rowScope(ctx, doc, req.user!, 'write'));
      return okMessage(doc.messages?.delete ?? '删除成功！');
    },
  });

  t.add({
    method: 'DELETE',
    url: `${base}/deleteBatch`,
    access: perm('batch_delete'),
    tag,
    summary: `批量删除${doc.title}`,
    params: [{ name: 'ids', in: 'query', required: true }],
    handler: async (req) => {
      const scope = await rowScope(ctx, doc, req.user!, 'write');
      await deleteRows(ctx, doc, idList(req.query, 'ids'), req.user!, scope);
      return okMessage(doc.messages?.deleteBatch ?? '批量删除成功！');
    },
  });

  registerTreeRoute(t, ctx, doc, base, perm);
  registerDetailRoutes(t, ctx, doc);
  registerDocumentRoute(t, doc, base, perm);
  registerExcelRoutes(t, ctx, doc, base, perm, filters);
}

/**
 * a document whose writes a server module declares: each write it has a button for must be there
 * (app.ts registers that module first), at its path (endpoints) and guarded by its button's code, so
 * the buttons the browser shows are the routes' own
 */
function requireDeclaredWrites(t: RouteTable, doc: EntityDocument, base: string) {
  const problems: string[] = [];
  for (const [write, action] of Object.entries(WRITE_BUTTONS) as [WriteEndpoint, ButtonAction][]) {
    const code = buttonCode(doc, action);
    if (code === false) continue;
    const url = writePath(doc, base, write);
    const route = t.routes.find((r) => r.url === url);
    if (!route) problems.push(`${url} is not declared`);
    else if (typeof route.access !== 'object' || route.access.perm !== code)
      problems.push(`${url} is not guarded by ${code}`);
  }
  if (problems.length) throw new ConfigError(`${doc.code} declares its writes, but ${problems.join(', ')}`);
}

function registerTreeRoute(
  t: RouteTable,
  ctx: AppContext,
  doc: EntityDocument,
  base: string,
  perm: (action: string) => { perm: string },
) {
  if (doc.tree && doc.endpoints?.tree) {
    t.add({
      method: 'GET',
      url: `${base}/${doc.endpoints.tree}`,
      access: perm('list'),
      tag: doc.title,
      summary: `${doc.title}树（result.records 为根节点及其 children；带 pid 时只返回该节点的下一级）`,
      params: [{ name: 'pid', in: 'query' }],
      handler: async (req) =>
        ok(
          await treeNodes(
            ctx,
            doc,
            req.query as Record<string, unknown>,
            await rowScope(ctx, doc, req.user!),
          ),
        ),
    });
  }
}

function registerDocumentRoute(
  t: RouteTable,
  doc: EntityDocument,
  base: string,
  perm: (action: string) => { perm: string },
) {
  t.add({
    method: 'GET',
    url: `/online/cgform/api/document/${doc.code}`,
    access: perm('list'),
    tag: doc.title,
    summary: `${doc.title}的实体文档（浏览器据此生成列表、表单与查询）`,
    // in the language the request asks for (the console's choice): the document's own words elsewhere
    handler: async (req) => ok(localize({ ...doc, api: base }, requestLocale(req))),
  });
}
