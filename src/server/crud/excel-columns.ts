import type { ColumnModel } from '../../core/document/model';
import { entityColumns, SYSTEM_COLUMNS } from '../../core/document/model';
import type { EntityDocument } from '../../core/document/types';
import { dbType } from '../../core/fields/db-types';
import { fieldType, valueItems } from '../../core/fields/registry';
import type { AppContext } from '../context';
import { hasDictionary } from '../dict/service';
import type { ExportColumn } from '../excel/export';
import { TEMPLATE_HINT } from '../excel/import';

/**
 * The one seam between a document's columns and the spreadsheet: which columns travel, how a stored
 * value becomes a cell and how a cell's text becomes the value written. The field-type registry
 * (src/core/fields) and the field's dictionary decide; the export and import pipelines only call here.
 */

type Row = Record<string, unknown>;
const SYSTEM_KEYS = new Set(SYSTEM_COLUMNS.map((c) => c.key));

/** the columns export and import carry: fields shown to users, not write-only, not left out by `excel: false` */
export function excelColumns(doc: EntityDocument): ColumnModel[] {
  return entityColumns(doc).filter(
    (c) =>
      c.field &&
      !SYSTEM_KEYS.has(c.key) &&
      c.field.excel !== false &&
      !c.field.writeOnly &&
      fieldType(c.field).shown,
  );
}

/** the export sheet's columns: title, width and the kind of cell (numbers and dates stay typed) */
export function exportColumns(cols: ColumnModel[]): ExportColumn[] {
  return cols.map((c) => ({
    key: c.key,
    title: c.title,
    width: c.field?.width,
    kind: dbType(c.dbType).excel,
  }));
}

/** a listed row as export cells: a dictionary's text (`<key>_dictText`), else the type's own text */
export function exportCells(cols: ColumnModel[], row: Row): Row {
  const out: Row = {};
  for (const c of cols) {
    const f = c.field!;
    out[c.key] = hasDictionary(f)
      ? (row[`${c.key}_dictText`] ?? row[c.key])
      : fieldType(f).toText(row[c.key], f);
  }
  return out;
}

/** dictionary text → stored value (the value itself is accepted too) */
function valueMap(opts: { value: string; text: string }[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const o of opts) {
    map.set(o.value, o.value);
    map.set(o.text, o.value);
  }
  return map;
}

/**
 * How imported cells become the values written, a batch of rows at a time: dictionary texts become
 * their values (item by item for a multi type), other text goes through the type's reading (是/否,
 * 2026/1/5, 1,234.50). System dictionaries and inline options are read once per import; a table
 * dictionary, which may hold more rows than one read returns, once per batch for the texts it holds.
 */
export async function importReader(
  ctx: AppContext,
  cols: ColumnModel[],
): Promise<(rows: Record<string, string>[]) => Promise<Row[]>> {
  const fixed = new Map<string, Map<string, string>>();
  for (const c of cols) {
    const f = c.field!;
    if (f.dictCode) fixed.set(c.key, valueMap((await ctx.dicts.byCode(f.dictCode)) ?? []));
    else if (f.options) fixed.set(c.key, valueMap(f.options));
  }
  return async (rows) => {
    const dicts = new Map(fixed);
    for (const c of cols) {
      const f = c.field!;
      if (!f.dict || f.dictCode || f.options) continue;
      const items = new Set(
        rows.flatMap((r) => (r[c.key] ? valueItems(f, r[c.key]).map((x) => x.trim()) : [])),
      );
      // the trailing comma asks for these texts or values exactly (dict/service.ts)
      const found = items.size
        ? await ctx.dicts.tableOptions(f.dict, { keyword: `${[...items].join(',')},` })
        : [];
      dicts.set(c.key, valueMap(found));
    }
    const readers = new Map<string, (text: string) => string>();
    for (const c of cols) {
      const f = c.field!;
      const dict = dicts.get(c.key);
      if (dict)
        readers.set(c.key, (text) =>
          valueItems(f, text)
            .map((x) => dict.get(x.trim()) ?? x.trim())
            .join(','),
        );
      else readers.set(c.key, (text) => fieldType(f).fromText(text, f));
    }
    return rows.map((cells) =>
      Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, readers.get(k)?.(v) ?? v])),
    );
  };
}

/** a table dictionary's hint names at most this many of its rows (it may hold thousands) */
const HINT_TABLE_ITEMS = 50;

/**
 * The import template's hint row: for each dictionary column, `可选：` and the texts import reads
 * (启用、停用); other columns stay empty. A table dictionary longer than its first 50 rows ends in 等.
 */
export async function templateHints(ctx: AppContext, cols: ColumnModel[]): Promise<Row> {
  const out: Row = {};
  for (const c of cols) {
    const f = c.field!;
    let texts: string[] = [];
    let more = false;
    if (f.dictCode) texts = ((await ctx.dicts.byCode(f.dictCode)) ?? []).map((o) => o.text);
    else if (f.options) texts = f.options.map((o) => o.text);
    else if (f.dict) {
      const found = await ctx.dicts.tableOptions(f.dict, { limit: HINT_TABLE_ITEMS + 1 });
      texts = found.slice(0, HINT_TABLE_ITEMS).map((o) => o.text);
      more = found.length > HINT_TABLE_ITEMS;
    }
    if (texts.length) out[c.key] = `${TEMPLATE_HINT}${texts.join('、')}${more ? '等' : ''}`;
  }
  return out;
}
