import type { FieldDoc } from '../document/types';
import { catTree } from './cat-tree';
import { checkbox } from './checkbox';
import { cron } from './cron';
import { code } from './code';
import { date } from './date';
import { datetime } from './datetime';
import { file } from './file';
import { hidden } from './hidden';
import { icon } from './icon';
import { image } from './image';
import { input } from './input';
import { inputNumber } from './input-number';
import { inputPop } from './input-pop';
import { listMulti } from './list-multi';
import { markdown } from './markdown';
import { password } from './password';
import { pca } from './pca';
import { popup } from './popup';
import { radio } from './radio';
import { ruleColumn } from './rule-column';
import { select } from './select';
import { selDepart } from './sel-depart';
import { selSearch } from './sel-search';
import { selTree } from './sel-tree';
import { selUser } from './sel-user';
import { slot } from './slot';
import { switchType } from './switch';
import { textarea } from './textarea';
import { time } from './time';
import { umeditor } from './umeditor';
import { upload } from './upload';
import type { FieldTypeDef } from './types';

/**
 * Every field type, registered once under the name documents use ("Editable table
 * column"). The document types (FieldType), the meta-schema's type enum (npm run schemas:meta) and
 * schemas:check all follow this list: adding a type is its module and one line here.
 */
export const FIELD_TYPES = {
  input,
  inputNumber,
  textarea,
  input_pop: inputPop,
  password,
  checkbox,
  select,
  radio,
  list_multi: listMulti,
  sel_search: selSearch,
  sel_tree: selTree,
  sel_depart: selDepart,
  sel_user: selUser,
  cat_tree: catTree,
  pca,
  switch: switchType,
  date,
  datetime,
  time,
  upload,
  file,
  image,
  markdown,
  umeditor,
  cron,
  code,
  popup,
  slot,
  icon,
  rule_column: ruleColumn,
  hidden,
} satisfies Record<string, FieldTypeDef>;

export type FieldType = keyof typeof FIELD_TYPES;
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

/** the registered type of a field */
export function fieldType(field: Pick<FieldDoc, 'type'>): FieldTypeDef {
  const def: FieldTypeDef | undefined = FIELD_TYPES[field.type];
  if (!def) throw new Error(`field type '${String(field.type)}' is not registered`);
  return def;
}

/** the text a list cell and the detail show for a value: the type's own display, else the value as text */
export function displayText(field: FieldDoc, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return fieldType(field).display?.(value, field) ?? String(value);
}

/** a field's value split into its items: a multi type's comma list, else the one value */
export function valueItems(field: FieldDoc, text: string): string[] {
  return fieldType(field).multi(field) ? text.split(',').filter(Boolean) : [text];
}
