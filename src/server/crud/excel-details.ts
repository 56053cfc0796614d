import type { Expression, SqlBool } from 'kysely';
import type { ColumnModel } from '../../core/document/model';
import type { EntityDocument } from '../../core/document/types';
import type { ListQuery } from '../../core/query/ast';
import type { AppContext, CurrentUser } from '../context';
import { sheetName, type ExportSheet } from '../excel/export';
import type { DetailPlan } from '../imports/details';
import { excelColumns, exportCells, exportColumns, importReader } from './excel-columns';
import { parseQuery, exportRows } from './read';
import { rowScope } from './scope';

/**
 * The sub-tables of a master-detail document (`children`) in its spreadsheets: after the master
 * sheet, a sheet per sub-table named by its title, whose rows name their master by the master's
 * identifying column (its first unique field, e.g. 工单编号) as the master sheet shows it. The
 * foreign key itself does not travel: import links each detail row through that column.
 */

type Row = Record<string, unknown>;

/** the key of the link column in a detail sheet's rows (no field key starts with '$') */
export const MASTER_LINK = '$master';
/** master ids per query of an export's detail rows */
const MASTERS_PER_READ = 1000;

/**
 * the sub-tables that travel in spreadsheets: a tree sub-table's rows name their parent by id,
 * which an imported row cannot (ids are made on import), so its levels would be lost: it stays out
 */
function sheetChildren(ctx: AppContext, doc: EntityDocument) {
  return (doc.children ?? []).filter((c) => !ctx.catalog.entities.get(c.code)!.tree);
}

/** the master's identifying column: its first spreadsheet column unique across the table (checked at load) */
export function masterKey(doc: EntityDocument): ColumnModel {
  const key = excelColumns(doc).find((c) =>
    c.field!.validateRules?.some((r) => r.unique && !r.scope?.length),
  );
  if (!key) throw new Error(`${doc.code}: no unique spreadsheet column names its records in detail sheets`);
  return key;
}

/** a sub-table's spreadsheet columns: its own, without the foreign key the link column replaces */
function detailColumns(child: EntityDocument, foreignKey: string): ColumnModel[] {
  return excelColumns(child).filter((c) => c.key !== foreignKey);
}

/**
 * The detail sheets of an export, one per sub-table the user may list: the rows (within the
 * sub-table's data rules) of exactly the masters the master sheet took, master by master in its
 * order. `masters` (id → its identifying cell) fills as the master sheet is written, which the
 * writer finishes first.
 */
export async function detailExportSheets(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
  masters: Map<string, unknown>,
  max: number,
): Promise<ExportSheet[]> {
  if (!doc.children?.length) return [];
  const key = masterKey(doc);
  const sheets: ExportSheet[] = [];
  for (const c of sheetChildren(ctx, doc)) {
    const child = ctx.catalog.entities.get(c.code)!;
    if (!user.codes.has(`${child.permission}list`)) continue;
    const cols = detailColumns(child, c.foreignKey);
    const scope = await rowScope(ctx, child, user);
    sheets.push({
      title: child.title,
      columns: [{ key: MASTER_LINK, title: key.title }, ...exportColumns(cols)],
      rows: detailRows(ctx, child, c.foreignKey, user, scope, masters, max, (r) => ({
        ...exportCells(cols, r),
        [MASTER_LINK]: masters.get(String(r[c.foreignKey])),
      })),
    });
  }
  return sheets;
}

async function* detailRows(
  ctx: AppContext,
  child: EntityDocument,
  foreignKey: string,
  user: CurrentUser,
  scope: Expression<SqlBool>[],
  masters: Map<string, unknown>,
  max: number,
  toCells: (r: Row) => Row,
): AsyncGenerator<Row> {
  const ids = [...masters.keys()];
  let left = max;
  for (let i = 0; i < ids.length && left > 0; i += MASTERS_PER_READ) {
    const chunk = ids.slice(i, i + MASTERS_PER_READ);
    const q: ListQuery = parseQuery(ctx, child, {}, user);
    q.filter.items.push({ type: 'cond', field: foreignKey, rule: 'in', value: chunk });
    // one master's rows after another's, each in the sub-table's list order
    const byMaster = new Map<string, Row[]>(chunk.map((id) => [id, []]));
    for await (const r of (await exportRows(ctx, child, q, scope, left)).rows)
      byMaster.get(String(r[foreignKey]))!.push(r);
    for (const rows of byMaster.values())
      for (const r of rows) {
        if (left-- <= 0) return;
        yield toCells(r);
      }
  }
}

/** how each sub-table's sheet is read on import: by the sheet's name, its link column then its own */
export async function detailImportPlans(ctx: AppContext, doc: EntityDocument): Promise<DetailPlan[]> {
  const key = masterKey(doc);
  return Promise.all(
    sheetChildren(ctx, doc).map(async (c) => {
      const child = ctx.catalog.entities.get(c.code)!;
      const cols = detailColumns(child, c.foreignKey);
      return {
        doc: child,
        sheet: sheetName(child.title),
        foreignKey: c.foreignKey,
        link: { key: MASTER_LINK, title: key.title, masterKey: key.key },
        columns: [
          { key: MASTER_LINK, title: key.title },
          ...cols.map((c) => ({ key: c.key, title: c.title })),
        ],
        toRecords: await importReader(ctx, cols),
      };
    }),
  );
}
