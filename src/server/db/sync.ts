import { sql } from 'kysely';
import type { Db } from './connect';
import { entityColumns, type ColumnModel } from '../../core/document/model';
import type { EntityDocument } from '../../core/document/types';
import { dbType } from '../../core/fields/db-types';

/** identifiers reach SQL only from validated documents (pattern ^[a-z][a-z0-9_]*$); quoted anyway */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier ${name}`);
  return `"${name}"`;
}

/** the DDL type of a column, from the column-type registry */
export function sqlType(c: ColumnModel): string {
  return dbType(c.dbType).sql(c.length, c.scale);
}

export interface SyncReport {
  created: string[];
  addedColumns: string[];
  addedIndexes: string[];
  widened: string[];
  /** differences the sync will not apply by itself (it never drops or narrows) */
  notApplied: string[];
}

function isUnique(c: ColumnModel): boolean {
  return Boolean(c.field?.validateRules?.some((r) => r.unique));
}

/** the columns a scoped unique rule is unique within (empty: the whole table) */
export function uniqueScope(doc: EntityDocument, c: ColumnModel): string[] {
  const keys = c.field?.validateRules?.find((r) => r.unique)?.scope ?? [];
  return keys.map((k) => entityColumns(doc).find((x) => x.key === k)!.column);
}

function wantsIndex(doc: EntityDocument, c: ColumnModel): boolean {
  return Boolean(c.field?.index) || c.key === doc.tree?.pidField || c.key === 'createTime';
}

/** a contains-search field: served by a trigram index, since a btree cannot serve '%x%' */
function wantsTrigram(c: ColumnModel): boolean {
  return Boolean(c.field?.query?.like) && dbType(c.dbType).textual;
}

/**
 * The indexes a document asks for, by name. Plain indexes sort nulls first: lists order nulls as the
 * smallest value (see crud/compile.ts), so one index serves a column's ascending and descending sort.
 */
function wantedIndexes(doc: EntityDocument, trigram: boolean): { name: string; ddl: string }[] {
  const out: { name: string; ddl: string }[] = [];
  const add = (c: ColumnModel, suffix: string, ddl: (name: string, t: string, col: string) => string) => {
    const name = `${doc.table}_${c.column}_${suffix}`.slice(0, 63);
    out.push({ name, ddl: ddl(ident(name), ident(doc.table), ident(c.column)) });
  };
  for (const c of entityColumns(doc)) {
    if (c.key === 'id') continue;
    if (isUnique(c)) {
      // a scoped unique rule (an item value within its dictionary) indexes the scope columns first
      const on = [...uniqueScope(doc, c), c.column].map(ident).join(', ');
      add(c, 'uq', (n, t) => `create unique index ${n} on ${t} (${on})`);
    } else if (wantsIndex(doc, c))
      add(c, 'idx', (n, t, col) => `create index ${n} on ${t} (${col} nulls first)`);
    if (trigram && wantsTrigram(c))
      add(c, 'trgm', (n, t, col) => `create index ${n} on ${t} using gin (${col} gin_trgm_ops)`);
  }
  return out;
}

/** pg_trgm for contains-searches; where it cannot be created the lists still work, unindexed */
async function trigramExtension(db: Db, docs: EntityDocument[], report: SyncReport): Promise<boolean> {
  if (!docs.some((d) => entityColumns(d).some(wantsTrigram))) return false;
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    return true;
  } catch (e) {
    report.notApplied.push(`extension pg_trgm: ${(e as Error).message} (contains-searches stay unindexed)`);
    return false;
  }
}

/** Creates and extends document tables: new table, new column, new index, wider varchar. Never drops. */
export async function syncEntities(db: Db, docs: EntityDocument[]): Promise<SyncReport> {
  const report: SyncReport = { created: [], addedColumns: [], addedIndexes: [], widened: [], notApplied: [] };
  const existing = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
  }>`
    select table_name, column_name, data_type, character_maximum_length
    from information_schema.columns where table_schema = current_schema()`.execute(db);
  const tables = new Map<string, Map<string, { type: string; length: number | null }>>();
  for (const r of existing.rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    tables.get(r.table_name)!.set(r.column_name, { type: r.data_type, length: r.character_maximum_length });
  }
  const indexes = new Set(
    (
      await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(db)
    ).rows.map((r) => r.indexname),
  );

  const trigram = await trigramExtension(db, docs, report);

  for (const doc of docs) {
    const cols = entityColumns(doc);
    const have = tables.get(doc.table);
    const t = ident(doc.table);
    if (doc.tableOwner === 'migration') {
      // a migration owns this table: say what the document expects and the table lacks, change nothing
      if (!have) report.notApplied.push(`${doc.table}: table owned by a migration does not exist`);
      else
        for (const c of cols)
          if (!have.has(c.column))
            report.notApplied.push(`${doc.table}.${c.column}: column not in the migration-owned table`);
      continue;
    }
    if (!have) {
      const defs = cols.map((c) =>
        c.key === 'id' ? `${ident(c.column)} ${sqlType(c)} primary key` : `${ident(c.column)} ${sqlType(c)}`,
      );
      await sql.raw(`create table ${t} (${defs.join(', ')})`).execute(db);
      report.created.push(doc.table);
    } else {
      for (const c of cols) {
        const cur = have.get(c.column);
        if (!cur) {
          await sql.raw(`alter table ${t} add column ${ident(c.column)} ${sqlType(c)}`).execute(db);
          report.addedColumns.push(`${doc.table}.${c.column}`);
        } else if (cur.type !== dbType(c.dbType).info) {
          report.notApplied.push(
            `${doc.table}.${c.column}: database type ${cur.type}, document wants ${sqlType(c)}`,
          );
        } else if (dbType(c.dbType).sized && cur.length !== null && c.length! > cur.length) {
          await sql.raw(`alter table ${t} alter column ${ident(c.column)} type ${sqlType(c)}`).execute(db);
          report.widened.push(`${doc.table}.${c.column}: ${cur.length} → ${c.length}`);
        } else if (dbType(c.dbType).sized && cur.length !== null && c.length! < cur.length) {
          report.notApplied.push(
            `${doc.table}.${c.column}: database length ${cur.length}, document wants ${c.length} (not narrowed)`,
          );
        }
      }
      const known = new Set(cols.map((c) => c.column));
      for (const col of have.keys())
        if (!known.has(col))
          report.notApplied.push(`${doc.table}.${col}: column not in the document (kept, not dropped)`);
    }
    for (const ix of wantedIndexes(doc, trigram)) {
      if (indexes.has(ix.name)) continue;
      try {
        await sql.raw(ix.ddl).execute(db);
        report.addedIndexes.push(ix.name);
      } catch (e) {
        // existing duplicates block a new unique index: say so, keep running
        report.notApplied.push(`${ix.name}: ${(e as Error).message}`);
      }
    }
  }
  return report;
}
