import fs from 'node:fs';
import path from 'node:path';
import type { ColumnModel } from '../../core/document/model';
import { fieldType, valueItems } from '../../core/fields/registry';
import type { FieldServices } from '../../core/fields/types';
import type { FieldError } from '../../core/validation/validate';
import type { AppContext } from '../context';
import { uploadRoot } from '../files/upload';

type Row = Record<string, unknown>;

/** what the field types may ask about the world, answered from the database and the upload root */
export function fieldServices(ctx: AppContext): FieldServices {
  const existing = async (table: string, ids: string[], deleted?: { column: string; value: number }) => {
    let q = ctx.db.selectFrom(table).select('id').where('id', 'in', ids);
    if (deleted) q = q.where(deleted.column, '<>', deleted.value);
    return new Set((await q.execute()).map((r) => String(r.id)));
  };
  const root = uploadRoot(ctx);
  return {
    users: (ids) => existing('sys_user', ids, { column: 'del_flag', value: 1 }),
    departs: (ids) => existing('sys_depart', ids),
    // paths reach here only in the shape the upload route answers (no separators beyond biz/name)
    files: async (paths) => new Set(paths.filter((p) => fs.existsSync(path.join(root, p)))),
  };
}

/**
 * Each field type's server-side check (src/core/fields): users and departments named by id exist,
 * an upload path names a stored file. A value the record already holds passes unchanged (a user
 * deleted since still names the rows that hold it). Fields that failed earlier are not asked again.
 */
export async function verifyValues(
  ctx: AppContext,
  columns: ColumnModel[],
  values: Row,
  existing: Row | null,
  errors: FieldError[],
): Promise<void> {
  let services: FieldServices | null = null;
  for (const c of columns) {
    const f = c.field!;
    const verify = fieldType(f).verify;
    const v = values[c.column];
    if (!verify || v === undefined || v === null || v === '') continue;
    if (errors.some((e) => e.field === c.key)) continue;
    if (existing && String(existing[c.key] ?? '') === String(v)) continue;
    const message = await verify(valueItems(f, String(v)), f, (services ??= fieldServices(ctx)));
    if (message) errors.push({ field: c.key, message });
  }
}
