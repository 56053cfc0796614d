import type { ColumnModel } from '../../core/document/model';
import type { FieldDoc } from '../../core/document/types';
import { messages } from '../../core/validation/presets';
import type { AppContext } from '../context';
import { hasDictionary } from '../dict/service';

/** the types whose value is a comma list of choices (spec 9) */
const MULTI_TYPES = new Set<FieldDoc['type']>(['checkbox', 'list_multi', 'sel_depart', 'sel_user']);

function choices(f: FieldDoc, v: unknown): string[] {
  const text = String(v);
  return MULTI_TYPES.has(f.type) || f.multi ? text.split(',').filter(Boolean) : [text];
}

/**
 * What is wrong with a new value of a field with a dictionary (system dictionary, dictionary table or
 * inline options), or null: it must be one of its items, and for a system dictionary an enabled one,
 * so the API refuses what the form would never offer.
 */
export async function dictValueProblem(ctx: AppContext, c: ColumnModel, v: unknown): Promise<string | null> {
  const f = c.field!;
  if (!hasDictionary(f)) return null;
  const wanted = choices(f, v);
  const known = f.dictCode
    ? new Set(((await ctx.dicts.byCode(f.dictCode)) ?? []).map((o) => o.value))
    : new Set((await ctx.dicts.texts(f, wanted)).keys());
  return wanted.some((w) => !known.has(w)) ? messages.notOption(c.title) : null;
}
