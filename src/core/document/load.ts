import { actionProblems } from '../actions/check';
import { conditionVariables } from './conditions';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import entitySchema from '../../../schemas/_meta/entity.schema.json';
import reportSchema from '../../../schemas/_meta/report.schema.json';
import collectionsSchema from '../../../schemas/_meta/collections.schema.json';
import { LIST_KINDS, type ListKindDef } from './list-kinds';
import { apiBase, entityColumns, fieldColumn, orderField } from './model';
import { fieldType } from '../fields/registry';
import { nameList } from '../fields/popup-fill';
import type { SearchMode } from '../fields/types';
import { resolvePattern } from '../validation/presets';
import { upgradeDocument } from './upgrade';
import { reportChartProblems } from './report-format';
import type {
  DictionaryDoc,
  DictSourcesDocument,
  EntityDocument,
  FieldDoc,
  MenuGroup,
  MenuScreen,
  ReportDocument,
} from './types';

export interface SourceFile {
  /** path relative to the schemas folder, used in problem reports */
  path: string;
  json: unknown;
  /**
   * When the file came into being (ms since the epoch). Of two documents claiming one code, table,
   * permission prefix or API path, the one in the newer file is refused and named, whatever their
   * paths; files without it count in the order given.
   */
  created?: number;
}

export interface Problem {
  file: string;
  /** JSON pointer into the document */
  path: string;
  message: string;
}

export interface Catalog {
  entities: Map<string, EntityDocument>;
  reports: Map<string, ReportDocument>;
  dictionaries: Map<string, DictionaryDoc>;
  menuGroups: MenuGroup[];
  /** menu entries of hand-written screens */
  menuScreens: MenuScreen[];
  /** table → its dictionary columns and who may read them: documents' dictSource and the system list */
  dictSources: Map<string, DictSource>;
  /** which file each entity/report came from (for messages) */
  origin: Map<string, string>;
}

/** a table that may serve as a table dictionary */
export interface DictSource {
  /** the columns a dictionary may name (never a secret one) */
  columns: Set<string>;
  /** column → the permission code a reader needs; a column not here is public to signed-in users */
  permissions: Map<string, string>;
  tree?: { pidField: string; hasChildField?: string };
  /** the entity document over the same table: holding its list permission brings its data rules */
  document?: string;
}

/** columns that never leave the server, whatever a document says */
export const SECRET_COLUMNS = new Set(['password', 'salt']);

let validators: { entity: ValidateFunction; report: ValidateFunction; collections: ValidateFunction } | null =
  null;

function getValidators() {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
    ajv.addSchema(entitySchema);
    validators = {
      entity: ajv.compile(entitySchema),
      report: ajv.compile(reportSchema),
      collections: ajv.compile(collectionsSchema),
    };
  }
  return validators;
}

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): Problem[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf')
    .map((e) => ({
      file,
      path: e.instancePath || '/',
      message:
        e.message +
        (e.params && 'additionalProperty' in e.params ? `: ${e.params.additionalProperty}` : '') +
        (e.params && 'allowedValues' in e.params
          ? `: ${(e.params.allowedValues as unknown[]).join(', ')}`
          : ''),
    }));
}

export function emptyCatalog(): Catalog {
  return {
    entities: new Map(),
    reports: new Map(),
    dictionaries: new Map(),
    menuGroups: [],
    menuScreens: [],
    dictSources: new Map(),
    origin: new Map(),
  };
}

/**
 * Validates every document against the meta-schema (filling defaults), upgrades older ones,
 * and checks the cross references. Documents with problems are left out of the catalog.
 */
export function loadCatalog(files: SourceFile[]): { catalog: Catalog; problems: Problem[] } {
  const v = getValidators();
  const catalog = emptyCatalog();
  const screenFiles = new Map<string, string>();
  /** where each system source's permission codes were declared, checked once every prefix is known */
  const sourceCodes: { file: string; path: string; code: string }[] = [];
  const problems: Problem[] = [];
  const add = (file: string, path: string, message: string) => problems.push({ file, path, message });
  /** entities whose document names no list sort (the meta-schema's default fills one in) */
  const unsorted = new Set<string>();

  // oldest first, so that what a newer file reuses is reported on the newer file
  const byAge = files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.created ?? 0) - (b.f.created ?? 0) || a.i - b.i)
    .map((x) => x.f);
  for (const f of byAge) {
    if (!f.json || typeof f.json !== 'object' || Array.isArray(f.json)) {
      add(f.path, '/', 'document must be a JSON object');
      continue;
    }
    const upgraded = upgradeDocument(structuredClone(f.json) as Record<string, unknown>);
    if ('error' in upgraded) {
      add(f.path, '/schemaVersion', upgraded.error);
      continue;
    }
    const doc = upgraded.doc;
    const kind = doc.kind;
    const validate = kind === 'entity' ? v.entity : kind === 'report' ? v.report : v.collections;
    if (!['entity', 'report', 'dictionaries', 'menus', 'dictSources'].includes(String(kind))) {
      add(
        f.path,
        '/kind',
        `unknown document kind '${String(kind)}' (entity, report, dictionaries, menus, dictSources)`,
      );
      continue;
    }
    const sortNamed = Boolean((doc.list as { sort?: unknown } | undefined)?.sort);
    if (!validate(doc)) {
      problems.push(...ajvProblems(f.path, validate.errors));
      continue;
    }
    if (kind === 'entity') {
      const e = doc as unknown as EntityDocument;
      giveImpliedDictionaries(e);
      if (!sortNamed) unsorted.add(e.code);
      if (catalog.entities.has(e.code) || catalog.reports.has(e.code))
        add(f.path, '/code', `duplicate document code '${e.code}' (also in ${catalog.origin.get(e.code)})`);
      else {
        catalog.entities.set(e.code, e);
        catalog.origin.set(e.code, f.path);
      }
    } else if (kind === 'report') {
      const r = doc as unknown as ReportDocument;
      if (catalog.entities.has(r.code) || catalog.reports.has(r.code))
        add(f.path, '/code', `duplicate document code '${r.code}' (also in ${catalog.origin.get(r.code)})`);
      else {
        catalog.reports.set(r.code, r);
        catalog.origin.set(r.code, f.path);
      }
    } else if (kind === 'dictionaries') {
      (doc.dictionaries as DictionaryDoc[]).forEach((d, i) => {
        if (catalog.dictionaries.has(d.code))
          add(f.path, `/dictionaries/${i}/code`, `duplicate dictionary code '${d.code}'`);
        else catalog.dictionaries.set(d.code, d);
      });
    } else if (kind === 'menus') {
      catalog.menuGroups.push(...(doc.groups as MenuGroup[]));
      for (const [i, screen] of ((doc.screens as MenuScreen[] | undefined) ?? []).entries()) {
        if (catalog.menuScreens.some((s) => s.key === screen.key || s.permission === screen.permission))
          add(f.path, `/screens/${i}`, `duplicate screen key or permission '${screen.key}'`);
        else {
          catalog.menuScreens.push(screen);
          screenFiles.set(screen.key, f.path);
        }
      }
    } else {
      (doc as unknown as DictSourcesDocument).sources.forEach((s, i) => {
        const columns = Object.entries(s.columns).filter(([c]) => !SECRET_COLUMNS.has(c));
        const bad = Object.keys(s.columns).filter((c) => SECRET_COLUMNS.has(c));
        if (bad.length)
          add(
            f.path,
            `/sources/${i}/columns`,
            `secret column(s) ${bad.join(', ')} can never be a dictionary source`,
          );
        const permissions = new Map(columns.filter(([, a]) => a !== 'public'));
        for (const [c, code] of permissions)
          sourceCodes.push({ file: f.path, path: `/sources/${i}/columns/${c}`, code });
        catalog.dictSources.set(s.table, {
          columns: new Set(columns.map(([c]) => c)),
          permissions,
          tree: s.tree,
        });
      });
    }
  }

  const tables = new Map<string, string>();
  const prefixes = new Map<string, string>();
  const apis = new Map<string, string>();
  // entities are in age order here: the first to claim a table, prefix or API path keeps it
  const claim = (
    held: Map<string, string>,
    key: string,
    code: string,
    file: string,
    path: string,
    what: string,
  ) => {
    const owner = held.get(key);
    if (owner === undefined) held.set(key, code);
    else add(file, path, `${what} is already used by document '${owner}' (${catalog.origin.get(owner)})`);
  };
  for (const [code, e] of catalog.entities) {
    const file = catalog.origin.get(code)!;
    claim(tables, e.table, code, file, '/table', `table '${e.table}'`);
    claim(prefixes, e.permission, code, file, '/permission', `permission prefix '${e.permission}'`);
    // two documents on one API path would declare every route twice, and the server would not start
    claim(apis, apiBase(e), code, file, '/api', `API path '${apiBase(e)}'`);
    if (e.dictSource) {
      const cols = new Set(entityColumns(e).map((c) => c.column));
      e.dictSource.columns.forEach((c, i) => {
        if (!cols.has(c))
          add(file, `/dictSource/columns/${i}`, `column '${c}' is not a column of table '${e.table}'`);
        if (SECRET_COLUMNS.has(c))
          add(file, `/dictSource/columns/${i}`, `secret column '${c}' can never be a dictionary source`);
      });
      const columns = e.dictSource.columns.filter((c) => !SECRET_COLUMNS.has(c));
      catalog.dictSources.set(e.table, {
        columns: new Set(columns),
        // a document's rows are read by those who may list it (or use a form naming the dictionary)
        permissions: new Map(columns.map((c) => [c, `${e.permission}list`])),
        tree: e.tree
          ? {
              pidField: entityColumn(e, e.tree.pidField),
              hasChildField: entityColumn(e, e.tree.hasChildField),
            }
          : undefined,
      });
    }
  }
  for (const [table, src] of catalog.dictSources) src.document = tables.get(table);
  const knownPrefixes = [...prefixes.keys(), ...catalog.menuScreens.map((s) => s.permission)];
  for (const c of sourceCodes)
    if (!knownPrefixes.some((p) => c.code.startsWith(p)))
      add(c.file, c.path, `permission '${c.code}' is not under any document's or screen's permission prefix`);
  sortSubTablesByOrder(catalog, unsorted);
  for (const [code, e] of catalog.entities) checkEntity(catalog, catalog.origin.get(code)!, e, add);
  // a sub-table's rows answer to their masters, and those to theirs (server/crud/scope.ts): the chain ends
  for (const code of catalog.entities.keys())
    if (amongOwnChildren(catalog, code))
      add(
        catalog.origin.get(code)!,
        '/children',
        `document '${code}' is a sub-table of itself (through children)`,
      );
  catalog.menuScreens.forEach((s) => {
    const file = screenFiles.get(s.key)!;
    checkMenu(catalog, file, s, add);
    if (s.document && !catalog.entities.has(s.document))
      add(file, '/screens', `screen '${s.key}' shows document '${s.document}', which does not exist`);
    // a screen showing a document (its `document`) is that document's menu entry: they share the prefix
    if (prefixes.has(s.permission) && prefixes.get(s.permission) !== s.document)
      add(
        file,
        '/screens',
        `screen permission '${s.permission}' is already used by document '${prefixes.get(s.permission)}'`,
      );
  });
  for (const [code, r] of catalog.reports) {
    const file = catalog.origin.get(code)!;
    // the SQL itself is checked by the parser (report-sql.ts checkReports), which loads asynchronously
    claim(prefixes, r.permission, code, file, '/permission', `permission prefix '${r.permission}'`);
    r.columns.forEach((c, i) => {
      if (c.dictCode && !catalog.dictionaries.has(c.dictCode))
        add(file, `/columns/${i}/dictCode`, `unknown dictionary code '${c.dictCode}'`);
    });
    r.query?.forEach((q, i) => {
      if (!r.columns.some((c) => c.key === q.field))
        add(file, `/query/${i}/field`, `query field '${q.field}' is not a report column`);
    });
    r.columns.forEach((c, i) => {
      if ((c.format || c.total) && c.type !== 'number')
        add(file, `/columns/${i}`, `column '${c.key}': format and total need type 'number'`);
    });
    if (r.chart) reportChartProblems(r).forEach((m) => add(file, '/chart', m));
    checkMenu(catalog, file, r.menu, add);
  }
  // documents with problems are dropped so the server never runs half-valid metadata
  for (const p of problems) {
    for (const [code, f] of catalog.origin)
      if (f === p.file) {
        catalog.entities.delete(code);
        catalog.reports.delete(code);
      }
  }
  // the catalog lists documents in file order, whatever their age (routes, menus and tables follow it)
  const position = new Map(files.map((f, i) => [f.path, i]));
  const inFileOrder = <T>(m: Map<string, T>) =>
    new Map(
      [...m].sort(
        ([a], [b]) => position.get(catalog.origin.get(a)!)! - position.get(catalog.origin.get(b)!)!,
      ),
    );
  catalog.entities = inFileOrder(catalog.entities);
  catalog.reports = inFileOrder(catalog.reports);
  return { catalog, problems };
}

/** the search mode a field's `query` asks for: a range, contains (like) or one value */
export function searchModeOf(f: FieldDoc): SearchMode | null {
  if (!f.query) return null;
  return f.query.mode === 'range' ? 'range' : f.query.like ? 'like' : 'single';
}

function entityColumn(e: EntityDocument, key: string): string {
  return entityColumns(e).find((c) => c.key === key)?.column ?? key;
}

/**
 * a card (the list on a phone, renderers/list/CardList.tsx) names fields the list can show; its tag
 * reads a field that offers its values (a dictionary, or a switch's two)
 */
function checkCard(e: EntityDocument, file: string, add: (f: string, p: string, m: string) => void) {
  const card = e.card!;
  const named: [string, string | undefined][] = [
    ['/card/title', card.title],
    ...(card.fields ?? []).map((k, i): [string, string] => [`/card/fields/${i}`, k]),
    ['/card/status', card.status],
  ];
  for (const [at, key] of named) {
    if (key === undefined) continue;
    const f = e.fields.find((x) => x.key === key);
    if (!f) add(file, at, `card field '${key}' is not a field of this document`);
    else if (!fieldType(f).shown)
      add(file, at, `card field '${key}' is a ${f.type} field, which lists never show`);
    else if (at === '/card/status' && !(fieldType(f).needsOptions || fieldType(f).choices))
      add(file, at, `card status '${key}' must be a dictionary or switch field`);
  }
}

function checkMenu(
  catalog: Catalog,
  file: string,
  menu: EntityDocument['menu'],
  add: (f: string, p: string, m: string) => void,
) {
  if (menu && !catalog.menuGroups.some((g) => g.key === menu.group))
    add(file, '/menu/group', `unknown menu group '${menu.group}'`);
}

/** a field of a type that reads a dictionary of its own (areas, categories) gets it, unless it names one */
function giveImpliedDictionaries(e: EntityDocument): void {
  for (const f of e.fields) {
    const implied = fieldType(f).dictionary?.(f);
    if (implied && !f.dict) f.dict = implied;
  }
}

/**
 * A popupCode names an entity document, and popupValue and popupText its fields (or its id). A
 * popup field may name a report instead; its orgFields are the popup's columns and its destFields
 * this document's fields (their missing or mismatched lists are the type's own check).
 */
function checkPopup(
  catalog: Catalog,
  file: string,
  at: string,
  f: FieldDoc,
  e: EntityDocument,
  add: (f: string, p: string, m: string) => void,
) {
  if (!f.popupCode) return;
  if (fieldType(f).fillsFromPopup) return checkPopupFill(catalog, file, at, f, e, add);
  const popup = catalog.entities.get(f.popupCode);
  if (!popup) return add(file, `${at}/popupCode`, `popupCode '${f.popupCode}' names no entity document`);
  const keys = new Set(entityColumns(popup).map((c) => c.key));
  for (const part of ['popupValue', 'popupText'] as const) {
    const key = f[part];
    if (key && !keys.has(key))
      add(file, `${at}/${part}`, `'${key}' is not a field of the popup document '${popup.code}'`);
  }
}

function checkPopupFill(
  catalog: Catalog,
  file: string,
  at: string,
  f: FieldDoc,
  e: EntityDocument,
  add: (f: string, p: string, m: string) => void,
) {
  const code = f.popupCode!;
  const report = catalog.reports.get(code);
  const entity = catalog.entities.get(code);
  const columns = report
    ? report.columns.map((c) => c.key)
    : entity && entityColumns(entity).map((c) => c.key);
  if (!columns) return add(file, `${at}/popupCode`, `popupCode '${code}' names no report or entity document`);
  // the browser's selector reads a report's routes or an entity's list: it is told which
  f.popupSource = report ? 'report' : 'entity';
  const known = new Set(columns);
  for (const from of nameList(f.orgFields))
    if (!known.has(from)) add(file, `${at}/orgFields`, `'${from}' is not a column of the popup '${code}'`);
  const own = new Set(e.fields.map((x) => x.key));
  for (const to of nameList(f.destFields))
    if (!own.has(to)) add(file, `${at}/destFields`, `'${to}' is not a field of this document`);
}

/**
 * A sub-table whose document names no list sort lists its rows by its order field (序号, 排序:
 * model.ts orderField) ascending, as Jeecg's detail tabs do, not newest first: a work order's steps
 * read 1, 2, 3. A sort the document names stays.
 */
function sortSubTablesByOrder(catalog: Catalog, unsorted: ReadonlySet<string>): void {
  for (const master of catalog.entities.values())
    for (const c of master.children ?? []) {
      const child = catalog.entities.get(c.code);
      if (!child || !unsorted.has(c.code)) continue;
      const order = orderField(child.fields);
      if (order) child.list.sort = { column: order.key, order: 'asc' };
    }
}

/** is the document a sub-table of itself, through its children's children? */
function amongOwnChildren(catalog: Catalog, code: string): boolean {
  const childrenOf = (c: string) => (catalog.entities.get(c)?.children ?? []).map((x) => x.code);
  const seen = new Set<string>();
  const pending = childrenOf(code);
  while (pending.length) {
    const c = pending.pop()!;
    if (c === code) return true;
    if (!seen.has(c)) {
      seen.add(c);
      pending.push(...childrenOf(c));
    }
  }
  return false;
}

function checkEntity(
  catalog: Catalog,
  file: string,
  e: EntityDocument,
  add: (f: string, p: string, m: string) => void,
) {
  const keys = new Set<string>();
  const columns = new Set<string>();
  const allKeys = new Set(entityColumns(e).map((c) => c.key));
  e.fields.forEach((f, i) => {
    const at = `/fields/${i}`;
    if (keys.has(f.key)) add(file, `${at}/key`, `duplicate field key '${f.key}'`);
    keys.add(f.key);
    const col = fieldColumn(f).column;
    if (columns.has(col)) add(file, `${at}/column`, `duplicate column '${col}'`);
    columns.add(col);
    if (f.dictCode && !catalog.dictionaries.has(f.dictCode))
      add(file, `${at}/dictCode`, `unknown dictionary code '${f.dictCode}'`);
    if (f.dict) {
      const src = catalog.dictSources.get(f.dict.table);
      if (!src)
        add(file, `${at}/dict/table`, `table '${f.dict.table}' is not declared as a dictionary source`);
      else {
        for (const part of ['text', 'code', 'pidField', 'hasChildField'] as const) {
          const c = f.dict[part];
          if (c && !src.columns.has(c))
            add(
              file,
              `${at}/dict/${part}`,
              `column '${c}' is not an allowed dictionary column of '${f.dict.table}'`,
            );
        }
        for (const c of Object.keys(f.dict.condition ?? {}))
          if (!src.columns.has(c))
            add(
              file,
              `${at}/dict/condition/${c}`,
              `column '${c}' is not an allowed dictionary column of '${f.dict.table}'`,
            );
      }
    }
    const type = fieldType(f);
    const own = type.checkField?.(f);
    if (own) add(file, at, own);
    checkPopup(catalog, file, at, f, e, add);
    if (type.needsOptions && !f.dictCode && !f.dict && !f.options?.length)
      add(file, at, `a ${f.type} field offers its values from dictCode, dict or options: give one`);
    if (f.upload && !type.uploads)
      add(file, `${at}/upload`, `a ${f.type} field stores no uploads: upload applies to file fields only`);
    const mode = searchModeOf(f);
    if (mode && !type.search.includes(mode))
      add(
        file,
        `${at}/query`,
        type.search.length
          ? `a ${f.type} field is searched by ${type.search.join(' or ')}, not ${mode}`
          : `a ${f.type} field cannot be searched`,
      );
    if (f.virtual)
      for (const prop of ['column', 'dbType', 'index'] as const)
        if (f[prop] !== undefined)
          add(file, `${at}/${prop}`, `a virtual field has no column: '${prop}' is not allowed`);
    if (f.virtual && f.validateRules?.some((r) => r.unique))
      add(file, `${at}/validateRules`, 'a virtual field cannot be unique');
    for (const v of conditionVariables(f))
      if (!allKeys.has(v.split('.')[0]))
        add(file, `${at}/when`, `a when rule reads '${v}', which is not a field of this document`);
    if (f.writeOnly && (f.query || f.sortable))
      add(file, at, 'a write-only field cannot be searched or sorted');
    f.validateRules?.forEach((r, j) => {
      if (r.pattern && r.pattern !== '*' && !resolvePattern(r.pattern))
        add(
          file,
          `${at}/validateRules/${j}/pattern`,
          `'${r.pattern}' is neither a preset nor a valid regular expression`,
        );
      r.scope?.forEach((k, n) => {
        if (!allKeys.has(k)) add(file, `${at}/validateRules/${j}/scope/${n}`, `scope '${k}' is not a field`);
      });
      if (r.scope && !r.unique)
        add(file, `${at}/validateRules/${j}/scope`, 'scope only applies to a unique rule');
      // the server answers a handler only about what it checks itself (check-rules.ts, duplicate.ts)
      if (r.handler === 'duplicate' && !f.validateRules!.some((u) => u.unique))
        add(file, `${at}/validateRules/${j}/handler`, "handler 'duplicate' needs a unique rule on the field");
      // its message is the server's, declared once on the rule it checks, so grid and save agree
      if (r.handler && r.message)
        add(
          file,
          `${at}/validateRules/${j}/message`,
          "a handler rule says the server check's message; declare it on the unique rule or the check rule",
        );
      if (r.handler === 'checkRule' && !f.checkRule)
        add(file, `${at}/validateRules/${j}/handler`, "handler 'checkRule' needs the field's checkRule");
    });
  });
  if (e.softDelete) {
    const flag = e.fields.find((f) => f.key === e.softDelete);
    if (!flag || flag.virtual || fieldColumn(flag).dbType !== 'int')
      add(file, '/softDelete', `soft-delete flag '${e.softDelete}' must be an int field of the document`);
  }
  if (!allKeys.has(e.list.sort.column))
    add(file, '/list/sort/column', `sort column '${e.list.sort.column}' is not a field`);
  for (const [p, m] of actionProblems(e)) add(file, p, m);
  if (e.tree) {
    for (const part of ['pidField', 'hasChildField', 'textField'] as const)
      if (!allKeys.has(e.tree[part]))
        add(file, `/tree/${part}`, `tree ${part} '${e.tree[part]}' is not a field`);
    for (const key of Object.keys(e.tree.childDefaults ?? {}))
      if (!allKeys.has(key)) add(file, `/tree/childDefaults/${key}`, `'${key}' is not a field`);
  }
  if (e.card) checkCard(e, file, add);
  if (LIST_KINDS[e.list.kind].tree !== Boolean(e.tree))
    add(file, '/tree', 'a tree list needs tree settings, and tree settings need list kind "tree"');
  if ((LIST_KINDS[e.list.kind] as ListKindDef).details && !e.children?.length)
    add(file, '/list/kind', `list kind "${e.list.kind}" shows sub-tables: the document needs children`);
  // the detail sheets of export and import name each row's master by such a field (server/crud/excel-details.ts)
  if (
    e.children?.length &&
    !e.fields.some(
      (f) => f.excel !== false && !f.writeOnly && f.validateRules?.some((r) => r.unique && !r.scope?.length),
    )
  )
    add(
      file,
      '/children',
      'a document with children needs a unique field (without scope) to name its records in spreadsheets',
    );
  e.children?.forEach((c, i) => {
    const child = catalog.entities.get(c.code);
    if (!child) add(file, `/children/${i}/code`, `unknown child document '${c.code}'`);
    else if (!child.fields.some((f) => f.key === c.foreignKey))
      add(
        file,
        `/children/${i}/foreignKey`,
        `'${c.foreignKey}' is not a field of child document '${c.code}'`,
      );
    for (const key of Object.keys(c.disabledRows ?? {}))
      if (child && !child.fields.some((f) => f.key === key))
        add(file, `/children/${i}/disabledRows`, `'${key}' is not a field of child document '${c.code}'`);
    // every write path (the master's save, the child's own add, import) then keeps it one row
    const fk = child?.fields.find((f) => f.key === c.foreignKey);
    if (c.relation === 'one' && fk && !fk.validateRules?.some((r) => r.unique && !r.scope?.length))
      add(
        file,
        `/children/${i}/relation`,
        `a one-to-one child needs a unique rule (without scope) on '${c.foreignKey}'`,
      );
    if (c.relation === 'one' && child?.tree)
      add(file, `/children/${i}/relation`, 'a one-to-one child cannot be a tree');
  });
  checkMenu(catalog, file, e.menu, add);
}
