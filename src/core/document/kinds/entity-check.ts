import { actionProblems } from '../../actions/check';
import { nameList } from '../../fields/popup-fill';
import { fieldType } from '../../fields/registry';
import type { SearchMode } from '../../fields/types';
import { resolvePattern } from '../../validation/presets';
import type { Catalog } from '../catalog';
import { conditionVariables } from '../conditions';
import { LIST_KINDS, type ListKindDef } from '../list-kinds';
import { entityColumns, fieldColumn } from '../model';
import type { EntityDocument, FieldDoc } from '../types';
import type { Add } from './kind';
import { checkMenu } from './menus';

/** An entity document's own checks, once every document is in the catalog (kinds/entity.ts). */

export function checkEntity(catalog: Catalog, file: string, e: EntityDocument, add: Add) {
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
    if (f.menuField !== undefined && !allKeys.has(f.menuField))
      add(file, `${at}/menuField`, `menuField '${f.menuField}' is not a field of this document`);
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
      if (r.sameAs !== undefined && !allKeys.has(r.sameAs))
        add(file, `${at}/validateRules/${j}/sameAs`, `sameAs '${r.sameAs}' is not a field`);
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
  const tabs = e.list.tabs && e.fields.find((f) => f.key === e.list.tabs!.field);
  if (e.list.tabs && !(tabs && (tabs.dictCode || tabs.options)))
    add(file, '/list/tabs/field', `tabs field '${e.list.tabs.field}' must be a field with a dictionary`);
  for (const [p, m] of actionProblems(e, catalog)) add(file, p, m);
  // writes routed elsewhere and codes of their own are a module's writes (declaredWrites): the
  // generic routes answer to <permission><action>
  if (!e.declaredWrites) {
    for (const part of ['add', 'edit', 'delete', 'deleteBatch'] as const)
      if (e.endpoints?.[part])
        add(
          file,
          `/endpoints/${part}`,
          'only a document whose writes a module declares (declaredWrites) routes them',
        );
    if (e.codes)
      add(file, '/codes', 'only a document whose writes a module declares (declaredWrites) names codes');
  }
  if (e.tree) {
    for (const part of ['pidField', 'hasChildField', 'textField'] as const)
      if (!allKeys.has(e.tree[part]))
        add(file, `/tree/${part}`, `tree ${part} '${e.tree[part]}' is not a field`);
    for (const key of Object.keys(e.tree.childDefaults ?? {}))
      if (!allKeys.has(key)) add(file, `/tree/childDefaults/${key}`, `'${key}' is not a field`);
  }
  if (e.card) checkCard(e, file, add);
  checkLocales(e, file, add);
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

/** the search mode a field's `query` asks for: a range, contains (like) or one value */
export function searchModeOf(f: FieldDoc): SearchMode | null {
  if (!f.query) return null;
  return f.query.mode === 'range' ? 'range' : f.query.like ? 'like' : 'single';
}

/**
 * a card (the list on a phone, renderers/list/CardList.tsx) names fields the list can show; its tag
 * reads a field that offers its values (a dictionary, or a switch's two)
 */
function checkCard(e: EntityDocument, file: string, add: Add) {
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

/**
 * A popupCode names an entity document, and popupValue and popupText its fields (or its id). A
 * popup field may name a report instead; its orgFields are the popup's columns and its destFields
 * this document's fields (their missing or mismatched lists are the type's own check).
 */
/** a language's words name only fields and actions the document has */
function checkLocales(e: EntityDocument, file: string, add: Add) {
  for (const [locale, texts] of Object.entries(e.locales ?? {})) {
    for (const [key, words] of Object.entries(texts?.fields ?? {})) {
      const field = e.fields.find((f) => f.key === key);
      if (!field) add(file, `/locales/${locale}/fields/${key}`, `'${key}' is not a field of this document`);
      else if ((words.messages?.length ?? 0) > (field.validateRules?.length ?? 0))
        add(file, `/locales/${locale}/fields/${key}/messages`, 'more messages than the field has rules');
    }
    for (const key of Object.keys(texts?.actions ?? {}))
      if (!e.actions?.some((a) => a.key === key))
        add(file, `/locales/${locale}/actions/${key}`, `'${key}' is not an action of this document`);
  }
}

function checkPopup(catalog: Catalog, file: string, at: string, f: FieldDoc, e: EntityDocument, add: Add) {
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
  add: Add,
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
