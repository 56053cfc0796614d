import { sql } from 'kysely';
import type { Db } from './connect';
import { entityColumns, type ColumnModel } from '../../core/document/model';
import type { EntityDocument } from '../../core/document/types';

/** identifiers reach SQL only from validated documents (pattern ^[a-z][a-z0-9_]*$); quoted anyway */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier ${name}`);
  return `"${name}"`;
}

export function sqlType(c: ColumnModel): string {
  switch (c.dbType) {
    case 'string':
      return `varchar(${c.length ?? 100})`;
    case 'text':
      return 'text';
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'decimal':
      return `numeric(${c.length ?? 18},${c.scale ?? 2})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamp';
    case 'time':
      return 'time';
    case 'boolean':
      return 'boolean';
  }
}

/** information_schema's data_type for each of our types (to compare without parsing DDL) */
const INFO_TYPE: Record<ColumnModel['dbType'], string> = {
  string: 'character varying',
  text: 'text',
  int: 'integer',
  bigint: 'bigint',
  decimal: 'numeric',
  date: 'date',
  datetime: 'timestamp without time zone',
  time: 'time without time zone',
  boolean: 'boolean',
};

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

function wantsIndex(doc: EntityDocument, c: ColumnModel): boolean {
  return Boolean(c.field?.index) || c.key === doc.tree?.pidField || c.key === 'createTime';
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
        } else if (cur.type !== INFO_TYPE[c.dbType]) {
          report.notApplied.push(
            `${doc.table}.${c.column}: database type ${cur.type}, document wants ${sqlType(c)}`,
          );
        } else if (c.dbType === 'string' && cur.length !== null && (c.length ?? 100) > cur.length) {
          await sql.raw(`alter table ${t} alter column ${ident(c.column)} type ${sqlType(c)}`).execute(db);
          report.widened.push(`${doc.table}.${c.column}: ${cur.length} → ${c.length}`);
        } else if (c.dbType === 'string' && cur.length !== null && (c.length ?? 100) < cur.length) {
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
    for (const c of cols) {
      if (c.key === 'id') continue;
      const unique = isUnique(c);
      if (!unique && !wantsIndex(doc, c)) continue;
      const name = `${doc.table}_${c.column}_${unique ? 'uq' : 'idx'}`.slice(0, 63);
      if (indexes.has(name)) continue;
      try {
        await sql
          .raw(`create ${unique ? 'unique ' : ''}index ${ident(name)} on ${t} (${ident(c.column)})`)
          .execute(db);
        report.addedIndexes.push(name);
      } catch (e) {
        // existing duplicates block a new unique index: say so, keep running
        report.notApplied.push(`${name}: ${(e as Error).message}`);
      }
    }
  }
  return report;
}
