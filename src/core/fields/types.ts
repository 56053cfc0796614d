import type { FieldDoc, TableDict } from '../document/types';
import type { DbType } from './db-types';

/** the JSON type a form edits the value as (the rjsf schema type) */
export type JsonType = 'string' | 'number' | 'integer';

/**
 * How a list search matches a field: one value (`single`), a from–to pair (`range`), contains
 * (`like`), any of several chosen values (`in`). A document's `query` names one of them.
 */
export type SearchMode = 'single' | 'range' | 'like' | 'in';

/**
 * What the server lets a type ask about the world when it checks values on write. Core declares
 * it; the server provides it (src/server/crud/verify-values.ts), so core stays free of the database.
 */
export interface FieldServices {
  /** those of the ids that name users (not deleted) */
  users(ids: string[]): Promise<Set<string>>;
  /** those of the ids that name departments */
  departs(ids: string[]): Promise<Set<string>>;
  /** those of the upload paths (`<biz>/<name>`) that name stored files */
  files(paths: string[]): Promise<Set<string>>;
}

/**
 * Everything the isomorphic side knows of one field type. The server (columns, writes, checks),
 * the importer and exporter, the list compiler and the form ask this; no other file switches on a
 * type name. The browser's per-type renderers (cell, editor, search control) are the other half.
 */
export interface FieldTypeDef {
  /** the column type, and the varchar length when the document names none */
  db: { type: DbType; length?: number };
  /** the JSON type the form edits the value as */
  jsonType(field: FieldDoc, dbType: DbType): JsonType;
  /** the value is a comma list of several (value separator) */
  multi(field: FieldDoc): boolean;
  /** chosen rather than typed: the form says 请选择 rather than 请输入 */
  picked: boolean;
  /** one value out of a list of options: the form's enum */
  singleChoice: boolean;
  /** offers its values from a dictionary: the document must give dictCode, dict or options */
  needsOptions: boolean;
  /** the values the type itself offers, when it does (a switch's on and off) */
  choices?(field: FieldDoc): string[];
  /** the value a new record starts with when the document gives no default (a switch is off) */
  initial?(field: FieldDoc): string;
  /** the search modes the type supports, its natural one first; empty: not searchable */
  search: readonly SearchMode[];
  /** shown in lists and exports (a password or a hidden value never is) */
  shown: boolean;
  /** the text format a date or time type stores and shows */
  format?: string;
  /** the JSON Schema format the form checks the value with ('date') */
  jsonFormat?: string;
  /**
   * the value is rich text (HTML): the server cleans it on every write, add, edit and import alike
   * (no script, no event handler, no javascript: link; src/server/rich-text/sanitize.ts), so every
   * reader gets inert HTML. Core only says so: the cleaner is the server's, not the browser bundle's.
   */
  richText?: boolean;
  /** request JSON → stored value, before any check (a switch's true and false) */
  fromJson?(value: unknown, field: FieldDoc): unknown;
  /** the text a list cell and the detail show for a non-empty value (a decimal's 1,234,567.50); else the value as is */
  display?(value: unknown, field: FieldDoc): string;
  /** export: stored value → cell value */
  toText(value: unknown, field: FieldDoc): unknown;
  /** import: cell text → the value written */
  fromText(text: string, field: FieldDoc): string;
  /** the type's own rule for a stored value, item by item for a multi type; the message or null */
  check?(items: string[], field: FieldDoc): string | null;
  /** server side: the values name things that exist (users, departments, stored files) */
  verify?(items: string[], field: FieldDoc, services: FieldServices): Promise<string | null>;
  /** the values are paths of uploads: the document may name their folder (upload.biz) */
  uploads: boolean;
  /**
   * the value is text that may embed upload paths (a markdown image, a rich text's picture): the
   * orphan cleanup keeps every stored file such a text mentions
   */
  embedsUploads?: boolean;
  /**
   * the table dictionary the type itself reads its values from (areas, categories): the loader gives
   * it to a field that names none, so texts, checks, import and export follow as for any dictionary
   */
  dictionary?(field: FieldDoc): TableDict;
  /**
   * its options come a level or a search at a time (a tree, an area, a search box), never the whole
   * dictionary at once: forms and search forms do not preload them
   */
  optionsOnDemand?: boolean;
  /**
   * a chosen popup row fills this form's fields (the field's popupCode with orgFields and
   * destFields), rather than the field storing a picked record's id (a popupCode picker)
   */
  fillsFromPopup?: boolean;
  /** the type's own rule for the field's settings in a document (a cat_tree's condition); the message or null */
  checkField?(field: FieldDoc): string | null;
}
