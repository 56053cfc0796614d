import { docDb } from '../db/connect';
import fs from 'node:fs';
import path from 'node:path';
import type { ColumnModel } from '../../core/document/model';
import type { FieldDoc } from '../../core/document/types';
import { fieldType, valueItems } from '../../core/fields/registry';
import type { FieldServices } from '../../core/fields/types';
import { messages } from '../../core/validation/presets';
import type { FieldError } from '../../core/validation/validate';
import type { AppContext } from '../context';
import { hasDictionary } from '../dict/service';
import { uploadRoot } from '../files/upload';
import { checkRuleProblem } from './check-rules';

type Row = Record<string, unknown>;

/** what the field types may ask about the world, answered from the database and the upload root */
export function fieldServices(ctx: AppContext): FieldServices {
  const existing = async (table: string, ids: string[], deleted?: { column: string; value: number }) => {
    let q = docDb(ctx.db).selectFrom(table).select('id').where('id', 'in', ids);
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

/** those of the items a field's dictionary offers (for a system dictionary: enabled ones) */
async function dictionaryItems(ctx: AppContext, f: FieldDoc, items: string[]): Promise<Set<string>> {
  return f.dictCode
    ? new Set(((await ctx.dicts.byCode(f.dictCode)) ?? []).map((o) => o.value))
    : new Set((await ctx.dicts.texts(f, items)).keys());
}

/** one record being checked: its column values, the row it edits (or null), its errors so far */
export interface Checked {
  values: Row;
  existing: Row | null;
  errors: FieldError[];
}

/**
 * The checks of a write that ask the world: dictionary items (a field with a system dictionary,
 * dictionary table or inline options takes only its items, and of a system dictionary enabled
 * ones), each field type's own (src/core/fields: users and departments named by id exist, an upload
 * path names a stored file), and the check rule a field names (the one the form asks as the user
 * types). A value the record already holds passes unchanged (an item disabled, or a user deleted,
 * since still names the rows that hold it); a field refused by an earlier check is not asked again.
 * Any number of records share one dictionary lookup per column (an import checks a batch at once).
 */
export async function verifyValues(
  ctx: AppContext,
  columns: ColumnModel[],
  records: Checked[],
): Promise<void> {
  let services: FieldServices | null = null;
  for (const c of columns) {
    const f = c.field!;
    const pending = new Map<Checked, string[]>();
    for (const r of records) {
      const v = r.values[c.column];
      if (v === undefined || v === null || v === '') continue;
      if (r.errors.some((e) => e.field === c.key)) continue;
      if (r.existing && String(r.existing[c.key] ?? '') === String(v)) continue;
      pending.set(r, valueItems(f, String(v)));
    }
    if (!pending.size) continue;
    if (hasDictionary(f)) {
      const known = await dictionaryItems(ctx, f, [...new Set([...pending.values()].flat())]);
      for (const [r, items] of pending)
        if (!items.every((w) => known.has(w))) {
          r.errors.push({ field: c.key, message: messages.notOption(f.title) });
          pending.delete(r);
        }
    }
    const verify = fieldType(f).verify;
    for (const [r, items] of pending) {
      const message =
        (verify ? await verify(items, f, (services ??= fieldServices(ctx))) : null) ??
        (await checkRuleProblem(ctx, c, r.values[c.column]));
      if (message) r.errors.push({ field: c.key, message });
    }
  }
}
