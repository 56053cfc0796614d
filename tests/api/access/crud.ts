import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Catalog } from '../../../src/core/document/load';
import type { EntityDocument, FieldDoc } from '../../../src/core/document/types';
import { apiBase, entityColumns, fieldColumn, uploadFolder } from '../../../src/core/document/model';
import { resolvePattern } from '../../../src/core/validation/presets';
import { fetchRaw, get, post, uniq } from '../setup/client';
import type { Samples } from './types';

/**
 * Samples for the generic CRUD routes of every entity document: valid records come from the
 * document's demo rows (fixtures/demo/<code>.json) or, without them, from its rules (dictionary
 * values, presets, lengths). Unique fields get a fresh suffix each time. A module in this folder
 * may override any of them for a document whose hooks need more (sys_user, sys_depart ...).
 */

type Rec = Record<string, unknown>;

function demoRecord(doc: EntityDocument): Rec | undefined {
  const file = path.resolve('fixtures/demo', `${doc.code}.json`);
  if (!fs.existsSync(file)) return undefined;
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Rec[];
  return rows[0] ? { ...rows[0] } : undefined;
}

const PRESET_VALUES: Record<string, string> = {
  m: '13800138000',
  e: 'sample@example.com',
  p: '310000',
  url: 'https://example.com',
  n: '1',
  z: '1',
  money: '1.50',
  s: 'abc',
  'n6-16': '123456',
  '*6-16': 'abcdef',
  's6-18': 'abcdefg',
};

/** seeded rows that required dictionary-table fields can name (the server refuses unknown ones) */
const SEEDED_KEYS: Record<string, string> = {
  'sys_depart.id': 'dep_it',
  'sys_user.id': 'user_admin',
  // a demo activity (a draft with 120 seats: staff may register sign-ups on it)
  'museum_activity.id': 'act-lecture',
};

function ruleValue(catalog: Catalog, f: FieldDoc): unknown {
  if (f.defaultValue !== undefined) return f.defaultValue;
  if (f.dictCode) return catalog.dictionaries.get(f.dictCode)?.items[0]?.value;
  if (f.dict && SEEDED_KEYS[`${f.dict.table}.${f.dict.code}`])
    return SEEDED_KEYS[`${f.dict.table}.${f.dict.code}`];
  if (f.options) return f.options[0]?.value;
  const col = fieldColumn(f);
  switch (col.dbType) {
    case 'int':
    case 'bigint':
    case 'decimal':
      return 1;
    case 'date':
      return '2026-01-01';
    case 'datetime':
      return '2026-01-01 08:00:00';
    case 'time':
      return '08:00:00';
    case 'boolean':
      return true;
  }
  const pattern = f.validateRules?.find((r) => r.pattern)?.pattern;
  if (pattern && PRESET_VALUES[pattern]) return PRESET_VALUES[pattern];
  return `S${uniq()}`.replace(/[^A-Za-z0-9]/g, '').slice(0, Math.min(col.length ?? 100, 20));
}

/** a record the document's rules accept; unique values fresh every call */
export function record(catalog: Catalog, doc: EntityDocument): Rec {
  const demo = demoRecord(doc);
  const out: Rec = {};
  for (const f of doc.fields) {
    if (f.virtual || f.readonly || f.writeOnly || f.type === 'hidden') continue;
    const required = f.validateRules?.some((r) => r.required);
    const fromDemo = demo?.[f.key];
    if (fromDemo !== undefined) out[f.key] = fromDemo;
    else if (required) out[f.key] = ruleValue(catalog, f);
  }
  if (doc.tree) out[doc.tree.pidField] = '';
  for (const f of doc.fields) {
    if (!f.validateRules?.some((r) => r.unique) || out[f.key] === undefined) continue;
    // a dictionary value cannot be made up: freeRecord frees it through its rule's scope instead
    if (f.dict || f.dictCode || f.options) continue;
    const col = fieldColumn(f);
    const suffix = uniq().replace(/[^A-Za-z0-9]/g, '');
    const pattern = f.validateRules.find((r) => r.pattern)?.pattern;
    const re = pattern ? resolvePattern(pattern) : null;
    const digits = `${Date.now() % 1e9}${Math.floor(Math.random() * 1e4)}`;
    // within the column and the field's own max rule (用户账号 takes 18)
    const max = Math.min(
      col.length ?? 100,
      ...(f.validateRules.map((r) => r.max).filter((n) => typeof n === 'number') as number[]),
    );
    const candidates = [`${String(out[f.key]).slice(0, 8)}${suffix}`, `S${suffix}`, digits].map((c) =>
      c.slice(0, max),
    );
    const v = candidates.find((c) => !re || re.test.test(c)) ?? candidates[0];
    out[f.key] = v;
  }
  return out;
}

/**
 * record() whose unique dictionary values are free: a unique rule scoped by a field that names
 * another document's rows (an exhibit unique within its loan) gets a new row of that document, as
 * does a unique field naming one itself (a loan's one insurance)
 */
async function freeRecord(token: string, catalog: Catalog, doc: EntityDocument): Promise<Rec> {
  const rec = record(catalog, doc);
  for (const f of doc.fields) {
    const rule = f.validateRules?.find((r) => r.unique);
    if (!rule || rec[f.key] === undefined || !(f.dict || f.dictCode || f.options)) continue;
    // a chosen value that must be free: a new row of the table it names (its own, or its scope's)
    for (const key of rule.scope ?? [f.key]) {
      const table = doc.fields.find((x) => x.key === key)?.dict?.table;
      const parent = [...catalog.entities.values()].find((d) => d.table === table);
      if (parent) rec[key] = await create(token, catalog, parent);
    }
  }
  return rec;
}

async function create(token: string, catalog: Catalog, doc: EntityDocument): Promise<string> {
  const res = await post(`${apiBase(doc)}/add`, await freeRecord(token, catalog, doc), token);
  if (!res.json.success) throw new Error(`sample ${doc.code}/add: ${res.json.message}`);
  return res.json.result as string;
}

/** an existing row for a read-only document (the system writes it), or one whose writes a module declares */
async function anyRow(token: string, doc: EntityDocument): Promise<string> {
  const res = await get(`${apiBase(doc)}/${doc.endpoints?.list ?? 'list'}`, token, { pageSize: 1 });
  const id = res.json.result?.records?.[0]?.id;
  if (!id) throw new Error(`sample ${doc.code}: no row to read`);
  return id;
}

async function workbook(token: string, catalog: Catalog, doc: EntityDocument): Promise<Buffer> {
  const rec = await freeRecord(token, catalog, doc);
  const fields = doc.fields.filter(
    (f) => rec[f.key] !== undefined && f.excel !== false && f.key !== doc.tree?.pidField,
  );
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(doc.title.slice(0, 31));
  sheet.addRow(fields.map((f) => f.title));
  sheet.addRow(fields.map((f) => rec[f.key] as ExcelJS.CellValue));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** a job of the admin's for the document: any upload is recorded, even one the import refuses */
async function importJob(token: string, doc: EntityDocument): Promise<string> {
  const jobId = `job-${uniq()}`.replace(/[^\w-]/g, '');
  const form = new FormData();
  form.append('jobId', jobId);
  form.append('file', new Blob([new Uint8Array(Buffer.from('not a workbook'))]), 'x.xlsx');
  await fetchRaw(`${apiBase(doc)}/importExcel`, token, { method: 'POST', body: form });
  return jobId;
}

export function crudSamples(catalog: Catalog): Samples {
  const out: Samples = {};
  for (const doc of catalog.entities.values()) {
    const base = apiBase(doc);
    // the writes of a document that declares them are its module's, sampled in that module's file
    const ownWrites = doc.readOnly || doc.declaredWrites;
    out[`GET ${base}/${doc.endpoints?.list ?? 'list'}`] = () => ({ query: { pageNo: '1', pageSize: '5' } });
    out[`GET ${base}/queryById`] = async (t) => ({
      query: { id: ownWrites ? await anyRow(t, doc) : await create(t, catalog, doc) },
    });
    if (!doc.declaredWrites)
      out[`GET ${base}/exportXls`] = () => ({ query: { pageSize: '5' }, expect: 'file' });
    const attachment = entityColumns(doc).find((c) => uploadFolder(c.field));
    if (attachment)
      out[`GET ${base}/exportZip`] = async (t) => ({
        query: {
          ids: doc.readOnly ? await anyRow(t, doc) : await create(t, catalog, doc),
          type: attachment.key,
        },
        expect: 'file',
      });
    out[`GET /online/cgform/api/document/${doc.code}`] = () => ({});
    if (doc.endpoints?.tree) out[`GET ${base}/${doc.endpoints.tree}`] = () => ({});
    if (ownWrites) continue;
    out[`POST ${base}/add`] = async (t) => ({ body: await freeRecord(t, catalog, doc) });
    out[`PUT ${base}/edit`] = async (t) => {
      const id = await create(t, catalog, doc);
      // fresh values for every field an edit may change (an immutable one keeps the row's)
      const body: Record<string, unknown> = { ...(await freeRecord(t, catalog, doc)), id };
      for (const f of doc.fields) if (f.immutable) delete body[f.key];
      return { body };
    };
    out[`DELETE ${base}/delete`] = async (t) => ({ query: { id: await create(t, catalog, doc) } });
    out[`DELETE ${base}/deleteBatch`] = async (t) => ({
      query: { ids: `${await create(t, catalog, doc)},${await create(t, catalog, doc)}` },
    });
    out[`POST ${base}/importExcel`] = async (t) => ({
      upload: { fileName: `${doc.code}.xlsx`, content: await workbook(t, catalog, doc) },
    });
    out[`GET ${base}/importJobs`] = () => ({});
    out[`GET ${base}/importJob`] = async (t) => ({ query: { id: await importJob(t, doc) } });
    if (doc.children?.length) Object.assign(out, detailSamples(catalog, doc));
  }
  return out;
}

/** the master–detail routes: a master with one new row in each sub-table (and a tree sub-table's top level) */
function detailSamples(catalog: Catalog, doc: EntityDocument): Samples {
  const base = apiBase(doc);
  const details = () =>
    Object.fromEntries(
      (doc.children ?? []).map((c) => {
        const child = catalog.entities.get(c.code)!;
        return [c.code, { rows: [record(catalog, child)] }];
      }),
    );
  const edit = async (t: string) => ({
    body: { ...record(catalog, doc), id: await create(t, catalog, doc), details: details() },
  });
  const tree = doc.children?.find((c) => catalog.entities.get(c.code)!.tree);
  return {
    [`GET ${base}/queryDetails`]: async (t) => ({ query: { id: await create(t, catalog, doc) } }),
    ...(tree && {
      [`GET ${base}/queryDetailChildren`]: async (t: string) => ({
        query: { id: await create(t, catalog, doc), table: tree.code, pid: '0' },
      }),
    }),
    [`POST ${base}/addWithDetails`]: () => ({ body: { ...record(catalog, doc), details: details() } }),
    [`PUT ${base}/editWithDetails`]: edit,
    [`POST ${base}/editWithDetails`]: edit,
  };
}
