import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import { docDb, type Db } from '../db/connect';
import type { EntityDocument } from '../../core/document/types';
import {
  columnByKey,
  entityColumns,
  isNumeric,
  SYSTEM_COLUMNS,
  type ColumnModel,
} from '../../core/document/model';
import { dbType } from '../../core/fields/db-types';
import { fieldType } from '../../core/fields/registry';
import { isEmpty, validateField, type FieldError } from '../../core/validation/validate';
import { messages } from '../../core/validation/presets';
import { BizError } from '../http/envelope';
import { ident } from '../db/sync';
import { newId } from '../db/ids';
import { nowText } from './time';
import { verifyValues } from './verify-values';
import { hooksOf } from './hooks';
import { sanitizeRichText } from '../rich-text/sanitize';
import { announceRows } from '../socket/row-news';
import { checkMasterKeys } from './scope';

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

/** request value → database value: arrays joined by commas, empty text to null for typed columns, rich text cleaned */
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
  if (typeof v === 'string' && type.richText) return sanitizeRichText(v);
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

/** a record on its way in: its column values, the row it edits (null for a new one), its errors */
export interface Prepared {
  values: Row;
  input: Row;
  existing: Row | null;
  errors: FieldError[];
}

/** unique values compare as the database does: numbers by value, the rest as text */
function uniqueKey(c: ColumnModel, v: unknown): string {
  return isNumeric(c.dbType) ? String(Number(v)) : String(v);
}

/**
 * Unique rules, for any number of records with one query per unique column: a value taken by
 * another row (within the rule's scope: the same values of the scope fields) is refused, and so is
 * a value an earlier record of the same call already uses (two rows of one import). A row of
 * `leaving` (deleted by the same save) holds nothing.
 */
async function checkUnique(
  db: Db,
  doc: EntityDocument,
  records: Prepared[],
  leaving: ReadonlySet<string>,
): Promise<void> {
  for (const c of writable(doc)) {
    const rule = c.field!.validateRules?.find((r) => r.unique);
    if (!rule) continue;
    const scopeColumns = (rule.scope ?? []).map((key) => columnByKey(doc, key)!);
    const keyOf = (v: unknown, scope: unknown[]) =>
      JSON.stringify([
        uniqueKey(c, v),
        ...scope.map((x) => (x === null || x === undefined ? null : String(x))),
      ]);
    const candidates = records.filter((r) => {
      const v = r.values[c.column];
      return v !== undefined && v !== null && v !== '' && !r.errors.some((e) => e.field === c.key);
    });
    if (!candidates.length) continue;
    const scopeOf = (r: Prepared) =>
      scopeColumns.map((sc) => (sc.column in r.values ? r.values[sc.column] : r.existing?.[sc.key]));
    const found =
      await sql<Row>`select "id", ${sql.join([c, ...scopeColumns].map((x) => sql.raw(ident(x.column))))}
      from ${sql.raw(ident(doc.table))}
      where ${sql.raw(ident(c.column))} in (${sql.join([...new Set(candidates.map((r) => r.values[c.column]))])})`.execute(
        db,
      );
    const holder = new Map<string, string>();
    for (const row of found.rows)
      holder.set(
        keyOf(
          row[c.column],
          scopeColumns.map((sc) => row[sc.column]),
        ),
        String(row.id),
      );
    for (const r of candidates) {
      const key = keyOf(r.values[c.column], scopeOf(r));
      const ownId = r.existing ? String(r.existing.id) : null;
      const taken = holder.get(key);
      if (taken !== undefined && taken !== ownId && !leaving.has(taken))
        r.errors.push({ field: c.key, message: uniqueMessage(c) });
      // the next record with this value meets this one
      else holder.set(key, ownId ?? '');
    }
  }
}

/**
 * Validates records with the form's rules (required, presets, lengths, column and field types,
 * dictionary items, what ids and paths name, check rules, unique) and turns them into column values;
 * every failing field of a record is in its errors. Any number of records cost one dictionary
 * lookup and one unique query per column. `leaving`: ids of rows the same save deletes first (a
 * detail row removed and added again in one save does not collide with itself). `writer`: the user
 * whose own write of these rows this is (add, edit, import): the masters a sub-table's rows name
 * must be ones it may write through (scope.ts checkMasterKeys). A master's save of its details
 * leaves it out: the master it saves is the one they name.
 */
export async function prepareAll(
  ctx: AppContext,
  doc: EntityDocument,
  records: { input: Row; existing: Row | null }[],
  leaving: ReadonlySet<string> = new Set(),
  writer?: CurrentUser,
): Promise<Prepared[]> {
  const columns = writable(doc);
  const virtual = new Set(doc.fields.filter((f) => f.virtual).map((f) => f.key));
  const prepared = records.map(({ input, existing }) => {
    const errors: FieldError[] = [];
    const values: Row = {};
    // the values the fields' `when` rules read: an edit's own over the row's
    const record = existing ? { ...existing, ...input } : input;
    for (const c of columns) {
      let v = input[c.key];
      if (!existing && v === undefined && c.field!.defaultValue !== undefined) v = c.field!.defaultValue;
      if (existing && v === undefined) {
        // an edit that leaves a field out may still make it required (its rule reads other fields)
        const message = c.field!.when && isEmpty(existing[c.key]) && validateField(c.field!, null, c, record);
        if (message) errors.push({ field: c.key, message });
        continue;
      }
      const dbValue = toDb(c, v);
      const message = validateField(c.field!, dbValue, c, record);
      if (message) errors.push({ field: c.key, message });
      else if (dbValue !== undefined) values[c.column] = dbValue;
    }
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
    return { values, input, existing, errors };
  });
  // before the dictionary check, which would tell a master that does not exist from a hidden one
  if (writer) await checkMasterKeys(ctx, doc, writer, prepared);
  await verifyValues(ctx, columns, prepared);
  await checkUnique(ctx.db, doc, prepared, leaving);
  return prepared;
}

/** prepareAll for one record of the writer's: its column values, or a BizError naming every failing field */
async function prepare(
  ctx: AppContext,
  doc: EntityDocument,
  input: Row,
  existing: Row | null,
  writer: CurrentUser,
): Promise<Row> {
  const [p] = await prepareAll(ctx, doc, [{ input, existing }], new Set(), writer);
  if (p.errors.length) fail(p.errors);
  return p.values;
}

export async function insertRow(
  ctx: AppContext,
  doc: EntityDocument,
  input: Row,
  user: CurrentUser,
): Promise<string> {
  const values = await prepare(ctx, doc, input, null, user);
  const [outcome] = await insertPrepared(ctx, doc, [{ values, input }], user);
  if (outcome instanceof BizError) throw outcome;
  return outcome;
}

/** rows per INSERT statement: PostgreSQL binds at most 65535 parameters */
const insertChunk = (columns: number) => Math.max(1, Math.floor(60_000 / Math.max(1, columns)));

/**
 * Inserts validated rows in one transaction (with `alsoInTransaction`, which an import uses to
 * record the batch in its job). Without a beforeWrite hook the rows go in as multi-row INSERTs.
 * With one, each row's hook and insert run in a savepoint of their own, so a hook refusing a row
 * (a BizError) leaves that row out and the others in. A row's id may be given (rows naming each
 * other, a tree's new parent and children); the others get new ones. Answers, per row, its id or
 * that BizError.
 */
export async function insertPrepared(
  ctx: AppContext,
  doc: EntityDocument,
  rows: { values: Row; input: Row; id?: string }[],
  user: CurrentUser,
  alsoInTransaction?: (trx: Db, landed: number) => Promise<void>,
): Promise<(string | BizError)[]> {
  const hooks = hooksOf(doc);
  const stamp = { create_by: user.username, create_time: nowText(), sys_org_code: user.orgCode };
  const pidColumn = doc.tree && columnByKey(doc, doc.tree.pidField)!.column;
  const records = rows.map(({ values: v, input, id }) => {
    const values: Row = { ...v, id: id ?? newId(), ...stamp };
    if (doc.tree) {
      values[pidColumn!] = values[pidColumn!] || '0';
      values[columnByKey(doc, doc.tree.hasChildField)!.column] = '0';
    }
    return { values, input };
  });
  const outcomes: (string | BizError)[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    if (hooks.beforeWrite) {
      for (const { values, input } of records) {
        const id = String(values.id);
        await sql`savepoint insert_row`.execute(trx);
        try {
          await hooks.beforeWrite(ctx, { action: 'add', ids: [id], values, input, user, db: trx });
          await docDb(trx).insertInto(doc.table).values(values).execute();
          await sql`release savepoint insert_row`.execute(trx);
          outcomes.push(id);
        } catch (e) {
          if (!(e instanceof BizError)) throw e;
          await sql`rollback to savepoint insert_row`.execute(trx);
          outcomes.push(e);
        }
      }
    } else {
      const size = insertChunk(Object.keys(records[0]?.values ?? {}).length);
      for (let i = 0; i < records.length; i += size)
        await docDb(trx)
          .insertInto(doc.table)
          .values(records.slice(i, i + size).map((r) => r.values))
          .execute();
      outcomes.push(...records.map((r) => String(r.values.id)));
    }
    const landed = records.filter((_r, i) => typeof outcomes[i] === 'string');
    if (doc.tree)
      for (const pid of new Set(landed.map((r) => String(r.values[pidColumn!]))))
        await markParent(trx, doc, pid);
    await alsoInTransaction?.(trx, landed.length);
  });
  const ids = outcomes.filter((o): o is string => typeof o === 'string');
  if (ids.length) {
    ctx.counts.invalidate(doc.table);
    ctx.tableSizes.wrote(doc.table, ids.length);
    const one = rows.length === 1 ? rows[0] : null;
    await hooks.afterWrite?.(ctx, { action: 'add', ids, values: one?.values ?? {}, input: one?.input, user });
  }
  return outcomes;
}

/**
 * An edit that carries the updateTime it was read with is refused when the row was saved since:
 * of two consoles editing one row, the later save of stale data does not overwrite the earlier.
 * The refusal names who saved by their name (管理员), not their account. The refusal's text, or
 * null. (update_time has whole seconds: two saves within one second are not told apart.)
 */
export async function staleEdit(db: Db, existing: Row, input: Row): Promise<string | null> {
  if (!('updateTime' in input)) return null;
  const now = String(existing.updateTime ?? '');
  if (String(input.updateTime ?? '') === now) return null;
  const account = String(existing.updateBy ?? '');
  const named = account
    ? await db.selectFrom('sys_user').select('realname').where('username', '=', account).executeTakeFirst()
    : undefined;
  return `此记录已被 ${named?.realname || account} 于 ${now} 修改，请刷新后重试`;
}

export async function updateRow(
  ctx: AppContext,
  doc: EntityDocument,
  existing: Row,
  input: Row,
  user: CurrentUser,
): Promise<void> {
  const stale = await staleEdit(ctx.db, existing, input);
  if (stale) throw new BizError(stale);
  const values = await prepare(ctx, doc, input, existing, user);
  await updatePrepared(ctx, doc, [{ existing, input, values }], user);
}

/** the immutable fields a change touches, and a tree node's parent rules, checked before writing */
function checkChange(doc: EntityDocument, existing: Row, values: Row): void {
  const changed = writable(doc).filter(
    (c) =>
      c.field!.immutable &&
      values[c.column] !== undefined &&
      String(values[c.column] ?? '') !== String(existing[c.key] ?? ''),
  );
  if (changed.length) fail(changed.map((c) => ({ field: c.key, message: `${c.title}不能修改` })));
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
}

/** Writes validated changes of existing rows (prepareAll's values) in one transaction, hooks included. */
export async function updatePrepared(
  ctx: AppContext,
  doc: EntityDocument,
  rows: { existing: Row; input: Row; values: Row }[],
  user: CurrentUser,
): Promise<void> {
  const stamp = { update_by: user.username, update_time: nowText() };
  for (const { existing, values } of rows) {
    checkChange(doc, existing, values);
    Object.assign(values, stamp);
  }
  const hooks = hooksOf(doc);
  await ctx.db.transaction().execute(async (trx) => {
    for (const { existing, input, values } of rows) {
      const ids = [String(existing.id)];
      await hooks.beforeWrite?.(ctx, { action: 'edit', ids, values, input, existing, user, db: trx });
      await docDb(trx).updateTable(doc.table).set(values).where('id', '=', existing.id).execute();
      if (doc.tree) {
        const oldPid = String(existing[doc.tree.pidField] ?? '0');
        const newPid = String(values[columnByKey(doc, doc.tree.pidField)!.column] ?? oldPid);
        if (oldPid !== newPid) {
          await markParent(trx, doc, newPid);
          await markParent(trx, doc, oldPid);
        }
      }
    }
  });
  ctx.counts.invalidate(doc.table);
  ctx.tableSizes.wrote(doc.table, rows.length);
  for (const { existing, input, values } of rows)
    await hooks.afterWrite?.(ctx, {
      action: 'edit',
      ids: [String(existing.id)],
      values,
      input,
      existing,
      user,
    });
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
 * soft-delete document, and announces them to the consoles showing either document (live socket).
 * `scope` narrows the rows the caller may touch (data rules): ids outside it are reported as not
 * found and nothing is deleted.
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
  const children: { doc: EntityDocument; ids: string[] }[] = [];
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
      const gone = await sql<{ id: string }>`delete from ${sql.raw(ident(cdoc.table))}
        where ${sql.raw(ident(fk))} in (${sql.join(all)}) returning "id"`.execute(trx);
      children.push({ doc: cdoc, ids: gone.rows.map((r) => String(r.id)) });
      ctx.counts.invalidate(cdoc.table);
      ctx.tableSizes.wrote(cdoc.table, gone.rows.length);
    }
    await sql`delete from ${t} where "id" in (${sql.join(all)})`.execute(trx);
    for (const p of parents) await markParent(trx, doc, p);
  });
  ctx.counts.invalidate(doc.table);
  ctx.tableSizes.wrote(doc.table, all.length);
  await announceRows(ctx, doc, all, user.tenantId, true);
  for (const c of children) await announceRows(ctx, c.doc, c.ids, user.tenantId, true);
  await hooks.afterWrite?.(ctx, { action: 'delete', ids: all, values: {}, user });
  return ids.length;
}
