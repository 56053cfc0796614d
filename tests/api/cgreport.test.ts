import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { readOnly } from '../../src/server/reports/query';
import { adminToken, fetchRaw, get, post, uniq } from './setup/client';
import { createRole, createUser } from './setup/access';
import { startOwnServer } from './setup/own-server';

/**
 * The online report calls over the demo reports, and the report SQL attacks of the
 * upstream's history refused twice: when the documents load (the parser refuses them, the server
 * does not serve them, schemas:check fails) and when a report runs (request text is only ever
 * bound, the sort column comes from the document, the database itself refuses writes). The file
 * runs on a server of its own whose schemas folder holds the real documents plus hostile reports.
 */

const API = '/online/cgreport/api';
const P = `R${uniq()}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-cgreport-'));
const schemas = path.join(root, 'schemas');
let server: Server;
let admin = '';

/** report documents an attacker (or a careless author) might write: none of them may be served */
const HOSTILE: Record<string, { sql: string; tables?: string[]; refused: string }> = {
  attack_write: {
    sql: 'with d as (delete from pro_product returning id) select id from d',
    refused: 'DeleteStmt is not allowed in a report (one read-only SELECT)',
  },
  attack_sleep: {
    sql: 'select p.id from pro_product p where pg_sleep(5) is not null',
    refused: "function 'pg_sleep' is not on the report allow-list",
  },
  attack_second: {
    sql: 'select p.id from pro_product p; delete from pro_product',
    refused: 'report SQL must be a single statement, without ;',
  },
  attack_secret: {
    sql: 'select u.username as id, u.password from sys_user u',
    tables: ['sys_user'],
    refused: "secret column 'password' can never be read",
  },
  attack_session: {
    sql: 'select s.id from sys_session s',
    tables: ['sys_session'],
    refused: "table 'sys_session' holds secrets and can never be read by a report",
  },
  attack_catalog: {
    sql: 'select usename as id from pg_user',
    refused: "table 'pg_user' is not listed in the report's tables",
  },
};

function writeHostileReports(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [code, a] of Object.entries(HOSTILE))
    fs.writeFileSync(
      path.join(dir, `${code}.json`),
      JSON.stringify({
        $schema: '../_meta/report.schema.json',
        kind: 'report',
        code,
        title: code,
        permission: `report:${code}:`,
        tables: a.tables ?? ['pro_product'],
        sql: a.sql,
        columns: [{ key: 'id', title: 'ID' }],
      }),
    );
}

const PRODUCTS = [
  { name: `${P}青铜鼎摆件`, code: `${P}-1`, price: 10, status: '1' },
  { name: `${P}陶瓷茶杯`, code: `${P}-2`, price: 25.5, status: '2' },
  { name: `${P}丝巾`, code: `${P}-3`, price: 100, status: '1' },
  // a name that reads like SQL: a search for it must find this row and only this row
  { name: `${P}' or '1'='1`, code: `${P}-4`, price: 1, status: '3' },
];

async function data(query: Record<string, string | number>, token = admin) {
  return (await get(`${API}/getData/product_price_report`, token, query)).json;
}

const names = (json: { result: { records: { name: string }[] } }) => json.result.records.map((r) => r.name);

beforeAll(async () => {
  fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
  writeHostileReports(path.join(schemas, 'attacks'));
  server = await startOwnServer(path.join(root, 'data'), { SCHEMAS_DIR: schemas });
  admin = await adminToken();
  for (const p of PRODUCTS) {
    const { json } = await post(
      '/pro/product/add',
      { ...p, productTypeId: 'pt-wc-0101', unitId: 'unit-jian' },
      admin,
    );
    expect(json.success, json.message).toBe(true);
  }
  // a server of its own on a fresh embedded database: migrations, documents and seed take a while
}, 300_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('online report calls', () => {
  it('getRpColumns: id, name, columns with sorters and dictionary mapping, dictionary options', async () => {
    const { json } = await get(`${API}/getRpColumns/product_price_report`, admin);
    expect(json.success, json.message).toBe(true);
    expect(json.result.cgRpConfigId).toBe('product_price_report');
    expect(json.result.cgRpConfigName).toBe('产品价格报表');
    expect(json.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'code',
      'name',
      'type_name',
      'unit_name',
      'price',
      'status',
    ]);
    expect(json.result.columns[4]).toMatchObject({ title: '单价', align: 'center', sorter: 'true' });
    expect(json.result.columns[5]).toMatchObject({ title: '状态', customRender: 'status' });
    expect(json.result.dictOptions.status).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: '1', text: '在产' })]),
    );
  });

  it('getQueryInfo and getParamsInfo: the search items and the SQL parameters', async () => {
    const info = (await get(`${API}/getQueryInfo/product_price_report`, admin)).json;
    expect(info.result).toEqual([
      { label: '产品名称', field: 'name', view: 'string', mode: 'single' },
      { label: '单价', field: 'price', view: 'number', mode: 'group' },
    ]);
    const params = (await get(`${API}/getParamsInfo/product_price_report`, admin)).json;
    expect(params.result).toEqual([{ paramName: 'minPrice', paramTxt: '最低价格', paramValue: '0' }]);
  });

  it('getData: search items, self_ parameters, sort and paging; total counts the filtered rows', async () => {
    const first = await data({ name: `${P}*`, column: 'price', order: 'asc', pageNo: 1, pageSize: 2 });
    expect(first.success, first.message).toBe(true);
    expect(first.result.total).toBe(4);
    expect(names(first)).toEqual([PRODUCTS[3].name, PRODUCTS[0].name]);
    expect(first.result.records[0]).toEqual({
      // not shown (show: false), answered for the 生产工单 popup to copy
      id: expect.any(String),
      code: `${P}-4`,
      name: PRODUCTS[3].name,
      type_name: expect.any(String),
      unit_name: expect.any(String),
      price: 1,
      status: '3',
    });
    const second = await data({ name: `${P}*`, column: 'price', order: 'asc', pageNo: 2, pageSize: 2 });
    expect(names(second)).toEqual([PRODUCTS[1].name, PRODUCTS[2].name]);
    const desc = await data({ name: `${P}*`, column: 'price', order: 'desc', pageSize: 1 });
    expect(names(desc)).toEqual([PRODUCTS[2].name]);

    const dear = await data({ name: `${P}*`, self_minPrice: '50' });
    expect(names(dear)).toEqual([PRODUCTS[2].name]);
    const range = await data({ name: `${P}*`, price_begin: '20', price_end: '30' });
    expect(names(range)).toEqual([PRODUCTS[1].name]);
  });

  it('getData refuses paging below 1 (pageSize=-5 answered every row), and caps a page above 10,000 saying so', async () => {
    for (const [paging, message] of [
      [{ pageNo: -1, pageSize: -5 }, '参数 pageNo 必须是正整数'],
      [{ pageNo: 0 }, '参数 pageNo 必须是正整数'],
      [{ pageSize: -5 }, '参数 pageSize 必须是正整数'],
      [{ pageSize: 0 }, '参数 pageSize 必须是正整数'],
    ] as const) {
      const json = await data({ name: `${P}*`, ...paging });
      expect(json, JSON.stringify(paging)).toMatchObject({ success: false, message, result: null });
    }
    const big = await data({ name: `${P}*`, pageSize: 99999 });
    expect(big.result).toMatchObject({ total: 4, size: 10000, current: 1 });
    expect(big.message).toBe('每页最多返回10000条：请求的每页99999条已按10000条返回');
  });

  it('the other demo reports answer: products by category, work orders by state', async () => {
    const byType = (await get(`${API}/getData/product_category_report`, admin, { column: 'product_count' }))
      .json;
    expect(byType.success, byType.message).toBe(true);
    expect(byType.result.total).toBeGreaterThan(0);
    expect(typeof byType.result.records[0].product_count).toBe('number');
    const orders = (await get(`${API}/getData/work_order_state_report`, admin, { self_since: '2000-01-01' }))
      .json;
    expect(orders.success, orders.message).toBe(true);
  });

  it('export: the filtered rows as xlsx, dictionary columns as text', async () => {
    const res = await fetchRaw(
      `${API}/exportXls/product_price_report`,
      admin,
      {},
      {
        exportType: 'xlsx',
        name: `${P}*`,
        column: 'price',
        order: 'desc',
      },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('产品价格报表报表');
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      '产品编码',
      '产品名称',
      '产品分类',
      '计量单位',
      '单价',
      '状态',
    ]);
    const rows = [4, 5, 6, 7].map((n) => sheet.getRow(n).values as unknown[]);
    expect(rows.map((r) => r[2])).toEqual([
      PRODUCTS[2].name,
      PRODUCTS[1].name,
      PRODUCTS[0].name,
      PRODUCTS[3].name,
    ]);
    // 单价 is a money column: the export reads as the table shows it
    expect(rows[0][5]).toBe('¥100.00');
    expect(rows[0][6]).toBe('在产');
    // the last row: the average price of the four, 平均 in the first column without a total
    expect(sheet.getRow(8).values).toEqual([undefined, '平均', undefined, undefined, undefined, '¥34.13']);
    expect(sheet.getRow(9).values).toEqual([]);
  });
});

describe('report SQL attacks refused when the documents load', () => {
  it('the parser refuses writes, pg_sleep, a second statement, secret columns and tables, system catalogs', () => {
    for (const [code, a] of Object.entries(HOSTILE))
      expect(server.problems).toContainEqual({
        file: path.join('attacks', `${code}.json`),
        path: '/sql',
        message: a.refused,
      });
  });

  it('a refused report is not served', async () => {
    for (const code of Object.keys(HOSTILE)) {
      const { status, json } = await get(`${API}/getData/${code}`, admin);
      expect(status, code).toBe(404);
      expect(json.message).toBe('接口不存在');
    }
  });

  it('schemas:check fails on them and names the secret column', async () => {
    const run = promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'scripts/schemas-check.ts',
      schemas,
    ]);
    const failed = await run.then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain("attack_secret.json /sql: secret column 'password' can never be read");
    expect(failed?.stdout).toContain(`${Object.keys(HOSTILE).length} problem(s)`);
    // a process of its own that loads every document: slow on a busy machine
  }, 120_000);
});

describe('report SQL attacks refused when a report runs', () => {
  it('a parameter carrying SQL is a value: rows matching the literal text only', async () => {
    const literal = await data({ name: PRODUCTS[3].name });
    expect(literal.success, literal.message).toBe(true);
    expect(names(literal)).toEqual([PRODUCTS[3].name]);
    for (const text of [
      "' or 1=1 --",
      "x'; delete from pro_product; --",
      '1) union select username, password from sys_user --',
    ]) {
      const json = await data({ name: text });
      expect(json.success, json.message).toBe(true);
      expect(json.result.records).toEqual([]);
    }
    const bad = await data({ self_minPrice: '0; delete from pro_product' });
    expect(bad).toMatchObject({ success: false, message: '查询条件 minPrice 需要数字' });
    expect((await data({ name: `${P}*` })).result.total).toBe(4);
  });

  it('a sort column not in the report is refused; the order word is only asc or desc', async () => {
    for (const column of [
      'password',
      'p.price',
      'price; drop table pro_product',
      '(select password from sys_user)',
    ]) {
      const json = await data({ column });
      expect(json.success, column).toBe(false);
      expect(json.message).toMatch(/^排序字段 .* 不存在$/);
    }
    const odd = await data({
      name: `${P}*`,
      column: 'price',
      order: 'asc; drop table pro_product',
      pageSize: 1,
    });
    expect(names(odd)).toEqual([PRODUCTS[3].name]);
  });

  it('the SQL runs in a READ ONLY transaction with a statement timeout of its own', async () => {
    const settings = await readOnly(server.ctx, (trx) =>
      sql<{ ro: string; timeout: string }>`select current_setting('transaction_read_only') as ro,
        current_setting('statement_timeout') as timeout`.execute(trx),
    );
    expect(settings.rows[0]).toEqual({ ro: 'on', timeout: `${server.ctx.config.queryTimeoutSeconds}s` });
    // what the parser refuses, the database refuses too
    const write = readOnly(server.ctx, (trx) =>
      sql`with d as (delete from pro_product returning id) select id from d`.execute(trx),
    );
    await expect(write).rejects.toMatchObject({ code: '25006' });
    expect((await data({ name: `${P}*` })).result.total).toBe(4);
  });
});

describe('report permissions', () => {
  it('a user without the report code is refused; the list code reads it, export needs its own code', async () => {
    const nobody = await createUser(admin);
    expect(await data({}, nobody.token)).toMatchObject({ success: false, code: 510 });
    const reader = await createUser(admin, {
      roles: [await createRole(admin, ['doc_product_price_report'])],
    });
    const read = await data({ name: `${P}*` }, reader.token);
    expect(read.success, read.message).toBe(true);
    expect(read.result.total).toBe(4);
    const exported = await fetchRaw(`${API}/exportXls/product_price_report`, reader.token);
    expect(await exported.json()).toMatchObject({ success: false, code: 510 });
    const other = (await get(`${API}/getData/product_category_report`, reader.token)).json;
    expect(other).toMatchObject({ success: false, code: 510 });
  });

  it('the report head list names the reports the user may read, never their SQL', async () => {
    const all = (await get(`${API}/heads`, admin)).json;
    expect(all.success, all.message).toBe(true);
    const byCode = new Map((all.result as any[]).map((h) => [h.code, h]));
    expect(byCode.get('product_category_report')).toMatchObject({
      title: '产品分类统计',
      chart: 'bar',
      query: ['产品分类'],
      exportable: true,
    });
    expect(byCode.get('product_price_report')).toMatchObject({ chart: null });
    expect(JSON.stringify(all.result)).not.toMatch(/select|pro_product/i);

    // the screen's grant and one report: that report only, and no export without its code
    const reader = await createUser(admin, {
      roles: [await createRole(admin, ['scr_cgreport', 'doc_product_price_report'])],
    });
    const one = (await get(`${API}/heads`, reader.token)).json;
    expect(one.success, one.message).toBe(true);
    expect(one.result).toEqual([
      expect.objectContaining({ code: 'product_price_report', exportable: false }),
    ]);
    // a report's grant alone does not open the head list
    const without = await createUser(admin, {
      roles: [await createRole(admin, ['doc_product_price_report'])],
    });
    expect((await get(`${API}/heads`, without.token)).json).toMatchObject({ success: false, code: 510 });
  });

  it('each report has its menu entry with an export button', async () => {
    const rows = await server.ctx.db
      .selectFrom('sys_permission')
      .select(['id', 'url', 'component', 'perms'])
      .where('id', 'in', ['doc_product_price_report', 'doc_product_price_report_export'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'doc_product_price_report',
        url: '/online/cgreport/product_price_report',
        component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
        perms: 'report:productPrice:list',
      },
      {
        id: 'doc_product_price_report_export',
        url: null,
        component: null,
        perms: 'report:productPrice:export',
      },
    ]);
  });
});
