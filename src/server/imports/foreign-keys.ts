import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { BizError } from '../http/envelope';
import { masterRefused, mastersOf, writableMasters } from '../crud/scope';

/**
 * Spec 3's `foreignKeys`: a sub-table's list showing the rows of one master sends it, so what it
 * imports lands under that master, not under whichever master the file names (or fails to name).
 */

type Values = Record<string, string>;

const BAD_FORMAT = '参数 foreignKeys 格式不正确';

/** the field's text as {field key: id text}; refuses anything else */
export function parseForeignKeys(text: string): Values {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new BizError(BAD_FORMAT);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new BizError(BAD_FORMAT);
  if (Object.values(v).some((x) => typeof x !== 'string' || x.length > 64)) throw new BizError(BAD_FORMAT);
  return v as Values;
}

/**
 * Refuses values rows cannot take: each key must be the foreign key by which a master lists `doc`,
 * and its id a record of that master the user may write through (crud/scope.ts: within the
 * master's data rules, holding its edit code), so a user cannot attach rows to a master they
 * cannot see or edit. Checked before the file is read; each row is checked again as it is written.
 */
export async function checkForeignKeys(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
  values: Values,
): Promise<void> {
  const masters = mastersOf(ctx, doc);
  for (const [key, id] of Object.entries(values)) {
    const link = masters.find((m) => m.key === key);
    if (!link) throw new BizError(`参数 foreignKeys 中的“${key.slice(0, 50)}”不是${doc.title}关联主表的字段`);
    if (!(await writableMasters(ctx, link, user, [id])).has(id)) throw new BizError(masterRefused(link));
  }
}
