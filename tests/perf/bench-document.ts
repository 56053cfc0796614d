import fs from 'node:fs';
import path from 'node:path';

/** the bench's table, of the document below */
export const BENCH_TABLE = 'bench_collection';

/**
 * Writes the bench's document (压测藏品) into a schemas folder, with the list's count strategy
 * under test: the bench and the request-path profile (profile.ts) serve the same one.
 */
export function writeBenchDocument(schemasDir: string, count: string): void {
  fs.mkdirSync(path.join(schemasDir, 'bench'), { recursive: true });
  fs.writeFileSync(
    path.join(schemasDir, 'bench', 'collection.json'),
    JSON.stringify({
      kind: 'entity',
      schemaVersion: 1,
      code: BENCH_TABLE,
      title: '压测藏品',
      table: BENCH_TABLE,
      permission: 'bench:collection:',
      api: '/bench/collection',
      list: { kind: 'plain', pageSize: 10, sort: { column: 'createTime', order: 'desc' }, count },
      fields: [
        { key: 'name', title: '藏品名称', type: 'input', query: { mode: 'single', like: true } },
        { key: 'status', title: '状态', type: 'select', dictCode: 'valid_status', index: true },
        { key: 'amount', title: '估价', type: 'inputNumber' },
      ],
    }),
  );
}
