import type { ColumnModel } from '../../core/document/model';
import { valueItems } from '../../core/fields/registry';
import { messages } from '../../core/validation/presets';
import type { FieldError } from '../../core/validation/validate';
import type { AppContext } from '../context';
import { hasDictionary } from '../dict/service';

type Row = Record<string, unknown>;

/**
 * A value of a field with a dictionary (system dictionary, dictionary table or inline options) must
 * be one of its items, and for a system dictionary an enabled one: the API refuses what the form
 * would never offer. A value the record already holds passes unchanged (its item may have been
 * disabled since, which still names existing rows).
 */
export async function checkDictValues(
  ctx: AppContext,
  columns: ColumnModel[],
  values: Row,
  existing: Row | null,
  errors: FieldError[],
): Promise<void> {
  for (const c of columns) {
    const f = c.field!;
    const v = values[c.column];
    if (!hasDictionary(f) || v === undefined || v === null || v === '') continue;
    if (errors.some((e) => e.field === c.key)) continue;
    if (existing && String(existing[c.key] ?? '') === String(v)) continue;
    const wanted = valueItems(f, String(v));
    const known = f.dictCode
      ? new Set(((await ctx.dicts.byCode(f.dictCode)) ?? []).map((o) => o.value))
      : new Set((await ctx.dicts.texts(f, wanted)).keys());
    if (wanted.some((w) => !known.has(w)))
      errors.push({ field: c.key, message: messages.notOption(c.title) });
  }
}
