import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImport, type ImportColumn } from '../../src/server/excel/import';
import { IMPORT_LIMITS } from '../../src/server/excel/limits';
import { readOffThread } from '../../src/server/excel/read-off-thread';
import { refusal } from './support/import-refusal';
import { handWrittenXlsx, row } from '../support/xlsx-by-hand';

/** Issue 14 item 1: uploads are read in a worker thread with a heap limit and a deadline. */

const columns: ImportColumn[] = [
  { key: 'name', title: '单位名称' },
  { key: 'code', title: '单位编码' },
  { key: 'status', title: '状态' },
];
const fixture = (name: string) => fs.readFileSync(`fixtures/excel/${name}`);
const bigSheet = (rows: number) =>
  handWrittenXlsx([{ text: row('单位名称', '单位编码') }, { text: row('千克', 'kg'), times: rows }]);

describe('reading off the server thread', () => {
  it.each(['units-libreoffice.xls', 'units-libreoffice.xlsx'])(
    '%s: the same rows as reading in place, in batches',
    async (name) => {
      const inPlace = await readImport(fixture(name), columns);
      const read = await readOffThread(fixture(name), columns, 2);
      expect(read.totalRows).toBe(5);
      expect(read.unknownHeaders).toEqual(inPlace.unknownHeaders);
      const batches = [...read.batches()];
      expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
      expect(batches.flat()).toEqual(inPlace.rows);
    },
  );

  it('a limit crossed in the worker comes back as the same message', async () => {
    const file = handWrittenXlsx([{ text: row('单位名称') }, { text: row('千克'), times: 100_001 }]);
    expect(await refusal(readOffThread(file, columns, 1000))).toBe('导入数据过多，单次最多 100000 行');
  }, 60_000);

  it('a worker that runs out of its heap ends alone, with a message', async () => {
    const limits = { ...IMPORT_LIMITS, workerHeapMb: 24 };
    expect(await refusal(readOffThread(bigSheet(100_000), columns, 1000, limits))).toBe(
      '文件过大或过于复杂，读取时超出内存限制，请拆分后导入',
    );
  }, 60_000);

  it('a read past its deadline is stopped, with a message', async () => {
    const limits = { ...IMPORT_LIMITS, seconds: 0.05 };
    expect(await refusal(readOffThread(bigSheet(100_000), columns, 1000, limits))).toBe(
      '文件读取超时（超过 0.05 秒），请拆分后导入',
    );
  }, 60_000);

  it('reads beyond the concurrent ones wait their turn and all finish', async () => {
    const reads = await Promise.all(
      [1, 2, 3, 4].map((n) => readOffThread(bigSheet(n * 10), columns, 1000).then((r) => r.totalRows)),
    );
    expect(reads).toEqual([10, 20, 30, 40]);
  }, 60_000);
});
