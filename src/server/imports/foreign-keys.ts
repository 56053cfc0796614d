import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import { BizError } from '../http/envelope';
import { findById } from '../crud/read';
import { rowScope } from '../crud/scope';

/**
 * Spec 3's `foreignKeys`: a sub-table's list showing the rows of one master sends it, so what it
 * imports lands under that master, not under whichever master the file names (or fails to name).
 */

type Values = Record<string, string>;

const BAD_FORMAT = '参数 foreignKeys 格式不正确';

/** the masters that list `doc` as a sub-table, each with the foreign key it links it by */
export function mastersOf(ctx: AppContext, doc: EntityDocument): { master: EntityDocument; key: string }[] {
  return [...ctx.catalog.entities.values()].flatMap((master) =>
    (master.children ?? []).filter((c) => c.code === doc.code).map((c) => ({ master, key: c.foreignKey })),
  );
}

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
 * and its id a record of that master within the user's row scope (data rules), so a user cannot
 * attach rows to a master they cannot see.
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
    if (!(await findById(ctx, link.master, id, await rowScope(ctx, link.master, user))))
      throw new BizError(`${link.master.title}记录不存在或无权访问`);
  }
}
