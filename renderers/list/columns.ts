import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { dbTypeOf } from '../../src/core/document/model';
import { dbType } from '../../src/core/fields/db-types';
import { displayText } from '../../src/core/fields/registry';
import { hasOptions } from '../common/dict';
import { switchText } from '../common/switch-values';

export type Row = Record<string, unknown> & { id: string };

/** one data column of the list, derived from a document field */
export interface ColumnSpec {
  key: string;
  title: string;
  width?: number;
  sortable: boolean;
  /** the cell may wrap: text does, a number or a date keeps its line (2024-08-27 never breaks at a hyphen) */
  wrap: boolean;
  /** the text the cell shows for a record */
  text: (row: Row) => string;
}

/** width of the select column (spec 9: select column 40) */
export const SELECT_COLUMN_WIDTH = 40;

function plain(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** dictionary fields show the server's `<key>_dictText`, switches 是/否, everything else its value as its type shows it (a decimal's 1,234,567.50) */
export function cellText(field: FieldDoc): (row: Row) => string {
  if (field.type === 'switch') return (row) => switchText(field, row[field.key]);
  if (hasOptions(field)) return (row) => plain(row[`${field.key}_dictText`] ?? row[field.key]);
  return (row) => displayText(field, row[field.key]);
}

/** a field is listed unless `list: false`; hidden and password fields never are */
export function listColumns(doc: EntityDocument): ColumnSpec[] {
  return doc.fields
    .filter((f) => f.list !== false && f.type !== 'hidden' && f.type !== 'password')
    .map((f) => ({
      key: f.key,
      title: f.title,
      width: f.width,
      sortable: Boolean(f.sortable),
      wrap: dbType(dbTypeOf(f)).textual,
      text: cellText(f),
    }));
}
