import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { fieldColumn } from '../../src/core/document/model';
import { dbType } from '../../src/core/fields/db-types';
import { displayText, fieldType } from '../../src/core/fields/registry';
import { uniqueRule } from '../../src/core/validation/validate';
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
  /**
   * the cell may wrap: text does; a number, a date or an identifier keeps its line (2024-08-27 and
   * JZ-2026-002 never break at a hyphen, not even on a phone)
   */
  wrap: boolean;
  /** the text the cell shows for a record (and the list sorts and copies) */
  text: (row: Row) => string;
  /** the type's own cell, when text is not enough (thumbnails, links) */
  cell?: ComponentType<CellProps>;
  field: FieldDoc;
}

/** width of the select column (select column 40) */
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

/** the longest text read as an identifier: a 编号, 编码 or 账号, not a name or a description */
const IDENTIFIER_LENGTH = 64;

/** a column that may wrap: a text one, unless it holds identifiers (unique values of a code's length) */
function wraps(f: FieldDoc): boolean {
  const column = fieldColumn(f);
  if (!dbType(column.dbType).textual) return false;
  return !(uniqueRule(f) && (column.length ?? Infinity) <= IDENTIFIER_LENGTH);
}

/** the fields a list shows: each unless `list: false`; a type never shown (hidden, password) never */
export function listedFields(doc: EntityDocument): FieldDoc[] {
  return doc.fields.filter((f) => f.list !== false && fieldType(f).shown);
}

/** one field as a list shows it (a column, or a line of a card); its cell part has loaded (LIST_PARTS) */
export function columnSpec(f: FieldDoc): ColumnSpec {
  return {
    key: f.key,
    title: f.title,
    width: f.width,
    sortable: Boolean(f.sortable),
    wrap: wraps(f),
    text: cellText(f),
    cell: fieldPart(f, 'cell'),
    field: f,
  };
}

/** the list's columns; the list has loaded their cells (LIST_PARTS) first */
export function listColumns(doc: EntityDocument): ColumnSpec[] {
  return listedFields(doc).map(columnSpec);
}
