import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { dbTypeOf } from '../../src/core/document/model';
import { dbType } from '../../src/core/fields/db-types';
import { displayText, fieldType } from '../../src/core/fields/registry';
import type { ComponentType } from 'react';
import { hasOptions } from '../common/dict';
import { fieldPart } from '../fields/parts';
import type { CellProps } from '../fields/types';

export type Row = Record<string, unknown> & { id: string };

/** one data column of the list, derived from a document field */
export interface ColumnSpec {
  key: string;
  title: string;
  width?: number;
  sortable: boolean;
  /** the cell may wrap: text does, a number or a date keeps its line (2024-08-27 never breaks at a hyphen) */
  wrap: boolean;
  /** the text the cell shows for a record (and the list sorts and copies) */
  text: (row: Row) => string;
  /** the type's own cell, when text is not enough (thumbnails, links) */
  cell?: ComponentType<CellProps>;
  field: FieldDoc;
}

/** width of the select column (spec 9: select column 40) */
export const SELECT_COLUMN_WIDTH = 40;

function plain(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** dictionary fields show the server's `<key>_dictText`, everything else its value as its type shows it (a switch's 是, a decimal's 1,234,567.50) */
export function cellText(field: FieldDoc): (row: Row) => string {
  if (hasOptions(field) && !fieldType(field).choices)
    return (row) => plain(row[`${field.key}_dictText`] ?? row[field.key]);
  return (row) => displayText(field, row[field.key]);
}

/** the fields a list shows: each unless `list: false`; a type never shown (hidden, password) never */
export function listedFields(doc: EntityDocument): FieldDoc[] {
  return doc.fields.filter((f) => f.list !== false && fieldType(f).shown);
}

/** the list's columns; the list has loaded their cells (LIST_PARTS) first */
export function listColumns(doc: EntityDocument): ColumnSpec[] {
  return listedFields(doc).map((f) => ({
    key: f.key,
    title: f.title,
    width: f.width,
    sortable: Boolean(f.sortable),
    wrap: dbType(dbTypeOf(f)).textual,
    text: cellText(f),
    cell: fieldPart(f, 'cell'),
    field: f,
  }));
}
