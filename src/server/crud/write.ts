import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { Db } from '../db/connect';
import type { EntityDocument } from '../../core/document/types';
import { columnByKey, entityColumns, SYSTEM_COLUMNS, type ColumnModel } from '../../core/document/model';
import { dbType } from '../../core/fields/db-types';
import { fieldType } from '../../core/fields/registry';
import { validateField, type FieldError } from '../../core/validation/validate';
import { messages } from '../../core/validation/presets';
import { BizError } from '../http/envelope';
import { ident } from '../db/sync';
import { newId } from '../db/ids';
import { nowText } from './time';
import { verifyValues } from './verify-values';
import { hooksOf } from './hooks';

/** the contract's text when a record is not there (documents may set their own) */
export function notFoundText(doc: EntityDocument): string {
  return doc.messages?.notFound ?? '未找到对应数据';
}

type Row = Record<string, unknown>;
const SYSTEM_KEYS = new Set(SYSTEM_COLUMNS.map((c) => c.key));

/** the editable columns of a document: its fields, minus read-only ones */
function writable(doc: EntityDocument): ColumnModel[] {
  return entityColumns(doc).filter((c) => c.field && !c.field.readonly && !SYSTEM_KEYS.has(c.key));
}

/** a wrong-type value (a list for a one-value field, a number for typed text), as a field error */
function wrongType(c: ColumnModel): never {
  const message = `${c.title}格式不正确`;
  throw new BizError(message, 500, { errors: [{ field: c.key, message }] });
}

/** request value → database value: arrays joined by commas, empty text to null for typed columns */
function toDb(c: ColumnModel, value: unknown): unknown {
  if (value === undefined) return undefined;
  const db = dbType(c.dbType);
  const type = fieldType(c.field!);
  // the type's own JSON first (a switch's true/false), then the column's (a boolean's 'Y')
  let v = type.fromJson?.(value, c.field!) ?? value;
  v = db.fromJson?.(v) ?? v;
  if (Array.isArray(v)) {
    // only a multi-value field stores a list (as a comma list)
    if (!type.multi(c.field!)) wrongType(c);
    return v.map(String).join(',');
  }
  // typed text (not chosen): a number is not what the form sends
  if (typeof v === 'number' && db.textual && !type.picked) wrongType(c);
  if (v === null) return null;
  if (typeof v === 'object') throw new BizError(`${c.title}格式不正确`);
  if (typeof v === 'string' && v.trim() === '' && !db.textual) return null;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' && !db.numeric) return String(v);
  return v;
}

function fail(errors: FieldError[]): never {
  throw new BizError(errors[0].message, 500, { errors });
}

/** is the value taken by another row (within the rule's scope: the same values of the scope fields)? */
export async function isTaken(
  db: Db,
  doc: EntityDocument,
  c: ColumnModel,
  value: unknown,
  scope: Row,
  exceptId: string | null,
): Promise<boolean> {
  const where = [sql<SqlBool>`${sql.raw(ident(c.column))} = ${value}`];
  for (const key of c.field?.validateRules?.find((r) => r.unique)?.scope ?? []) {
    const col = sql.raw(ident(columnByKey(doc, key)!.column));
    const v = scope[key];
    where.push(v === null || v === undefined ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} = ${v}`);
  }
  if (exceptId) where.push(sql<SqlBool>`"id" <> ${exceptId}`);
  const found =
    await sql`select 1 from ${sql.raw(ident(doc.table))} where ${sql.join(where, sql` and `)} limit 1`.execute(
      db,
    );
  return found.rows.length > 0;
}

/** what a taken value of a unique field is told, on save and by the duplicate check as the user types */
export function uniqueMessage(c: ColumnModel): string {
  return c.field?.validateRules?.find((r) => r.unique)?.message || messages.unique(c.title);
}

async function checkUnique(
  db: Db,
  doc: EntityDocument,
  values: Row,
  existing: Row | null,
  errors: FieldError[],
) {
  for (const c of writable(doc)) {
    const rule = c.field!.validateRules?.find((r) => r.unique);
    const v = values[c.column];
    if (!rule || v === undefined || v === null || v === '' || errors.some((e) => e.field === c.key)) continue;
    const scope: Row = {};
    for (const key of rule.scope ?? []) {
      const col = columnByKey(doc, key)!.column;
      scope[key] = col in values ? values[col] : existing?.[key];
    }
    if (await isTaken(db, doc, c, v, scope, existing ? String(existing.id) : null))
      errors.push({ field: c.key, message: uniqueMessage(c) });
  }
}

/**
 * Validates a record with the form's rules (required, presets, lengths, column and field types,
 * dictionary items, what ids and paths name, unique) and turns it into column values. All failing fields are reported, the first one as the
 * message.
 */
export async function prepare(
  ctx: AppContext,
  doc: EntityDocument,
  input: Row,
  existing: Row | null,
): Promise<Row> {
  const errors: FieldError[] = [];
  const values: Row = {};
  for (const c of writable(doc)) {
    let v = input[c.key];
    if (!existing && v === undefined && c.field!.defaultValue !== undefined) v = c.field!.defaultValue;
    if (existing && v === undefined) continue;
    const dbValue = toDb(c, v);
    const message = validateField(c.field!, dbValue, c);
    if (message) errors.push({ field: c.key, message });
    else if (dbValue !== undefined) values[c.column] = dbValue;
  }
  const virtual = new Set(doc.fields.filter((f) => f.virtual).map((f) => f.key));
  for (const key of Object.keys(input)) {
    if (
      !columnByKey(doc, key) &&
      !virtual.has(key) &&
      !key.endsWith('_dictText') &&
      key !== 'id' &&
      !SYSTEM_KEYS.has(key)
    )
      errors.push({ field: key, message: `字段 ${key.slice(0, 50)} 不存在` });
  }
  await verifyValues(ctx, writable(doc), values, existing, errors);
  await checkUnique(ctx.db, doc, values, existing, errors);
  if (errors.length) fail(errors);
  return values;
}

export async function insertRow(
  ctx: AppContext,
  doc: EntityDocument,
  input: Row,
  user: CurrentUser,
): Promise<string> {
  const values = await prepare(ctx, doc, input, null);
  const id = newId();
  Object.assign(values, { id, create_by: user.username, create_time: nowText(), sys_org_code: user.orgCode });
  if (doc.tree) {
    const pid = columnByKey(doc, doc.tree.pidField)!.column;
    const has = columnByKey(doc, doc.tree.hasChildField)!.column;
    values[pid] = values[pid] || '0';
    values[has] = '0';
  }
  const hooks = hooksOf(doc);
  await ctx.db.transaction().execute(async (trx) => {
    await hooks.beforeWrite?.(ctx, { action: 'add', ids: [id], values, input, user, db: trx });
    await trx.insertInto(doc.table).values(values).execute();
    if (doc.tree) await markParent(trx, doc, String(values[columnByKey(doc, doc.tree.pidField)!.column]));
  });
  ctx.counts.invalidate(doc.table);
  await hooks.afterWrite?.(ctx, { action: 'add', ids: [id], values, input, user });
  return id;
}

export async function updateRow(
  ctx: AppContext,
  doc: EntityDocument,
  existing: Row,
  input: Row,
  user: CurrentUser,
): Promise<void> {
  const values = await prepare(ctx, doc, input, existing);
  if (doc.tree) {
    const pid = columnByKey(doc, doc.tree.pidField)!;
    delete values[columnByKey(doc, doc.tree.hasChildField)!.column];
    if (values[pid.column] !== undefined && String(values[pid.column]) === String(existing.id))
      throw new BizError('上级节点不能是自己');
    if (values[pid.column] === null || values[pid.column] === '') values[pid.column] = '0';
    const moved =
      values[pid.column] !== undefined && String(values[pid.column]) !== String(existing[pid.key] ?? '0');
    if (doc.tree.fixedParent && moved)
      fail([
        {
          field: pid.key,
          message: `${pid.title}不能修改，只能在新增时选择；如需移到其他${pid.title}下，请在那里新增`,
        },
      ]);
  }
  Object.assign(values, { update_by: user.username, update_time: nowText() });
  const hooks = hooksOf(doc);
  const ids = [String(existing.id)];
  await ctx.db.transaction().execute(async (trx) => {
    await hooks.beforeWrite?.(ctx, { action: 'edit', ids, values, input, existing, user, db: trx });
    await trx.updateTable(doc.table).set(values).where('id', '=', existing.id).execute();
    if (doc.tree) {
      const oldPid = String(existing[doc.tree.pidField] ?? '0');
      const newPid = String(values[columnByKey(doc, doc.tree.pidField)!.column] ?? oldPid);
      if (oldPid !== newPid) {
        await markParent(trx, doc, newPid);
        await markParent(trx, doc, oldPid);
      }
    }
  });
  ctx.counts.invalidate(doc.table);
  await hooks.afterWrite?.(ctx, { action: 'edit', ids, values, input, existing, user });
}

/** keeps a tree parent's hasChild flag true to its children */
async function markParent(db: Db, doc: EntityDocument, pid: string): Promise<void> {
  if (!doc.tree || !pid || pid === '0') return;
  const pidCol = sql.raw(ident(columnByKey(doc, doc.tree.pidField)!.column));
  const hasCol = sql.raw(ident(columnByKey(doc, doc.tree.hasChildField)!.column));
  const t = sql.raw(ident(doc.table));
  await sql`update ${t} set ${hasCol} = case when exists (select 1 from ${t} c where c.${pidCol} = ${pid}) then '1' else '0' end
            where "id" = ${pid}`.execute(db);
}

/**
 * Deletes rows (tree descendants and child-document rows too), or marks them deleted for a
 * soft-delete document. `scope` narrows the rows the caller may touch (data rules): ids outside it
 * are reported as not found and nothing is deleted.
 */
export async function deleteRows(
  ctx: AppContext,
  doc: EntityDocument,
  ids: string[],
  user: CurrentUser,
  scope: Expression<SqlBool>[] = [],
): Promise<number> {
  const t = sql.raw(ident(doc.table));
  const visible = await sql<{ id: string }>`select "id" from ${t} where "id" in (${sql.join(ids)})
     ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(ctx.db);
  if (visible.rows.length !== new Set(ids).size) throw new BizError(notFoundText(doc));
  const hooks = hooksOf(doc);
  let all = ids;
  await ctx.db.transaction().execute(async (trx) => {
    if (doc.softDelete) {
      await hooks.beforeWrite?.(ctx, { action: 'delete', ids, values: {}, user, db: trx });
      const flag = sql.raw(ident(columnByKey(doc, doc.softDelete)!.column));
      await sql`update ${t} set ${flag} = 1, "update_by" = ${user.username}, "update_time" = ${nowText()}
                where "id" in (${sql.join(ids)})`.execute(trx);
      return;
    }
    let parents: string[] = [];
    if (doc.tree) {
      const pidCol = sql.raw(ident(columnByKey(doc, doc.tree.pidField)!.column));
      const tree = await sql<{ id: string; pid: string }>`
        with recursive sub as (select "id", ${pidCol} as pid from ${t} where "id" in (${sql.join(ids)})
          union select c."id", c.${pidCol} from ${t} c join sub on c.${pidCol} = sub."id")
        select "id", pid from sub`.execute(trx);
      all = [...new Set(tree.rows.map((r) => r.id))];
      parents = [...new Set(tree.rows.map((r) => String(r.pid)))].filter((p) => !all.includes(p));
    }
    await hooks.beforeWrite?.(ctx, { action: 'delete', ids: all, values: {}, user, db: trx });
    for (const child of doc.children ?? []) {
      const cdoc = ctx.catalog.entities.get(child.code)!;
      const fk = columnByKey(cdoc, child.foreignKey)!.column;
      await sql`delete from ${sql.raw(ident(cdoc.table))} where ${sql.raw(ident(fk))} in (${sql.join(all)})`.execute(
        trx,
      );
      ctx.counts.invalidate(cdoc.table);
    }
    await sql`delete from ${t} where "id" in (${sql.join(all)})`.execute(trx);
    for (const p of parents) await markParent(trx, doc, p);
  });
  ctx.counts.invalidate(doc.table);
  await hooks.afterWrite?.(ctx, { action: 'delete', ids: all, values: {}, user });
  return ids.length;
}
