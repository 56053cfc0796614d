import { docDb } from '../db/connect';
import { BizError } from '../http/envelope';
import type { WriteEvent } from './hooks';

/** a record that documents name by its code (a system dictionary, a check rule) */
export interface NamedCode {
  /** the record's table, its code column and that column's field key */
  table: string;
  column: string;
  key: string;
  /** what the refusal calls the code (字典编码, 校验规则) */
  noun: string;
  /** what naming a code is called for an edit (修改, 修改编码) */
  renameVerb: string;
  /** who names a code: titles of documents or of their fields */
  namedBy: (code: string) => string[];
}

/**
 * A beforeWrite step: while a document names a record's code, the record can be neither deleted nor
 * given another code (the documents' lists, forms and saves depend on it).
 */
export async function keepNamedCodes(e: WriteEvent, n: NamedCode): Promise<void> {
  if (e.action === 'add') return;
  // inside the write's transaction every query goes through e.db (PGlite has one connection)
  const codes =
    e.action === 'edit'
      ? [String(e.existing![n.key])]
      : (await docDb(e.db).selectFrom(n.table).select(n.column).where('id', 'in', e.ids).execute()).map((r) =>
          String(r[n.column]),
        );
  if (e.action === 'edit' && (e.values[n.column] ?? codes[0]) === codes[0]) return;
  for (const code of codes) {
    const users = n.namedBy(code);
    if (users.length)
      throw new BizError(
        `${n.noun} ${code} 正被“${users.slice(0, 3).join('、')}”使用，不能${e.action === 'edit' ? n.renameVerb : '删除'}`,
      );
  }
}
