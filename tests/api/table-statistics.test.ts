import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { TOO_COMPLEX } from '../../src/server/crud/cost';
import { refreshStatistics } from '../../src/server/db/statistics';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { adminToken, fetchRaw, get, useApiUrl } from './setup/client';

/**
 * The query gate weighs a list by its table's rows (src/server/crud/cost.ts), so those figures must be
 * true the moment rows arrive in bulk: after an import, and on a table that has no statistics yet
 * (issue 21 item 2). A server of this file's own, whose gate counts a table as big from 1,000 rows
 * (instead of 20,000) so that the files stay small.
 */

const BIG = 1000;
let own: OwnDatabase;
let server: Server;
let admin = '';

beforeAll(async () => {
  own = await ownDatabase();
  const config = { ...own.config, heavyQueries: { ...own.config.heavyQueries, minRows: BIG } };
  server = await createServer(config, { logger: false, database: own.shared });
  useApiUrl(`${await server.app.listen({ port: 0, host: '127.0.0.1' })}${config.apiBase}`);
  admin = await adminToken();
}, 180_000);

afterAll(async () => {
  await server?.close();
  await own?.drop();
});

/** a list of `count` OR'ed contains-conditions on a column no index serves */
const contains = (api: string, field: string, count: number) =>
  get(`${api}/list`, admin, {
    superQueryMatchType: 'or',
    superQueryParams: JSON.stringify(
      Array.from({ length: count }, (_, i) => ({ field, rule: 'like', val: `zz${i}` })),
    ),
  });

const planned = async (table: string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`.execute(server.ctx.db)
    ).rows[0].n,
  );

describe('table sizes the query gate can trust', () => {
  it('right after an import, a list of more than 10 unindexed contains-conditions is refused', async () => {
    // 计量单位's code has no trigram index; the demo rows are far fewer than BIG
    expect((await contains('/base/unit', 'code', 11)).json.success).toBe(true);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('计量单位');
    sheet.addRow(['计量单位报表']);
    sheet.addRow(['导出人:管理员']);
    sheet.addRow(['单位名称', '单位编码', '单位类型', '状态']);
    for (let i = 0; i < BIG + 200; i++) sheet.addRow([`导入单位${i}`, `STAT-${i}`, '数量', '启用']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'units.xlsx');
    const imported = await (
      await fetchRaw('/base/unit/importExcel', admin, { method: 'POST', body: form })
    ).json();
    expect(imported).toMatchObject({ success: true, message: `文件导入成功！数据行数：${BIG + 200}` });

    expect((await contains('/base/unit', 'code', 11)).json).toMatchObject({
      success: false,
      message: TOO_COMPLEX(10),
    });
    expect((await contains('/base/unit', 'code', 10)).json.success).toBe(true);
    // and the planner's statistics know the rows by the time the import answered
    expect(await planned('base_unit')).toBeGreaterThanOrEqual(BIG + 200);
  });

  it('rows written straight into a table without statistics are counted, and the refresh analyses it', async () => {
    // (as another instance's or a database tool's bulk insert would: no write path of this server sees it)
    await sql`insert into base_position (id, name, code, create_time)
      select 'stat-' || g, '职务' || g, 'P' || g, now() from generate_series(1, ${BIG + 200}) g`.execute(
      server.ctx.db,
    );
    expect((await contains('/base/position', 'code', 11)).json).toMatchObject({
      success: false,
      message: TOO_COMPLEX(10),
    });
    // the refresh (at start, on its timer, after bulk writes) finds the table stale and analyses it
    await refreshStatistics(server.ctx);
    expect(await planned('base_position')).toBeGreaterThanOrEqual(BIG + 200);
  });
});
