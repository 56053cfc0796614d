import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../../src/server/app';
import { TOO_COMPLEX } from '../../src/server/crud/cost';
import { refreshStatistics } from '../../src/server/db/statistics';
import { ownDatabase, type OwnDatabase } from './setup/own-database';
import { adminToken, fetchRaw, get, useApiUrl } from './setup/client';

/**
 * Heavy lists (src/server/crud/cost.ts). The query gate weighs a list by its table's rows, so those
 * figures must be true the moment rows arrive in bulk: after an import, and on a table that has no
 * statistics yet (issue 21 item 2). On the embedded database a heavy list is read in slices
 * (crud/slices.ts), and answers what one statement would. A server of this file's own, whose gate
 * counts a table as big from 1,000 rows and a list as heavy from 1,000 evaluations (instead of
 * 20,000 and 100,000) so that the tables stay small.
 */

const BIG = 1000;
let own: OwnDatabase;
let server: Server;
let admin = '';

beforeAll(async () => {
  own = await ownDatabase();
  const config = {
    ...own.config,
    heavyQueries: { ...own.config.heavyQueries, minRows: BIG, heavyWork: BIG },
  };
  server = await createServer(config, { logger: false, database: own.shared });
  useApiUrl(`${await server.app.listen({ port: 0, host: '127.0.0.1' })}${config.apiBase}`);
  admin = await adminToken();
}, 180_000);

afterAll(async () => {
  await server?.close();
  await own?.drop();
});

/** a list of OR'ed contains-conditions on a column no index serves */
const containsAny = (api: string, field: string, values: string[], query: Record<string, number> = {}) =>
  get(`${api}/list`, admin, {
    ...query,
    superQueryMatchType: 'or',
    superQueryParams: JSON.stringify(values.map((val) => ({ field, rule: 'like', val }))),
  });
const contains = (api: string, field: string, count: number) =>
  containsAny(
    api,
    field,
    Array.from({ length: count }, (_, i) => `zz${i}`),
  );

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

  it('a heavy list answers the page and the total one statement would (read in slices on the embedded database)', async () => {
    // rows over many table pages, sort keys with ties (the id breaks them) and without a value
    await sql`insert into base_position (id, name, code, remark, create_time)
      select 'slice-' || lpad(g::text, 5, '0'), '职务' || g, 'S' || g, repeat('备注', 40),
             case when g % 100 = 0 then null else timestamp '2026-01-01' + (g % 500) * interval '1 minute' end
        from generate_series(1, 5000) g`.execute(server.ctx.db);
    const expected = async (offset: number) =>
      sql<{ id: string; n: string }>`select "id", count(*) over () as n from base_position
        where code ilike '%7%' or code ilike '%3%'
        order by create_time desc nulls last, "id" desc limit 10 offset ${offset}`.execute(server.ctx.db);
    for (const pageNo of [1, 3, 200]) {
      const want = await expected((pageNo - 1) * 10);
      const list = await containsAny('/base/position', 'code', ['7', '3'], { pageNo, pageSize: 10 });
      expect(list.json.success, list.json.message).toBe(true);
      expect(list.json.result.records.map((r: { id: string }) => r.id)).toEqual(want.rows.map((r) => r.id));
      expect(list.json.result.total).toBe(Number(want.rows[0].n));
    }
  });
});
