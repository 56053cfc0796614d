import { docDb, type Db } from '../../db/connect';
import { BizError } from '../../http/envelope';

/** one segment of a check rule (reference 2.9): digits N checks the next N characters, '*' the whole value */
export interface CheckSegment {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckFailure extends CheckSegment {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

const MAX_SEGMENTS = 50;
const MAX_PATTERN = 500;

/** a rule's JSON as segments; anything else is refused with a message the rule's editor can act on */
export function parseCheckRule(json: string): CheckSegment[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new BizError('规则JSON不是合法的 JSON');
  }
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_SEGMENTS)
    throw new BizError(`规则JSON须是 1 到 ${MAX_SEGMENTS} 段规则组成的数组`);
  return raw.map((seg, i) => {
    const s = (seg ?? {}) as Record<string, unknown>;
    const digits = String(s.digits ?? '');
    if (digits !== '*' && !/^[1-9]\d{0,3}$/.test(digits))
      throw new BizError(`第 ${i + 1} 段规则的位数须是正整数或 *`);
    if (typeof s.pattern !== 'string' || !s.pattern || s.pattern.length > MAX_PATTERN)
      throw new BizError(`第 ${i + 1} 段规则缺少正则表达式（最多${MAX_PATTERN}个字符）`);
    try {
      new RegExp(s.pattern);
    } catch {
      throw new BizError(`第 ${i + 1} 段规则的正则表达式不正确`);
    }
    if (typeof s.message !== 'string' || !s.message) throw new BizError(`第 ${i + 1} 段规则缺少提示文本`);
    return { digits, pattern: s.pattern, message: s.message };
  });
}

/**
 * Checks a value segment by segment; the first failing segment is returned, null when all pass
 * (an empty value passes). Numbered segments cut consecutive slices; '*' tests the whole value
 * and does not move the cursor. Each pattern must match its slice completely.
 */
export function checkValue(segments: CheckSegment[], value: string): CheckFailure | null {
  if (!value.trim()) return null;
  let begin = 0;
  for (const seg of segments) {
    let slice = value;
    let range: { beginIndex: number; endIndex: number } | undefined;
    if (seg.digits !== '*') {
      const n = Number(seg.digits);
      const end = Math.min(begin + n, value.length);
      slice = begin > end ? '' : value.slice(begin, end);
      range = { beginIndex: begin, endIndex: end };
      begin += n;
    }
    if (!new RegExp(`^(?:${seg.pattern})$`).test(slice))
      return { ...seg, ...range, checkValue: slice, passed: false };
  }
  return null;
}

/** the segments of the check rule with this code; null when there is none */
export async function ruleSegments(db: Db, code: string): Promise<CheckSegment[] | null> {
  const rule = await docDb(db)
    .selectFrom('sys_check_rule')
    .select('rule_json')
    .where('rule_code', '=', code)
    .executeTakeFirst();
  return rule ? parseCheckRule(String(rule.rule_json)) : null;
}
