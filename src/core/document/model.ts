import { dbType as dbTypeDef } from '../fields/db-types';
import { fieldType } from '../fields/registry';
import { LIST_KINDS, type ListKind } from './list-kinds';
import type {
  ButtonAction,
  DbType,
  EntityDocument,
  FieldDoc,
  ReportColumn,
  ReportDocument,
  WriteEndpoint,
} from './types';

/** A column of an entity table: a document field or one of the system columns every table has. */
export interface ColumnModel {
  key: string;
  column: string;
  dbType: DbType;
  length?: number;
  scale?: number;
  field?: FieldDoc;
  title: string;
}

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

export function camelCase(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Columns every document table carries; filters, sort and data rules may use them. */
export const SYSTEM_COLUMNS: readonly ColumnModel[] = [
  { key: 'id', column: 'id', dbType: 'string', length: 36, title: '主键' },
  { key: 'createBy', column: 'create_by', dbType: 'string', length: 50, title: '创建人' },
  { key: 'createTime', column: 'create_time', dbType: 'datetime', title: '创建日期' },
  { key: 'updateBy', column: 'update_by', dbType: 'string', length: 50, title: '更新人' },
  { key: 'updateTime', column: 'update_time', dbType: 'datetime', title: '更新日期' },
  { key: 'sysOrgCode', column: 'sys_org_code', dbType: 'string', length: 64, title: '所属部门' },
];

/** the column type of a field: the document's dbType, else its type's */
export function dbTypeOf(field: FieldDoc): DbType {
  return field.dbType ?? fieldType(field).db.type;
}

export function fieldColumn(field: FieldDoc): ColumnModel {
  const dbType = dbTypeOf(field);
  const db = dbTypeDef(dbType);
  return {
    key: field.key,
    column: field.column ?? snakeCase(field.key),
    dbType,
    length: field.length ?? (db.sized ? fieldType(field).db.length : undefined) ?? db.defaultLength,
    scale: db.defaultScale === undefined ? undefined : (field.scale ?? db.defaultScale),
    field,
    title: field.title,
  };
}

const modelCache = new WeakMap<EntityDocument, ColumnModel[]>();

/** system columns first, then the document's fields (a field may override a system column's title); virtual fields have no column */
export function entityColumns(doc: EntityDocument): ColumnModel[] {
  let cols = modelCache.get(doc);
  if (!cols) {
    const own = doc.fields.filter((f) => !f.virtual).map(fieldColumn);
    const ownKeys = new Set(own.map((c) => c.key));
    cols = [...SYSTEM_COLUMNS.filter((c) => !ownKeys.has(c.key)), ...own];
    modelCache.set(doc, cols);
  }
  return cols;
}

/** columns a read may return: write-only fields (passwords) never leave the server */
export function readableColumns(doc: EntityDocument): ColumnModel[] {
  return entityColumns(doc).filter((c) => !c.field?.writeOnly);
}

export function columnByKey(doc: EntityDocument, key: string): ColumnModel | undefined {
  return entityColumns(doc).find((c) => c.key === key);
}

export function isNumeric(dbType: DbType): boolean {
  return dbTypeDef(dbType).numeric;
}

/** the value the field holds when several are chosen is a comma list (value separator) */
export function isMultiValue(field: FieldDoc): boolean {
  return fieldType(field).multi(field);
}

/** the business folder an upload field's files go to (default 'temp'); undefined for other fields */
export function uploadFolder(field: FieldDoc | undefined): string | undefined {
  if (!field || !fieldType(field).uploads) return undefined;
  return field.upload?.biz ?? 'temp';
}

/** the generic online-list route a menu points at for each list kind */
export const LIST_ROUTES = Object.fromEntries(
  Object.entries(LIST_KINDS).map(([kind, k]) => [kind, k.route]),
) as Record<ListKind, string>;

/**
 * the field that holds the row order (序号, 排序): the one flagged isOrder, else one keyed orderNum
 *. An editable grid renumbers it as rows move; a sub-table is listed by it (load.ts).
 */
export function orderField(fields: readonly FieldDoc[]): FieldDoc | undefined {
  return fields.find((f) => f.isOrder) ?? fields.find((f) => f.key === 'orderNum');
}

export function apiBase(doc: EntityDocument): string {
  return doc.api ?? `/online/cgform/api/crud/${doc.code}`;
}

export const BUTTON_ACTIONS = [
  'add',
  'edit',
  'delete',
  'batch_delete',
  'export',
  'import',
] as const satisfies readonly ButtonAction[];
export type { ButtonAction, WriteEndpoint };

/** the button each write route serves, whose code guards it */
export const WRITE_BUTTONS: Record<WriteEndpoint, ButtonAction> = {
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  deleteBatch: 'batch_delete',
};

/** the code a button needs (the document's `codes`, else `<permission><action>`), false: no such button */
export function buttonCode(
  doc: Pick<EntityDocument, 'permission' | 'codes'>,
  action: ButtonAction,
): string | false {
  return doc.codes?.[action] ?? `${doc.permission}${action}`;
}

/** a named endpoint's path: a path from the server root as it is, a name under the API base */
export const endpointPath = (base: string, name: string) => (name.startsWith('/') ? name : `${base}/${name}`);

/** the path of a document's write route (endpoints may place it outside the API base) */
export function writePath(
  doc: Pick<EntityDocument, 'endpoints'>,
  base: string,
  write: WriteEndpoint,
): string {
  return endpointPath(base, doc.endpoints?.[write] ?? write);
}

/** the columns a report shows and exports (a popup may copy the others, e.g. an id) */
export function shownColumns(r: Pick<ReportDocument, 'columns'>): ReportColumn[] {
  return r.columns.filter((c) => c.show !== false);
}
