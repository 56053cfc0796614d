import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { BizError } from '../../http/envelope';
import { ident } from '../../db/sync';

/**
 * Hierarchical positional codes (departments' org_code, categories' code): 3 characters a level,
 * a letter and two digits (A01 … A99, B01 … Z99); a child is its parent's code plus its own.
 */
export function nextSiblingCode(parentCode: string, largestSibling: string | null): string {
  if (!largestSibling) return `${parentCode}A01`;
  const own = largestSibling.slice(-3);
  const letter = own.charCodeAt(0);
  const n = Number(own.slice(1));
  if (!/^[A-Z]\d\d$/.test(own)) throw new BizError(`编码 ${largestSibling} 不符合逐级编码规则`);
  if (n < 99) return `${parentCode}${own[0]}${String(n + 1).padStart(2, '0')}`;
  if (own[0] === 'Z') throw new BizError('同级编码已用尽（Z99）');
  return `${parentCode}${String.fromCharCode(letter + 1)}01`;
}

/**
 * The next free code under a parent (null: the top level) in a table of positional codes.
 * Concurrent writers under the same parent wait for each other (a transaction-scoped advisory
 * lock), so two inserts never pick the same code; call it inside the transaction that inserts.
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
  return nextSiblingCode(parentCode, row.rows[0]?.code ?? null);
}
