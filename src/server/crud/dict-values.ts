import type { ColumnModel } from '../../core/document/model';
import type { FieldDoc } from '../../core/document/types';
import { messages } from '../../core/validation/presets';
import type { FieldError } from '../../core/validation/validate';
import type { AppContext } from '../context';
import { hasDictionary } from '../dict/service';

type Row = Record<string, unknown>;

/** the types whose value is a comma list of choices (spec 9) */
const MULTI_TYPES = new Set<FieldDoc['type']>(['checkbox', 'list_multi', 'sel_depart', 'sel_user']);

function choices(f: FieldDoc, v: unknown): string[] {
  const text = String(v);
  return MULTI_TYPES.has(f.type) || f.multi ? text.split(',').filter(Boolean) : [text];
}

/** one record being checked: its column values, the row it edits (or null), and its errors so far */
export interface DictCheck {
  values: Row;
  existing: Row | null;
  errors: FieldError[];
}

/**
 * A value of a field with a dictionary (system dictionary, dictionary table or inline options) must
 * be one of its items, and for a system dictionary an enabled one: the API refuses what the form
 * would never offer. A value the record already holds passes unchanged (its item may have been
 * disabled since, which still names existing rows). Any number of records are checked with one
 * lookup per column (an import checks a batch at once).
 */
export async function checkDictValues(
  ctx: AppContext,
  columns: ColumnModel[],
  records: DictCheck[],
): Promise<void> {
  for (const c of columns) {
    const f = c.field!;
    if (!hasDictionary(f)) continue;
    const wanted = new Map<DictCheck, string[]>();
    for (const r of records) {
      const v = r.values[c.column];
      if (v === undefined || v === null || v === '') continue;
      if (r.errors.some((e) => e.field === c.key)) continue;
      if (r.existing && String(r.existing[c.key] ?? '') === String(v)) continue;
      wanted.set(r, choices(f, v));
    }
    if (!wanted.size) continue;
    const all = [...new Set([...wanted.values()].flat())];
    const known = f.dictCode
      ? new Set(((await ctx.dicts.byCode(f.dictCode)) ?? []).map((o) => o.value))
      : new Set((await ctx.dicts.texts(f, all)).keys());
    for (const [r, values] of wanted)
      if (values.some((w) => !known.has(w)))
        r.errors.push({ field: c.key, message: messages.notOption(c.title) });
  }
}
