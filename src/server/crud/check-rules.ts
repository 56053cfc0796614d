import type { ColumnModel } from '../../core/document/model';
import type { FieldError } from '../../core/validation/validate';
import type { AppContext } from '../context';
import { checkValue, ruleSegments } from '../sys/rules/check';

type Row = Record<string, unknown>;

/**
 * A field naming a check rule (编码校验规则) is checked on save with the rule the form asks
 * (checkByCode) as the user types, so both say the same: the failing segment's message. A value the
 * record already holds passes unchanged, so a rule tightened later does not lock old records.
 */
export async function checkRuleValues(
  ctx: AppContext,
  columns: ColumnModel[],
  values: Row,
  existing: Row | null,
  errors: FieldError[],
): Promise<void> {
  for (const c of columns) {
    const code = c.field?.checkRule;
    const v = values[c.column];
    if (!code || v === undefined || v === null || v === '') continue;
    if (errors.some((e) => e.field === c.key)) continue;
    if (existing && String(existing[c.key] ?? '') === String(v)) continue;
    const segments = await ruleSegments(ctx.db, code);
    if (!segments) {
      errors.push({ field: c.key, message: `${c.title}的校验规则 ${code} 不存在，请在编码校验规则中添加` });
      continue;
    }
    const failure = checkValue(segments, String(v));
    if (failure) errors.push({ field: c.key, message: failure.message });
  }
}
