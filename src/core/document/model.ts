import type { DbType, EntityDocument, FieldDoc } from './types';

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

const TYPE_DB: Partial<Record<FieldDoc['type'], DbType>> = {
  inputNumber: 'decimal',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  textarea: 'text',
  markdown: 'text',
  umeditor: 'text',
};

const TYPE_LENGTH: Partial<Record<FieldDoc['type'], number>> = {
  checkbox: 500,
  list_multi: 500,
  sel_user: 500,
  sel_depart: 500,
  upload: 1000,
  file: 1000,
  image: 1000,
  switch: 10,
};

export function dbTypeOf(field: FieldDoc): DbType {
  return field.dbType ?? TYPE_DB[field.type] ?? 'string';
}

export function fieldColumn(field: FieldDoc): ColumnModel {
  const dbType = dbTypeOf(field);
  return {
    key: field.key,
    column: field.column ?? snakeCase(field.key),
    dbType,
    length: dbType === 'string' ? (field.length ?? TYPE_LENGTH[field.type] ?? 100) : field.length,
    scale: dbType === 'decimal' ? (field.scale ?? 2) : undefined,
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
  return dbType === 'int' || dbType === 'bigint' || dbType === 'decimal';
}

/** the value the field holds when several are chosen is a comma list (spec 9: value separator) */
export function isMultiValue(field: FieldDoc): boolean {
  return (
    field.type === 'checkbox' ||
    field.type === 'list_multi' ||
    field.type === 'sel_user' ||
    field.type === 'sel_depart'
  );
}

/** field types whose value is the stored path of an upload */
export const UPLOAD_FIELD_TYPES: readonly FieldDoc['type'][] = ['image', 'file', 'upload'];

/** the business folder an upload field's files go to (spec 9: default 'temp'); undefined for other fields */
export function uploadFolder(field: FieldDoc | undefined): string | undefined {
  if (!field || !UPLOAD_FIELD_TYPES.includes(field.type)) return undefined;
  return field.upload?.biz ?? 'temp';
}

/** the generic online-list route a menu points at for each list kind (spec 2.2) */
export const LIST_ROUTES: Record<EntityDocument['list']['kind'], string> = {
  plain: '/online/cgformList/',
  auto: '/online/cgformList/',
  copy: '/online/copyform/',
  tree: '/online/cgformTreeList/',
  erp: '/online/cgformErpList/',
  tab: '/online/cgformTabList/',
  innerTable: '/online/cgformInnerTableList/',
};

export function apiBase(doc: EntityDocument): string {
  return doc.api ?? `/online/cgform/api/crud/${doc.code}`;
}

export const BUTTON_ACTIONS = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];
