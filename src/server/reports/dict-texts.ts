import type { AppContext } from '../context';
import type { ReportDocument } from '../../core/document/types';
import type { DictOption } from '../dict/service';

/** the options of each dictionary column, by column key */
export async function dictOptions(ctx: AppContext, r: ReportDocument): Promise<Record<string, DictOption[]>> {
  const out: Record<string, DictOption[]> = {};
  for (const c of r.columns) if (c.dictCode) out[c.key] = (await ctx.dicts.byCode(c.dictCode)) ?? [];
  return out;
}

/** each dictionary column's value → text map, by column key */
export async function dictTexts(
  ctx: AppContext,
  r: ReportDocument,
): Promise<Map<string, Map<string, string>>> {
  const options = await dictOptions(ctx, r);
  return new Map(
    Object.entries(options).map(([key, opts]) => [key, new Map(opts.map((o) => [o.value, o.text]))]),
  );
}
