import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, del, fetchRaw, get, post, put, uniq, type Envelope } from './setup/client';

/**
 * The generic CRUD of entity documents over HTTP on the real database: the list filters of
 * reference 2.14, dictionary texts, writes checked by the form's rules, the page-size ceiling,
 * cached counts that follow writes, export and import. Every test works on rows it made itself
 * (codes with a per-run prefix), so it runs beside the other suites.
 */

const P = `T${uniq()}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
let token = '';

type Product = Record<string, unknown> & { id?: string; code: string };
const PRODUCTS: Product[] = [
  {
    name: `${P}青铜鼎摆件`,
    code: `${P}-1`,
    productTypeId: 'pt-wc-0101',
    unitId: 'unit-jian',
    spec: '红色,大号',
    price: 10,
    status: '1',
    produceDate: '2026-01-10',
  },
  {
    name: `${P}陶瓷茶杯`,
    code: `${P}-2`,
    productTypeId: 'pt-wc-0101',
    unitId: 'unit-jian',
    spec: '白色',
    price: 25.5,
    status: '2',
    produceDate: '2026-02-20',
  },
  {
    name: `${P}丝巾`,
    code: `${P}-3`,
    productTypeId: 'pt-wc-0101',
    unitId: 'unit-jian',
    price: 100,
    status: '3',
    produceDate: '2026-03-30',
  },
];

async function listProducts(query: Record<string, string | number>): Promise<Envelope> {
  return (await get('/pro/product/list', token, { pageSize: 100, ...query })).json;
}

/** the codes a list answers, in its order */
async function codes(query: Record<string, string | number>): Promise<string[]> {
  const json = await listProducts({ code: `${P}-*`, ...query });
  expect(json.success, json.message).toBe(true);
  return json.result.records.map((r: Product) => r.code);
}

const c = (...n: number[]) => n.map((i) => `${P}-${i}`);

beforeAll(async () => {
  token = await adminToken();
  for (const p of PRODUCTS) {
    const { json } = await post('/pro/product/add', p, token);
    expect(json, json.message).toMatchObject({ success: true, message: '添加成功！' });
    p.id = json.result;
  }
});

describe('list filters of reference 2.14, end to end', () => {
  it.each([
    ['*x* contains', { name: '*陶瓷*' }, c(2)],
    ['*x ends with', { name: '*丝巾' }, c(3)],
    ['x* starts with', { name: `${P}青铜*` }, c(1)],
    ['! not equal', { name: `!${P}丝巾` }, c(2, 1)],
    ['">= x" with a space', { price: '>= 25.5' }, c(3, 2)],
    ['">=x" without a space', { price: '>=25.5' }, c(3, 2)],
    ['"< x"', { price: '< 25.5' }, c(1)],
    ['"!= x"', { price: '!= 10' }, c(3, 2)],
    ['_begin/_end on a number', { price_begin: '20', price_end: '50' }, c(2)],
    [
      '_begin/_end on a date (end inclusive)',
      { produceDate_begin: '2026-02-20', produceDate_end: '2026-03-30' },
      c(3, 2),
    ],
    [',a,b, any item of a comma-list column', { spec: ',蓝色,红色,' }, c(1)],
    ['plain value is equality', { status: '2' }, c(2)],
  ])('%s', async (_label, query, expected) => {
    expect(await codes(query as Record<string, string>)).toEqual(expected);
  });

  it('a comma list is IN', async () => {
    const json = await listProducts({ code: `${P}-1,${P}-3,` });
    expect(json.result.records.map((r: Product) => r.code).sort()).toEqual(c(1, 3));
  });

  it('column/order: one or several sort columns, order asc when it says asc', async () => {
    expect(await codes({ column: 'price', order: 'asc' })).toEqual(c(1, 2, 3));
    expect(await codes({ column: 'price', order: 'desc' })).toEqual(c(3, 2, 1));
    expect(await codes({ column: 'status_dictText,price', order: 'ASC' })).toEqual(c(1, 2, 3));
    const bad = await listProducts({ column: 'no_such_column' });
    expect(bad).toMatchObject({ success: false, message: '排序字段 no_such_column 不存在' });
  });

  it('superQueryParams (encoded as the browser does) with and / or', async () => {
    const items = [
      { field: 'price', rule: 'ge', val: '25.5', type: 'number' },
      { field: 'name', rule: 'like', val: '茶杯' },
    ];
    const superQueryParams = encodeURI(JSON.stringify(items));
    expect(await codes({ superQueryParams, superQueryMatchType: 'and' })).toEqual(c(2));
    expect(
      await codes({ superQueryParams, superQueryMatchType: 'or', column: 'price', order: 'asc' }),
    ).toEqual(c(2, 3));
    // the group is ANDed to the plain filters
    expect(await codes({ superQueryParams, superQueryMatchType: 'or', status: '3' })).toEqual(c(3));
  });

  it('pages carry <field>_dictText for system, table and tree dictionaries', async () => {
    const [row] = (await listProducts({ code: `${P}-1` })).result.records;
    expect(row).toMatchObject({
      status: '1',
      status_dictText: '在产',
      productTypeId: 'pt-wc-0101',
      productTypeId_dictText: '笔记本',
      unitId: 'unit-jian',
      unitId_dictText: '件',
    });
    const byId = (await get('/pro/product/queryById', token, { id: String(PRODUCTS[0].id) })).json;
    expect(byId.result).toMatchObject({ code: `${P}-1`, status_dictText: '在产' });
  });

  it('a page size above the ceiling is served at 10,000, and the answer says so', async () => {
    const json = await listProducts({ code: `${P}-*`, pageSize: 99999 });
    expect(json.result).toMatchObject({ size: 10000, total: 3, current: 1, pages: 1 });
    expect(json.message).toBe('每页最多返回10000条：请求的每页99999条已按10000条返回');
    expect((await listProducts({ code: `${P}-*`, pageSize: 10000 })).message).toBe('');
  });

  it("a negative page size is upstream's no paging: served at 10,000, saying so; a page number below 1 is the first", async () => {
    const json = await listProducts({ code: `${P}-*`, pageNo: -1, pageSize: -5 });
    expect(json.result).toMatchObject({ size: 10000, total: 3, current: 1, pages: 1 });
    expect(json.result.records).toHaveLength(3);
    expect(json.message).toBe('每页最多返回10000条：请求的不分页（pageSize=-5）已按10000条返回');
  });
});

describe('writes are checked by the form rules', () => {
  it('reports every failing field as {field, message}, the first one as the message, and adds nothing', async () => {
    const { json } = await post('/pro/product/add', { code: `${P} X`, price: '12.345' }, token);
    expect(json.success).toBe(false);
    expect(json.result.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '请输入产品名称' },
        { field: 'code', message: '产品编码只能包含字母、数字、下划线和中划线' },
        { field: 'price', message: '请输入正确的金额，最多两位小数' },
        { field: 'productTypeId', message: '请选择产品分类' },
      ]),
    );
    expect(json.message).toBe(json.result.errors[0].message);
    expect(await codes({})).toHaveLength(3);
  });

  it('unique fields are checked on add and on edit, against other rows only', async () => {
    const dup = await post('/pro/product/add', { ...PRODUCTS[0], id: undefined }, token);
    expect(dup.json).toMatchObject({ success: false, message: '产品编码已存在' });
    const clash = await put('/pro/product/edit', { id: PRODUCTS[1].id, code: `${P}-1` }, token);
    expect(clash.json).toMatchObject({ success: false, message: '产品编码已存在' });
    const same = await put(
      '/pro/product/edit',
      { id: PRODUCTS[1].id, code: `${P}-2`, spec: '白色,小号' },
      token,
    );
    expect(same.json).toMatchObject({ success: true, message: '编辑成功！' });
  });

  it('unknown fields and wrong types are refused', async () => {
    const extra = await post('/pro/product/add', { ...PRODUCTS[0], code: `${P}-9`, password: 'x' }, token);
    expect(extra.json).toMatchObject({ success: false, message: '字段 password 不存在' });
    const date = await put('/pro/product/edit', { id: PRODUCTS[0].id, produceDate: '下周一' }, token);
    expect(date.json.success).toBe(false);
    expect(await codes({})).toEqual(c(3, 2, 1));
  });

  it('a list or a number for a text field is refused with a field error, not stored as text', async () => {
    const nameNow = async () =>
      (await get('/pro/product/queryById', token, { id: PRODUCTS[0].id as string })).json.result.name;
    const before = await nameNow();
    for (const name of [['a', 'b'], 1e308, 42]) {
      const res = await put('/pro/product/edit', { id: PRODUCTS[0].id, name }, token);
      expect(res.json, JSON.stringify(name)).toMatchObject({
        success: false,
        message: '产品名称格式不正确',
        result: { errors: [{ field: 'name', message: '产品名称格式不正确' }] },
      });
    }
    expect(await nameNow()).toBe(before);
  });
});

describe('cached counts follow every write', () => {
  // pro_product declares count "cached": each figure below would stay stale without the invalidation
  const Q = `${P}C`;
  const total = async (query: Record<string, string>) => (await listProducts(query)).result.total as number;
  const make = (n: number) => ({ ...PRODUCTS[0], name: `${Q}摆件${n}`, code: `${Q}-${n}` });

  it('add, edit, import, delete and deleteBatch each change the cached total', async () => {
    const scope = { code: `${Q}-*` };
    expect(await total(scope)).toBe(0);
    expect(await total(scope)).toBe(0); // now served from the cache

    const added = (await post('/pro/product/add', make(1), token)).json.result as string;
    expect(await total(scope)).toBe(1);

    const renamed = { name: `*${Q}改名*` };
    expect(await total(renamed)).toBe(0);
    await put('/pro/product/edit', { id: added, name: `${Q}改名摆件` }, token);
    expect(await total(renamed)).toBe(1);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('产品信息');
    sheet.addRow(['产品信息报表']);
    sheet.addRow(['导出人:管理员']);
    sheet.addRow(['产品名称', '产品编码', '产品分类', '计量单位', '生产状态']);
    sheet.addRow([`${Q}摆件2`, `${Q}-2`, '笔记本', '件', '在产']);
    sheet.addRow([`${Q}摆件3`, `${Q}-3`, '笔记本', '件', '试制']);
    const imported = await upload('/pro/product/importExcel', 'products.xlsx', await book.xlsx.writeBuffer());
    expect(imported).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    expect(await total(scope)).toBe(3);
    const rows = (await listProducts({ ...scope, column: 'code', order: 'asc' })).result.records;
    expect(rows[2]).toMatchObject({
      code: `${Q}-3`,
      status: '3',
      productTypeId: 'pt-wc-0101',
      unitId: 'unit-jian',
    });

    expect((await del('/pro/product/delete', token, { id: added })).json.message).toBe('删除成功！');
    expect(await total(scope)).toBe(2);
    const ids = rows
      .slice(1)
      .map((r: Product) => r.id)
      .join(',');
    expect((await del('/pro/product/deleteBatch', token, { ids })).json.message).toBe('批量删除成功！');
    expect(await total(scope)).toBe(0);
  });
});

async function upload(p: string, fileName: string, content: ArrayBuffer | Buffer): Promise<Envelope> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content as ArrayBuffer)]), fileName);
  const res = await fetchRaw(p, token, { method: 'POST', body: form });
  return res.json();
}

async function download(query: Record<string, string>): Promise<Response> {
  const res = await fetchRaw(
    '/pro/product/exportXls',
    token,
    {},
    { code: `${P}-*`, column: 'code', order: 'asc', ...query },
  );
  expect(res.status).toBe(200);
  return res;
}

describe('export', () => {
  it('.xls by default: title, exporter and header rows, dictionary columns as text', async () => {
    const res = await download({});
    expect(res.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('产品信息.xls'));
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(book.SheetNames.length).toBe(1);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(String(rows[0][0])).toContain('产品信息');
    expect(String(rows[1][0])).toContain('导出人');
    const header = rows[2] as string[];
    const at = (t: string) => header.indexOf(t);
    expect(rows.slice(3).map((r) => r[at('产品编码')])).toEqual(c(1, 2, 3));
    expect(rows.slice(3).map((r) => r[at('生产状态')])).toEqual(['在产', '停产', '试制']);
    expect(rows[3][at('产品分类')]).toBe('笔记本');
    expect(rows[3][at('计量单位')]).toBe('件');
  });

  it('.xlsx on request, and selections limit it to the chosen rows', async () => {
    const selections = `${PRODUCTS[0].id},${PRODUCTS[2].id}`;
    const res = await download({ exportType: 'xlsx', selections });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const values = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    const header = values[2];
    const codeCol = header.indexOf('产品编码');
    expect(values.slice(3).map((r) => r[codeCol])).toEqual(c(1, 3));
    expect(values.slice(3).map((r) => r[header.indexOf('生产状态')])).toEqual(['在产', '试制']);
  });
});

describe('import', () => {
  const fixture = (name: string) => fs.readFileSync(path.resolve('fixtures/excel', name));
  const fixtureCodes = ['kg', 'g', 'm', 'ml'];

  async function removeFixtureUnits() {
    const { json } = await get('/base/unit/list', token, { code: fixtureCodes.join(','), pageSize: 100 });
    const mine = json.result.records.filter((r: Product) => fixtureCodes.includes(r.code));
    if (mine.length)
      await del('/base/unit/deleteBatch', token, { ids: mine.map((r: Product) => r.id).join(',') });
  }

  it.each(['units-libreoffice.xls', 'units-libreoffice.xlsx'])(
    '%s: matched by header title; a bad row gives code 201 and a downloadable error report',
    async (name) => {
      await removeFixtureUnits();
      try {
        const json = await upload('/base/unit/importExcel', name, fixture(name));
        expect(json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
        expect(json.result).toMatchObject({
          totalCount: 5,
          errorCount: 1,
          successCount: 4,
          fileName: '计量单位导入错误.txt',
        });
        const report = await fetchRaw(json.result.fileUrl, token);
        expect(report.status).toBe(200);
        expect(await report.text()).toContain('第 8 行：请输入单位名称');
        const units = (
          await get('/base/unit/list', token, { code: fixtureCodes.join(','), column: 'code', order: 'asc' })
        ).json.result.records;
        expect(units.map((u: Product) => [u.code, u.name, u.unitType, u.status])).toEqual([
          ['g', '克', '1', '1'],
          ['kg', '千克', '1', '1'],
          ['m', '米', '2', '1'],
          ['ml', '毫升', '4', '1'],
        ]);
        // not without a session
        const anonymous = await fetch(`${apiUrl()}${json.result.fileUrl}`);
        expect(anonymous.status).toBe(401);
      } finally {
        await removeFixtureUnits();
      }
    },
  );

  it('a file that is not a spreadsheet is refused and adds nothing', async () => {
    const json = await upload('/base/unit/importExcel', 'units.xlsx', Buffer.from('千克,kg,重量'));
    expect(json.success).toBe(false);
    expect(json.message).toMatch(/^文件导入失败/);
  });
});
