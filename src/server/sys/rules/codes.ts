import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { BizError } from '../../http/envelope';
import { ident } from '../../db/sync';

/**
 * Hierarchical positional codes (departments' org_code, categories' code): 3 characters a level,
 * a letter and two digits (A01 … A99, B01 … Z99); a child is its parent's code plus its own.
 */
const LAST = 26 * 99;

/** a code's own (last) 3 characters as a number: A01 → 1, A99 → 99, B01 → 100, Z99 → 2574 */
export function ordinal(code: string): number {
  const own = code.slice(-3);
  if (!/^[A-Z]\d\d$/.test(own)) throw new BizError(`编码 ${code} 不符合逐级编码规则`);
  return (own.charCodeAt(0) - 65) * 99 + Number(own.slice(1));
}

/** the code of the n-th child of a parent (the inverse of ordinal) */
export function childCode(parentCode: string, n: number): string {
  if (n > LAST) throw new BizError('同级编码已用尽（Z99）');
  const letter = String.fromCharCode(65 + Math.floor((n - 1) / 99));
  return `${parentCode}${letter}${String(((n - 1) % 99) + 1).padStart(2, '0')}`;
}

/**
 * The next code under a parent (null: the top level) in a table of positional codes. Never one
 * issued before, even if its record was deleted since: rows keep the org code of the department
 * that wrote them and data rules match codes by prefix, so a reused code would hand those rows to
 * a new department. The largest issued is kept per parent in sys_fill_rule_sequence and compared
 * with the largest present (codes written before it was kept). Concurrent writers under the same
 * parent wait for each other (a transaction-scoped advisory lock); call it inside the transaction
 * that inserts.
 */
export async function nextChildCode(
  db: Db,
  t: { table: string; codeColumn: string; pidColumn: string; missingParent: string },
  parentId: string | null,
): Promise<string> {
  const table = sql.raw(ident(t.table));
  const pid = sql.raw(ident(t.pidColumn));
  const code = sql.raw(ident(t.codeColumn));
  let parentCode = '';
  if (parentId) {
    const parent = await sql<{
      code: string;
    }>`select ${code} as code from ${table} where "id" = ${parentId}`.execute(db);
    if (!parent.rows.length) throw new BizError(t.missingParent);
    parentCode = parent.rows[0].code;
  }
  await sql`select pg_advisory_xact_lock(hashtext(${`${t.table}:${parentId ?? ''}`}))`.execute(db);
  const siblings = parentId
    ? sql`${pid} = ${parentId}`
    : sql`(${pid} is null or ${pid} = '' or ${pid} = '0')`;
  const row = await sql<{ code: string | null }>`
    select max(${code}) as code from ${table}
    where ${siblings} and length(${code}) = ${parentCode.length + 3} and ${code} like ${parentCode + '%'}`.execute(
    db,
  );
  const present = row.rows[0]?.code;
  const issued = await sql<{ value: string }>`
    insert into sys_fill_rule_sequence (rule_code, period, value)
    values (${`code:${t.table}:${parentCode}`}, '-', ${(present ? ordinal(present) : 0) + 1})
    on conflict (rule_code, period)
      do update set value = greatest(sys_fill_rule_sequence.value + 1, excluded.value)
    returning value`.execute(db);
  return childCode(parentCode, Number(issued.rows[0].value));
}
