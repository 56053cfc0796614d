import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrations';
import { syncEntities } from '../../src/server/db/sync';
import { loadCatalog } from '../../src/core/document/load';
import { readSchemaFiles } from '../../src/server/docs/load-files';
import { parseListParams } from '../../src/core/query/params';
import type { EntityDocument } from '../../src/core/document/types';
import { fieldColumn } from '../../src/core/document/model';
import { pageSql } from '../../src/server/crud/read';
import { queryFields, whereSql } from '../../src/server/crud/compile';

/**
 * The SQL the list compiles must be of a form the document's indexes serve, on both engines: the
 * PostgreSQL of DATABASE_URL when set (its tables made by the suite's server), else a fresh embedded
 * database synced from the documents. Plans are read with the other ways of reading priced out, so
 * the answer is "can the index serve it", not "is it worth it on a small table".
 */
const { catalog } = loadCatalog(readSchemaFiles(path.resolve('schemas')).files);
const unit = catalog.entities.get('base_unit')!;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-index-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await migrate(database.db);
  await syncEntities(database.db, [...catalog.entities.values()]);
});

afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** the plan with the given ways of reading priced out */
async function plan(query: RawBuilder<unknown>, off: ('seqscan' | 'sort' | 'indexscan')[]): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    for (const way of off) await sql.raw(`set local enable_${way} = off`).execute(trx);
    const rows = await sql<Record<string, string>>`explain ${query}`.execute(trx);
    return rows.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

function listQuery(doc: EntityDocument, params: Record<string, string>) {
  const q = parseListParams(params, {
    fields: queryFields(doc),
    defaultSort: { field: doc.list.sort.column, order: doc.list.sort.order },
    maxPageSize: 10000,
  });
  return { q, where: whereSql(doc, q.filter) };
}

describe('indexes made by the schema sync', () => {
  it('every like-searchable text field has a trigram index', async () => {
    const names = (
      await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes`.execute(
        database.db,
      )
    ).rows;
    const trgm = new Map(
      names.filter((r) => r.indexname.endsWith('_trgm')).map((r) => [r.indexname, r.indexdef]),
    );
    // a migration owns the indexes of its tables; the sync only creates those of document tables
    const documentTables = [...catalog.entities.values()].filter((doc) => doc.tableOwner !== 'migration');
    const columns = documentTables.flatMap((doc) =>
      doc.fields
        .map(fieldColumn)
        .filter((c) => c.field?.query?.like && (c.dbType === 'string' || c.dbType === 'text'))
        .map((c) => `${doc.table}_${c.column}_trgm`),
    );
    expect(columns.length).toBeGreaterThan(5);
    for (const name of columns) expect(trgm.get(name), name).toMatch(/USING gin .*gin_trgm_ops/);
  });

  it("the list's contains-filter (page and count) is served by the trigram index", async () => {
    const { q, where } = listQuery(unit, { name: '*千克*' });
    // plain index scans priced out too: walking the createTime index and filtering is the other way
    const off = ['seqscan', 'indexscan'] as const;
    expect(await plan(pageSql(unit, where, q, 10, 0), [...off])).toContain(
      'Bitmap Index Scan on base_unit_name_trgm',
    );
    expect(await plan(sql`select count(*) from ${sql.raw('base_unit')} where ${where}`, [...off])).toContain(
      'Bitmap Index Scan on base_unit_name_trgm',
    );
    const ends = listQuery(unit, { name: '*克' });
    expect(await plan(pageSql(unit, ends.where, ends.q, 10, 0), [...off])).toContain('base_unit_name_trgm');
  });

  it('the default createTime sort is served by one index in both directions', async () => {
    for (const order of ['desc', 'asc']) {
      const { q, where } = listQuery(unit, { column: 'createTime', order });
      const p = await plan(pageSql(unit, where, q, 10, 0), ['seqscan', 'sort']);
      expect(p, order).toContain('base_unit_create_time_idx');
      expect(p, order).not.toMatch(/^\s*->\s*Sort\b/m);
    }
  });
});
