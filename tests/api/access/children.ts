import ExcelJS from 'exceljs';
import type { Catalog } from '../../../src/core/document/load';
import type { EntityDocument } from '../../../src/core/document/types';
import { apiBase } from '../../../src/core/document/model';
import type { Sample, SampleFn, Samples } from './types';

/**
 * The matrix's sub-table case (issue 21 item 3), generated from the documents: a sub-table's row
 * is read only through a master the user may read, and written only through one it may also edit
 * (src/server/crud/scope.ts). For every master with children and each of its sub-tables, two users
 * holding every code of the sub-table call each of its routes with the admin's sample (every
 * sample's rows hang under some master row): one whose data rule on the master hides every master
 * row (it holds the master's edit code too, so only the rule refuses it), and one who may read the
 * masters but lacks their edit code. A new master–detail document is walked with no code here.
 */

/** a master and one of its sub-tables */
export interface MasterChild {
  master: EntityDocument;
  child: EntityDocument;
}

export function masterChildren(catalog: Catalog): MasterChild[] {
  return [...catalog.entities.values()].flatMap((master) =>
    (master.children ?? []).map((c) => ({ master, child: catalog.entities.get(c.code)! })),
  );
}

/** what a call reaches: rows listed, one row, a write, an export file, an import, a dictionary */
type Kind = 'rows' | 'one' | 'write' | 'export' | 'import' | 'dict';

/** one route of a sub-table: its method and URL as the route table declares them, and its sample */
export interface ChildCall {
  method: string;
  url: string;
  kind: Kind;
  sample: SampleFn;
}

/** the sub-table's routes over its rows, with the matrix's samples (crud.ts), an export as .xlsx */
export function childCalls(catalog: Catalog, child: EntityDocument, samples: Samples): ChildCall[] {
  const base = apiBase(child);
  const of = (method: string, path: string, kind: Kind): ChildCall => {
    const sample = samples[`${method} ${base}/${path}`];
    if (!sample) throw new Error(`no sample for ${method} ${base}/${path}`);
    return { method, url: `${base}/${path}`, kind, sample };
  };
  const calls = [of('GET', 'list', 'rows'), of('GET', 'queryById', 'one')];
  calls.push({
    method: 'GET',
    url: `${base}/exportXls`,
    kind: 'export',
    sample: () => ({ query: { exportType: 'xlsx' }, expect: 'file' }),
  });
  if (child.endpoints?.tree) calls.push(of('GET', child.endpoints.tree, 'rows'));
  if (!child.readOnly)
    calls.push(
      of('POST', 'add', 'write'),
      of('PUT', 'edit', 'write'),
      of('DELETE', 'delete', 'write'),
      of('DELETE', 'deleteBatch', 'write'),
      of('POST', 'importExcel', 'import'),
    );
  // a table dictionary over the sub-table, where its document offers one (src/server/dict)
  const source = catalog.dictSources.get(child.table);
  const text = source && [...source.columns].find((c) => c !== 'id');
  if (source?.columns.has('id') && text)
    calls.push({
      method: 'GET',
      url: '/sys/dict/getDictItems/:dictCode',
      kind: 'dict',
      sample: () => ({ params: { dictCode: `${child.table},${text},id` } }),
    });
  return calls;
}

/** data rows of an exported .xlsx (title, exporter and header rows first) */
async function exportedRows(file: Buffer): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return Math.max(0, book.worksheets[0].actualRowCount - 3);
}

/** the answer of a call: its envelope, or the file it downloaded */
export interface Answer {
  json: any;
  file?: Buffer;
}

/** the rows a reading answer holds (a list's or a tree's page, a dictionary's items, an export's rows) */
async function rowsIn(kind: Kind, a: Answer): Promise<number | null> {
  if (kind === 'export') return a.file ? exportedRows(a.file) : null;
  if (!a.json?.success) return null;
  if (kind === 'dict') return (a.json.result as unknown[]).length;
  return (a.json.result.records as unknown[]).length;
}

/**
 * What is wrong with an answer, or null. `reads`: the user may read through the master (it lacks
 * only the master's edit code), so its reads succeed and find rows; otherwise it finds none, and
 * a read of one row is refused. Writes are refused either way, and an import lands no row.
 */
export async function childProblem(
  call: ChildCall,
  reads: boolean,
  a: Answer,
  sample: Sample,
): Promise<string | null> {
  const said = () => JSON.stringify(a.json)?.slice(0, 160);
  switch (call.kind) {
    case 'write':
      return a.json?.success === false ? null : `written: ${said()}`;
    case 'import':
      return a.json?.success === false || a.json?.result?.successCount === 0 ? null : `imported: ${said()}`;
    case 'one':
      if (reads) return a.json?.success === true ? null : `not read: ${said()}`;
      return a.json?.success === false ? null : `read ${String(sample.query?.id)}: ${said()}`;
    default: {
      // a dictionary the sub-table does not offer is refused, which hides its rows too
      if (call.kind === 'dict' && !reads && a.json?.success === false) return null;
      const rows = await rowsIn(call.kind, a);
      if (rows === null) return `refused: ${said()}`;
      if (reads) return rows > 0 ? null : 'no rows';
      return rows === 0 ? null : `${rows} rows of hidden masters`;
    }
  }
}
