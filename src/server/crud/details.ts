import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { apiBase, columnByKey } from '../../core/document/model';
import { NO_PERMISSION } from '../../core/wire';
import { BizError, ok, okMessage } from '../http/envelope';
import { id, record, text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { ident } from '../db/sync';
import { newId } from '../db/ids';
import { addDictText, findById, findRows } from './read';
import { orderSql, registerChildFields, selectSql } from './compile';
import { rowScope, type RowAccess } from './scope';
import { announceRows } from '../socket/row-news';
import {
  deleteRows,
  insertPrepared,
  insertRow,
  notFoundText,
  prepareAll,
  staleEdit,
  updatePrepared,
  updateRow,
} from './write';

type Row = Record<string, unknown>;

/** a failing field of a detail row: which sub-table, which row of what was sent, which field */
export interface DetailError {
  table: string;
  row: number;
  field: string;
  message: string;
}

/** one sub-table's part of a master save: its rows as the grid holds them, and the ids it deleted */
interface DetailChange {
  rows: Row[];
  deleted: string[];
}

/** rows of one sub-table one save may carry */
const MAX_DETAIL_ROWS = 5000;
/** the grid gives a new row a 6-character id of its own; it names nothing on the server */
const TEMPORARY_ID = /^[A-Za-z0-9]{6}$/;

function detailChanges(doc: EntityDocument, details: unknown): Map<string, DetailChange> {
  const raw = details ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new BizError('details 必须是以子表编码为键的对象');
  const changes = new Map<string, DetailChange>();
  for (const [code, part] of Object.entries(raw as Row)) {
    if (!doc.children?.some((c) => c.code === code))
      throw new BizError(`${doc.title}没有子表 ${code.slice(0, 50)}`);
    const { rows = [], deleted = [] } = (part ?? {}) as { rows?: unknown; deleted?: unknown };
    if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
      throw new BizError(`子表 ${code} 的 rows 必须是记录数组`);
    if (rows.length > MAX_DETAIL_ROWS) throw new BizError(`子表 ${code} 一次最多保存${MAX_DETAIL_ROWS}行`);
    if (!Array.isArray(deleted) || deleted.some((d) => typeof d !== 'string'))
      throw new BizError(`子表 ${code} 的 deleted 必须是 id 数组`);
    changes.set(code, { rows: rows as Row[], deleted: deleted as string[] });
  }
  return changes;
}

function requireCode(user: CurrentUser, code: string): void {
  if (!user.codes.has(code)) throw new BizError(NO_PERMISSION);
}

/** the master by id within the user's data rules (for reading or for writing): none of its details is reached otherwise */
async function findMaster(
  ctx: AppContext,
  doc: EntityDocument,
  masterId: string,
  user: CurrentUser,
  access: RowAccess = 'read',
) {
  const master = await findById(ctx, doc, masterId, await rowScope(ctx, doc, user, access));
  if (!master) throw new BizError(notFoundText(doc));
  return master;
}

/** a sub-table's rows of one master matching `where`, within the child's data rules, in its list order, with dictionary texts */
async function detailRows(
  ctx: AppContext,
  child: EntityDocument,
  foreignKey: string,
  masterId: string,
  user: CurrentUser,
  where: Expression<SqlBool>[] = [],
): Promise<Row[]> {
  const fk = sql.raw(ident(columnByKey(child, foreignKey)!.column));
  const all = [sql<SqlBool>`${fk} = ${masterId}`, ...where, ...(await rowScope(ctx, child, user))];
  const order = orderSql(child, [{ field: child.list.sort.column, order: child.list.sort.order }]);
  const rows = await sql<Row>`select ${selectSql(child)} from ${sql.raw(ident(child.table))}
     where ${sql.join(all, sql` and `)} order by ${order}`.execute(ctx.db);
  return addDictText(ctx, child, rows.rows);
}

const pidColumn = (child: EntityDocument) => sql.raw(ident(columnByKey(child, child.tree!.pidField)!.column));

/** a tree row's parent as stored: no parent is '0' */
const parentOf = (r: Row, pidKey: string) => {
  const v = r[pidKey];
  return v === undefined || v === null || v === '' ? '0' : String(v);
};

/** the deleted rows with their descendants among the master's rows (deleteRows removes those too) */
function withDescendants(deleted: string[], owned: Map<string, Row>, pidKey: string): Set<string> {
  const gone = new Set(deleted);
  for (let grew = true; grew;) {
    grew = false;
    for (const [rowId, r] of owned)
      if (!gone.has(rowId) && gone.has(parentOf(r, pidKey))) {
        gone.add(rowId);
        grew = true;
      }
  }
  return gone;
}

/**
 * A tree sub-table's parent links, checked and resolved before anything is written: an existing row
 * keeps its parent; a new row goes at the top, under a kept row of this master, or under a new row
 * sent before it, whose temporary id is replaced by that row's new id (only earlier rows: no cycle).
 */
function linkTree(
  master: EntityDocument,
  child: EntityDocument,
  code: string,
  change: DetailChange,
  inserts: { input: Row; row: number; id: string }[],
  updates: { input: Row; existing: Row; row: number }[],
  owned: Map<string, Row>,
): DetailError[] {
  const pid = columnByKey(child, child.tree!.pidField)!;
  const error = (row: number, message: string) => ({ table: code, row, field: pid.key, message });
  const errors = updates
    .filter((u) => pid.key in u.input && parentOf(u.input, pid.key) !== parentOf(u.existing, pid.key))
    .map((u) => error(u.row, `${pid.title}不能修改`));
  const gone = withDescendants(change.deleted, owned, pid.key);
  const newIds = new Map<string, string>();
  for (const i of inserts) {
    const parent = parentOf(i.input, pid.key);
    if (newIds.has(parent)) i.input[pid.key] = newIds.get(parent);
    else if (parent !== '0' && (!owned.has(parent) || gone.has(parent)))
      errors.push(error(i.row, `${pid.title}不存在或不属于本${master.title}`));
    const temporary = String(change.rows[i.row].id ?? '');
    if (TEMPORARY_ID.test(temporary)) newIds.set(temporary, i.id);
  }
  return errors;
}

/**
 * Writes one sub-table's change under a master that is already written (in the request's one
 * transaction, so a refusal here undoes the master too): rows with an id of this master's are
 * updated, rows without one (or with the grid's temporary id) inserted, deleted ids removed.
 * Every row is checked by the form's validator first; nothing is written while any row fails.
 */
async function saveDetails(
  ctx: AppContext,
  master: EntityDocument,
  masterId: string,
  code: string,
  change: DetailChange,
  user: CurrentUser,
): Promise<DetailError[]> {
  const child = ctx.catalog.entities.get(code)!;
  const link = master.children!.find((c) => c.code === code)!;
  const fk = link.foreignKey;
  const fkColumn = sql.raw(ident(columnByKey(child, fk)!.column));
  const scope = await rowScope(ctx, child, user);
  const owned = new Map(
    (await findRows(ctx, child, [sql<SqlBool>`${fkColumn} = ${masterId}`, ...scope])).map((r) => [
      String(r.id),
      r,
    ]),
  );
  const errors: DetailError[] = [];
  const inserts: { input: Row; row: number; id: string }[] = [];
  const updates: { input: Row; existing: Row; row: number }[] = [];
  change.rows.forEach((r, row) => {
    const rowId = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : '';
    const { id: _id, ...fields } = r;
    const input = { ...fields, [fk]: masterId };
    const existing = owned.get(rowId);
    if (existing) updates.push({ input: { ...input, id: rowId }, existing, row });
    // ids up front: a new tree row's children may name it by its temporary id
    else if (rowId === '' || TEMPORARY_ID.test(rowId)) inserts.push({ input, row, id: newId() });
    else errors.push({ table: code, row, field: 'id', message: `${child.title}记录不存在或无权修改` });
  });
  for (const u of updates) {
    const stale = await staleEdit(ctx.db, u.existing, u.input);
    if (stale) errors.push({ table: code, row: u.row, field: 'id', message: stale });
  }
  if (child.tree) errors.push(...linkTree(master, child, code, change, inserts, updates, owned));
  const deleted = [...new Set(change.deleted)];
  // a one-to-one sub-table: what the master keeps after this save is one row at most
  if (link.relation === 'one' && owned.size - deleted.length + inserts.length > 1)
    errors.push({
      table: code,
      row: inserts[0]?.row ?? 0,
      field: 'id',
      message: `每张${master.title}只能有一条${child.title}`,
    });
  if (deleted.some((d) => !owned.has(d))) throw new BizError(`要删除的${child.title}记录不存在或无权删除`);
  if (inserts.length) requireCode(user, `${child.permission}add`);
  if (updates.length) requireCode(user, `${child.permission}edit`);
  if (deleted.length) requireCode(user, `${child.permission}delete`);

  const prepared = await prepareAll(
    ctx,
    child,
    [
      ...inserts.map(({ input }) => ({ input, existing: null })),
      ...updates.map(({ input, existing }) => ({ input, existing })),
    ],
    new Set(deleted),
  );
  const order = [...inserts, ...updates];
  prepared.forEach((p, i) => p.errors.forEach((e) => errors.push({ table: code, row: order[i].row, ...e })));
  if (errors.length) return errors;

  if (deleted.length) await deleteRows(ctx, child, deleted, user, scope);
  if (updates.length)
    await updatePrepared(
      ctx,
      child,
      updates.map((u, i) => ({ ...u, values: prepared[inserts.length + i].values })),
      user,
    );
  const written = updates.map((u) => String(u.input.id));
  if (inserts.length) {
    const outcomes = await insertPrepared(
      ctx,
      child,
      inserts.map((ins, i) => ({ ...prepared[i], id: ins.id })),
      user,
    );
    const refused = outcomes.find((o): o is BizError => o instanceof BizError);
    if (refused) throw refused;
    written.push(...(outcomes as string[]));
  }
  // the consoles showing this master's grid read these rows again (the saver never learns new ids)
  await announceRows(ctx, child, written, user.tenantId, false);
  return [];
}

/** writes every sub-table's change, or throws naming every failing row and field (and writes nothing) */
async function saveAllDetails(
  ctx: AppContext,
  doc: EntityDocument,
  masterId: string,
  changes: Map<string, DetailChange>,
  user: CurrentUser,
): Promise<void> {
  const errors: DetailError[] = [];
  for (const [code, change] of changes)
    errors.push(...(await saveDetails(ctx, doc, masterId, code, change, user)));
  if (errors.length) {
    const first = errors[0];
    const title = ctx.catalog.entities.get(first.table)!.title;
    throw new BizError(`${title}第${first.row + 1}行：${first.message}`, 500, { errors });
  }
}

/**
 * Master–detail documents (`children`): the master with its sub-tables read in one call, and saved
 * in one transaction (the request's): a failing master field or detail row leaves master and
 * details as they were. The master's data rules reach its details: a master outside them is not
 * found, and so none of its details is read or written. A tree sub-table is read a level at a
 * time: its top rows with the master, a node's children as the grid expands it.
 */
export function registerDetailRoutes(t: RouteTable, ctx: AppContext, doc: EntityDocument): void {
  if (!doc.children?.length) return;
  // the master's list may be filtered by its sub-tables' fields (the advanced query's groups)
  registerChildFields(
    doc,
    doc.children.map((c) => ({ doc: ctx.catalog.entities.get(c.code)!, foreignKey: c.foreignKey })),
  );
  if (doc.readOnly) return;
  const base = apiBase(doc);
  const perm = (action: string) => ({ perm: `${doc.permission}${action}` });
  const titles = doc.children.map((c) => ctx.catalog.entities.get(c.code)!.title).join('、');
  const detailsBody = {
    type: 'object',
    description: `按子表编码：{rows: 记录数组（无 id 或 6 位临时 id 为新增）, deleted: 删除的 id}`,
  };

  t.add({
    method: 'GET',
    url: `${base}/queryDetails`,
    access: perm('list'),
    tag: doc.title,
    summary: `${doc.title}的子表记录（${titles}），按子表编码分组`,
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      const master = await findMaster(ctx, doc, id(req.query), req.user!);
      const result: Record<string, Row[]> = {};
      for (const c of doc.children!) {
        const child = ctx.catalog.entities.get(c.code)!;
        // a tree sub-table's deeper rows are read as the user expands their parents
        const roots = child.tree ? [sql<SqlBool>`coalesce(${pidColumn(child)}, '') in ('0', '')`] : [];
        result[c.code] = await detailRows(ctx, child, c.foreignKey, String(master.id), req.user!, roots);
      }
      return ok(result);
    },
  });

  const trees = doc.children.filter((c) => ctx.catalog.entities.get(c.code)!.tree);
  if (trees.length)
    t.add({
      method: 'GET',
      url: `${base}/queryDetailChildren`,
      access: perm('list'),
      tag: doc.title,
      summary: `${doc.title}的树形子表中一个节点（pid）的下一级记录：table 为子表编码（${trees.map((c) => c.code).join('、')}）`,
      params: [
        { name: 'id', in: 'query', required: true },
        { name: 'table', in: 'query', required: true },
        { name: 'pid', in: 'query', required: true },
      ],
      handler: async (req) => {
        const code = text(req.query, 'table', { required: '参数 table 不能为空', max: 64 });
        const c = trees.find((x) => x.code === code);
        if (!c) throw new BizError(`${doc.title}没有树形子表 ${code.slice(0, 50)}`);
        const child = ctx.catalog.entities.get(code)!;
        // the sub-table's own list code, as its /list route requires
        requireCode(req.user!, `${child.permission}list`);
        const pid = id(req.query, 'pid');
        const master = await findMaster(ctx, doc, id(req.query), req.user!);
        const under = sql<SqlBool>`${pidColumn(child)} = ${pid}`;
        return ok(await detailRows(ctx, child, c.foreignKey, String(master.id), req.user!, [under]));
      },
    });

  t.add({
    method: 'POST',
    url: `${base}/addWithDetails`,
    access: perm('add'),
    tag: doc.title,
    summary: `新增${doc.title}及其子表（${titles}），一个事务；失败时 result.errors 为 [{table, row, field, message}]`,
    body: { type: 'object', properties: { details: detailsBody } },
    handler: async (req) => {
      const { details, ...body } = record(req.body);
      const changes = detailChanges(doc, details);
      const newId = await insertRow(ctx, doc, body, req.user!);
      await saveAllDetails(ctx, doc, newId, changes, req.user!);
      return { ...okMessage(doc.messages?.add ?? '添加成功！'), result: newId };
    },
  });

  t.add({
    method: ['PUT', 'POST'],
    url: `${base}/editWithDetails`,
    access: perm('edit'),
    tag: doc.title,
    summary: `编辑${doc.title}及其子表（${titles}）：新增、修改、删除的明细一个事务保存`,
    body: { type: 'object', properties: { details: detailsBody } },
    handler: async (req) => {
      const { details, ...body } = record(req.body);
      const changes = detailChanges(doc, details);
      const existing = await findMaster(ctx, doc, id(body), req.user!, 'write');
      await updateRow(ctx, doc, existing, body, req.user!);
      await saveAllDetails(ctx, doc, String(existing.id), changes, req.user!);
      return okMessage(doc.messages?.edit ?? '编辑成功！');
    },
  });
}
