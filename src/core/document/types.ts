import type { Locale } from '../locale';
import type { Condition } from './conditions';
import type { ActionDoc } from '../actions/types';

/**
 * The document language shared by server and browser. Vocabulary follows the spec
 * (section 3 "Editable table column", list kinds of 2.2) so a reader of the spec can read a document.
 */
import type { CodeLanguage } from '../fields/code';
import type { DbType } from '../fields/db-types';
import type { FieldType } from '../fields/registry';
import type { ListKind } from './list-kinds';
import type { CellHandler } from '../validation/cell-handlers';

export type { DbType, FieldType, ListKind };

export const COUNT_STRATEGIES = ['exact', 'cached', 'estimated'] as const;
export type CountStrategy = (typeof COUNT_STRATEGIES)[number];

export interface ValidateRule {
  required?: boolean;
  unique?: boolean;
  /** with unique: unique only among rows with the same values of these field keys (e.g. an item value within its dictionary) */
  scope?: string[];
  /** a preset name (see validation/presets.ts) or a regular expression source */
  pattern?: string;
  min?: number;
  max?: number;
  /**
   * in an editable grid: a check the server answers (rule 3, after unique, before pattern),
   * named from the registry of src/core/validation/cell-handlers.ts
   */
  handler?: CellHandler;
  /** the value must equal this field's of the same form (a password typed twice) */
  sameAs?: string;
  message?: string;
}

export interface TableDict {
  table: string;
  text: string;
  code: string;
  /** equality filters on allowed columns, e.g. {"status": "1"} */
  condition?: Record<string, string | number>;
  pidField?: string;
  hasChildField?: string;
}

export interface FieldQuery {
  mode: 'single' | 'range';
  /** single mode on text: wrap the value as *value* (contains) */
  like?: boolean;
}

export interface FieldDoc {
  key: string;
  title: string;
  type: FieldType;
  /** SQL column, default snake_case(key) */
  column?: string;
  dbType?: DbType;
  /** max length for string columns (default 100), precision for decimal */
  length?: number;
  scale?: number;
  dictCode?: string;
  dict?: TableDict;
  options?: { value: string; text: string }[];
  defaultValue?: string | number | boolean;
  placeholder?: string;
  validateRules?: ValidateRule[];
  query?: FieldQuery;
  /** shown in the list (default true) */
  list?: boolean;
  /** shown in the form (default true) */
  form?: boolean;
  sortable?: boolean;
  width?: number;
  /** included in export/import (default true) */
  excel?: boolean;
  readonly?: boolean;
  index?: boolean;
  /** a check rule's code (编码校验规则): checked as the user types and again on save, with the same message */
  checkRule?: string;
  /** chosen on add, then kept (a user's account): read-only when editing; the server refuses a change */
  immutable?: boolean;
  /** accepted on write, never read back: not selected, listed, exported, searched or sorted (passwords) */
  writeOnly?: boolean;
  /** no column: the value is handled by the document's server hooks (e.g. a user's roles, a computed text) */
  virtual?: boolean;
  /**
   * the entity document whose records a picker (business picker '{name}选择') offers for
   * this field: its listed fields are the columns, its searched fields the search. A popup field
   * names a report or an entity document whose rows its selector offers.
   */
  popupCode?: string;
  /** with popupCode: the popup document's field whose value is stored (default id) */
  popupValue?: string;
  /** with popupCode: the popup document's field that names a chosen record (default its first listed field) */
  popupText?: string;
  /** popup: the popup's columns a chosen row gives, a comma list (orgFields) */
  orgFields?: string;
  /** popup: this document's fields they fill, a comma list of the same length (destFields) */
  destFields?: string;
  /** popup: what popupCode names, a report or an entity document (the loader sets it) */
  popupSource?: 'report' | 'entity';
  /** popup: several rows may be chosen, their values comma-joined (default one row) */
  popupMulti?: boolean;
  /** pca: a cascader (default) or three selects; anything else falls back to the cascader */
  areaType?: string;
  /** cat_tree: equality filters on the category dictionary's columns, as a JSON object string */
  condition?: string;
  /** pickers (sel_depart, sel_user, popup fields): false keeps one value; default true (sel_search: false) */
  multi?: boolean;
  /** image / file / upload: the business folder its files are stored in (default 'temp') */
  upload?: { biz?: string };
  /** the column extras: uploadnum, how many files an upload/file/image field keeps (0: unlimited) */
  fieldExtendJson?: { uploadnum?: number };
  /** settings of the field's editor: a code field's language */
  props?: { language?: CodeLanguage };
  /** in an editable grid (a sub-table of a tab list): a 合计 or 平均 under the column */
  statistics?: 'sum' | 'average';
  /** switch: the stored on and off values (customValue), before its options and 'Y'/'N' */
  customValue?: [string, string];
  /** switch in an editable grid: a new row starts on (defaultChecked) */
  defaultChecked?: boolean;
  /** upload / file / image in an editable grid: the cell offers its file's download (allowDownload) */
  allowDownload?: boolean;
  /** upload / file / image in an editable grid: the cell offers to remove its file, clearing the value (allowRemove) */
  allowRemove?: boolean;
  /** in an editable grid: a tags cell, its text cut into pairs of characters by ';' (Tags cell) */
  gridTags?: boolean;
  /** the row order (default: the field keyed orderNum): a grid renumbers it, a sub-table is listed by it (load.ts) */
  isOrder?: boolean;
  /**
   * slot: the registered drawing the cell is shown with (src/core/fields/slot.ts SLOT_NAMES; the
   * browser's renderers/slots/registry.ts), never code from the document
   */
  slot?: string;
  /** in an editable grid: false shows the cell as text, an editor only once clicked (non-always-edit) */
  alwaysEdit?: boolean;
  /** json-logic rules over the form's values: shown, disabled, required (the server requires by the same rule) */
  when?: { visible?: Condition; disabled?: Condition; required?: Condition };
  /** the form's title (and its required message and placeholder) while `when` holds over the form's values */
  altTitle?: { when: Condition; title: string; placeholder?: string };
  /** a line under the form's editor: what to enter, an example */
  help?: string;
  /** rule_column: the field of the record that holds the menu whose list the rule narrows */
  menuField?: string;
}

export interface CrudMessages {
  /** default '添加成功！' */
  add?: string;
  /** default '编辑成功！' */
  edit?: string;
  /** default '删除成功！' */
  delete?: string;
  /** default '批量删除成功！' */
  deleteBatch?: string;
  /** default '未找到对应数据' */
  notFound?: string;
}

/** words of the generic list and form where a screen names its records (新增菜单 rather than 新增) */
/** the buttons of a generic list whose permission code is `<permission><action>` (see `codes`) */
export type ButtonAction = 'add' | 'edit' | 'delete' | 'batch_delete' | 'export' | 'import';
/** the write routes of a document, each at `<api>/<name>` unless `endpoints` names another path */
export type WriteEndpoint = 'add' | 'edit' | 'delete' | 'deleteBatch';

export interface ScreenLabels {
  /** the 新增 button and the add form's title */
  add?: string;
  /** the edit form's title */
  edit?: string;
  /** a tree's 添加下级 form's title */
  addChild?: string;
  /** the question before 删除 */
  confirmDelete?: string;
  /** what an empty list says (default 暂无数据) */
  empty?: string;
}

export interface MenuPlacement {
  group: string;
  order?: number;
  icon?: string;
  /** sidebar path; default /online/cgformList/<code> (or the tree/erp/... sibling for other list kinds) */
  path?: string;
  hidden?: boolean;
  /**
   * the component name the menu gives the screen (default the online list): a screen that extends
   * the generic list, registered under this name in renderers/registry.ts; it needs its own path
   */
  component?: string;
}

/** a sub-table of a master document */
export interface ChildTable {
  code: string;
  /** the child field holding the master's id */
  foreignKey: string;
  /**
   * in the master's editable grid (tab list): rows whose fields hold all these values (compared as
   * text) can be neither selected nor edited ("disabled-rows rules")
   */
  disabledRows?: Record<string, string | number | boolean>;
  /**
   * 'one': a master has at most one such row (one-to-one), edited as a form on the master's tab
   * form rather than a grid; the foreign key must then be unique. Default 'many'.
   */
  relation?: 'many' | 'one';
}

/** a list's card on a phone: its title, up to four key fields, and a status shown as a tag */
export interface CardLayout {
  title?: string;
  fields?: string[];
  /** a field offering its values from a dictionary (or a switch's two) */
  status?: string;
}

/** a document's words in one language other than its own (zh-CN): any of them may be left out */
export interface DocumentTexts {
  title?: string;
  description?: string;
  /**
   * field key → its title, placeholder and its rules' messages (validateRules[i].message, in order);
   * a rule message left out gives way to the generic one in that language
   */
  fields?: Record<string, { title?: string; placeholder?: string; messages?: string[] }>;
  /** action key → its label and confirmation */
  actions?: Record<string, { label?: string; confirm?: string }>;
  /** the screen's own words for its records (新增…, the delete question) */
  labels?: ScreenLabels;
}

export interface EntityDocument {
  kind: 'entity';
  schemaVersion: number;
  code: string;
  title: string;
  table: string;
  /** permission prefix ending with ':' such as 'base:unit:' */
  permission: string;
  /** API base path, e.g. '/base/unit'; default '/online/cgform/api/crud/<code>' */
  api?: string;
  /**
   * who creates and alters the table: 'document' (default) lets the schema sync create and extend it;
   * 'migration' means a step of src/server/db/migrations.ts owns it, and the sync only reports
   * document columns the table lacks
   */
  tableOwner?: 'document' | 'migration';
  /** success and not-found texts of the generic CRUD, where the contract differs from the defaults */
  messages?: CrudMessages;
  labels?: ScreenLabels;
  /**
   * add, edit, delete and deleteBatch (under `api`, or where `endpoints` names them) are routes a
   * server module declares itself (with its own checks and answers, e.g.
   * src/server/sys/permission/routes.ts): only the generic reads (list, queryById, tree, document)
   * are registered, and the server does not start while a write the document has a button for is
   * missing or guarded by another code than the button's
   */
  declaredWrites?: boolean;
  /** its words in the other languages (src/core/document/localize.ts); zh-CN is the document's own */
  locales?: Partial<Record<Exclude<Locale, 'zh-CN'>, DocumentTexts>>;
  description?: string;
  list: {
    kind: ListKind;
    pageSize: number;
    sort: { column: string; order: 'asc' | 'desc' };
    count: CountStrategy;
    /** 编辑 shows only on rows for which this json-logic rule holds (default: every row) */
    editWhen?: Condition;
    /** one tab per dictionary value of this field, each the list limited to it (系统日志 by logType) */
    tabs?: { field: string };
  };
  /** buttons beyond 新增/编辑/详情/删除, each of a registered kind (src/core/actions/registry.ts) */
  actions?: ActionDoc[];
  tree?: {
    pidField: string;
    hasChildField: string;
    textField: string;
    /** a node keeps the parent it was added under: the form offers the parent only when adding */
    fixedParent?: boolean;
    /** the values a record added with 添加下级 starts from (a menu's child is a 子菜单) */
    childDefaults?: Record<string, string>;
  };
  /**
   * the card a list shows on a phone (mobile width) in place of its table, by field key;
   * each part left out is derived from the list's columns (renderers/list/card-layout.ts)
   */
  card?: CardLayout;
  menu?: MenuPlacement;
  /** this table may serve as a table dictionary over these SQL columns */
  dictSource?: { columns: string[] };
  /** master-detail: child documents and the child field that holds this record's id */
  children?: ChildTable[];
  fields: FieldDoc[];
  /**
   * extra named endpoints under the API base: tree (e.g. getTree), and list, the page of rows where
   * `<api>/list` is a route of another contract (菜单管理's whole tree); add, edit and delete where a
   * module declares its writes elsewhere, by their path from the server root (数据规则's
   * /sys/permission/addPermissionRule)
   */
  endpoints?: { tree?: string; list?: string } & Partial<Record<WriteEndpoint, string>>;
  /**
   * the permission code a button needs where it is not `<permission><action>`: a whole code (a
   * module guarding its writes with one, 数据规则's system:permission:rule), or false where the
   * document has no such button
   */
  codes?: Partial<Record<ButtonAction, string | false>>;
  /** logical delete: the key of an int field that is 1 for deleted rows, which reads and writes then skip */
  softDelete?: string;
  /** a read-only document (logs): list, detail and export only, no add/edit/delete/import */
  readOnly?: boolean;
}

export interface ReportColumn {
  key: string;
  title: string;
  type?: 'string' | 'number' | 'date' | 'datetime';
  dictCode?: string;
  sortable?: boolean;
  width?: number;
  /** false: answered by getData for popups (orgFields) but not shown in the table or the export (spec is_show) */
  show?: boolean;
  /** how a number shows (report-format.ts); dictionary columns show their text instead */
  format?: ReportNumberFormat;
  /** fixed decimals of 'number' and 'percent' (and 'thousands' when given) */
  decimals?: number;
  /** display columns after which the cell text is cut with … (the whole text in a tooltip) */
  ellipsis?: number;
  /** a totals row under the table over all rows the search keeps: 合计 (sum) or 平均 (average) */
  total?: 'sum' | 'average';
}

export type ReportNumberFormat = 'number' | 'money' | 'thousands' | 'percent';

/** a chart of the report's rows: x the category column, y one or more number columns */
export interface ReportChart {
  type: 'bar' | 'line' | 'pie';
  x: string;
  y: string | string[];
  /** a column whose values split the rows into one series each (bar and line) */
  series?: string;
  title?: string;
}

export interface ReportQueryItem {
  field: string;
  title: string;
  mode: 'single' | 'range';
  type?: 'string' | 'number' | 'date' | 'datetime';
  dictCode?: string;
}

export interface ReportDocument {
  kind: 'report';
  schemaVersion: number;
  code: string;
  title: string;
  /** permission prefix: <prefix>list reads the report, <prefix>export exports it */
  permission: string;
  /** one read-only SELECT with named parameters written :name */
  sql: string;
  /** the tables the SQL may read (checked on the parse tree) */
  tables: string[];
  params?: { name: string; title: string; type?: 'string' | 'number' | 'date'; default?: string }[];
  columns: ReportColumn[];
  query?: ReportQueryItem[];
  chart?: ReportChart;
  menu?: MenuPlacement;
}

export interface DictionaryDoc {
  code: string;
  title: string;
  description?: string;
  items: { value: string; text: string; color?: string }[];
}

export interface DictionariesDocument {
  kind: 'dictionaries';
  schemaVersion: number;
  dictionaries: DictionaryDoc[];
}

export interface MenuGroup {
  key: string;
  title: string;
  /** its title in the other languages (zh-CN is its own) */
  locales?: Partial<Record<Exclude<Locale, 'zh-CN'>, { title: string }>>;
  icon?: string;
  order: number;
}

/** the menu entry of a hand-written screen; route codes under its permission prefix become its buttons */
export interface MenuScreen {
  key: string;
  title: string;
  group: string;
  path: string;
  component: string;
  /** the entity document the component interprets (the menu's componentName; default the key) */
  document?: string;
  /** prefix ending with ':'; the entry itself requires <permission>list */
  permission: string;
  order?: number;
  icon?: string;
}

export interface MenusDocument {
  kind: 'menus';
  schemaVersion: number;
  groups: MenuGroup[];
  screens?: MenuScreen[];
}

/** who may read a dictionary column: every signed-in user, or holders of a permission code */
export type ColumnAccess = 'public' | (string & {});

/**
 * system tables that may serve as table dictionaries: each readable column with who may read it
 * ('public' for names and codes, a permission code for anything personal)
 */
export interface DictSourcesDocument {
  kind: 'dictSources';
  schemaVersion: number;
  sources: {
    table: string;
    columns: Record<string, ColumnAccess>;
    tree?: { pidField: string; hasChildField?: string };
  }[];
}

export type AnyDocument =
  EntityDocument | ReportDocument | DictionariesDocument | MenusDocument | DictSourcesDocument;
