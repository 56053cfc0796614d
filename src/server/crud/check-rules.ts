import type { ColumnModel } from '../../core/document/model';
import type { AppContext } from '../context';
import { checkValue, ruleSegments } from '../sys/rules/check';

/**
 * What is wrong with a new value of a field naming a check rule (编码校验规则), or null. The save
 * asks the rule the form asks (checkByCode) as the user types, so both say the same: the failing
 * segment's message.
 */
export async function checkRuleProblem(ctx: AppContext, c: ColumnModel, v: unknown): Promise<string | null> {
  const code = c.field?.checkRule;
  if (!code) return null;
  const segments = await ruleSegments(ctx.db, code);
  if (!segments) return `${c.title}的校验规则 ${code} 不存在，请在编码校验规则中添加`;
  return checkValue(segments, String(v))?.message ?? null;
}
