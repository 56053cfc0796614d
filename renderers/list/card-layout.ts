import { fieldColumn } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { dbType } from '../../src/core/fields/db-types';
import { fieldType } from '../../src/core/fields/registry';
import { hasOptions } from '../common/dict';
import { listedFields } from './columns';

/** what a list's card shows of a record (the list on a phone, CardList.tsx) */
export interface CardFields {
  title: FieldDoc;
  /** up to four, each shown as 标题: 值 */
  fields: FieldDoc[];
  /** shown as a tag beside the title */
  status?: FieldDoc;
}

/** the most key fields a card shows (the "up to four") */
export const CARD_FIELDS = 4;

/** a field whose value names a state: its key or title says so */
const STATUS_NAME = /status|state|状态/i;

/** typed text rather than a chosen value: a name, a code, a description */
function isText(f: FieldDoc): boolean {
  const type = fieldType(f);
  return (
    !type.picked && !type.uploads && !type.richText && !hasOptions(f) && dbType(fieldColumn(f).dbType).textual
  );
}

/** one value out of a dictionary's (or a switch's two) */
function isChoice(f: FieldDoc): boolean {
  const type = fieldType(f);
  return (hasOptions(f) || Boolean(type.choices)) && !type.multi(f);
}

/**
 * The card of a document: the parts its `card` names (schemas:check has checked them,
 * src/core/document/load.ts), the rest derived from the list's columns, so a document needs no
 * `card` at all: title the first text column, status the first choice column named like a state,
 * key fields the next columns after those two.
 */
export function cardFields(doc: EntityDocument): CardFields {
  const byKey = (key: string | undefined) => (key ? doc.fields.find((f) => f.key === key) : undefined);
  const shown = listedFields(doc);
  const title = byKey(doc.card?.title) ?? shown.find(isText) ?? shown[0] ?? doc.fields[0];
  const status =
    byKey(doc.card?.status) ??
    shown.find((f) => f !== title && isChoice(f) && (STATUS_NAME.test(f.key) || STATUS_NAME.test(f.title)));
  const named = doc.card?.fields?.map(byKey).filter((f): f is FieldDoc => f !== undefined);
  const fields = named ?? shown.filter((f) => f !== title && f !== status).slice(0, CARD_FIELDS);
  return { title, fields, status };
}
