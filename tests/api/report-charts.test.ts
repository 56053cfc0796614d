import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, uniq } from './setup/client';
import { createRole, createUser } from './setup/access';

/**
 * Report display options (formats, totals over every row the search keeps), data rules on a
 * report's menu, and the report charts of the home page under the report's permission and rules.
 */

const API = '/online/cgreport/api';
const P = `C${uniq()}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
// prices 10, 20, 60 and 1000 (甲 three times, 乙 once): averages the page size cannot hide
const PRODUCTS = [
  { name: `${P}甲一`, price: 10 },
  { name: `${P}甲二`, price: 20 },
  { name: `${P}甲三`, price: 60 },
  { name: `${P}乙一`, price: 1000 },
];
let admin = '';

async function rule(menu: string, ruleColumn: string, ruleConditions: string, ruleValue: string) {
  return post(
    '/sys/permission/addPermissionRule',
    { permissionId: `doc_${menu}`, ruleName: `规则${uniq()}`, ruleColumn, ruleConditions, ruleValue },
    admin,
  );
}

/** a user whose one role holds the report's menu (and export) with the given data rules */
async function ruledUser(report: string, ruleIds: string[]) {
  const role = await createRole(admin, [`doc_${report}`, `doc_${report}_export`]);
  const saved = await post(
    '/sys/role/datarule',
    { permissionId: `doc_${report}`, roleId: role, dataRuleIds: ruleIds.join(',') },
    admin,
  );
  expect(saved.json.success, saved.json.message).toBe(true);
  return createUser(admin, { roles: [role] });
}

async function exportedRows(token: string, query: Record<string, string>) {
  const res = await fetchRaw(
    `${API}/exportXls/product_price_report`,
    token,
    {},
    { exportType: 'xlsx', ...query },
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  admin = await adminToken();
  for (const [i, p] of PRODUCTS.entries()) {
    const { json } = await post(
      '/pro/product/add',
      { ...p, code: `${P}-${i}`, status: '1', productTypeId: 'pt-wc-0101', unitId: 'unit-jian' },
      admin,
    );
    expect(json.success, json.message).toBe(true);
  }
});

describe('report formats and totals', () => {
  it('getRpColumns names each column’s format, ellipsis and total', async () => {
    const { json } = await get(`${API}/getRpColumns/product_price_report`, admin);
    const price = json.result.columns.find((c: any) => c.dataIndex === 'price');
    expect(price).toMatchObject({ format: 'money', total: 'average' });
    const name = json.result.columns.find((c: any) => c.dataIndex === 'name');
    expect(name.ellipsis).toBe(20);
  });

  it('the totals row covers every row the search keeps, not only the page', async () => {
    const { json } = await get(`${API}/getData/product_price_report`, admin, {
      name: `*${P}*`,
      pageSize: 1,
    });
    expect(json.success, json.message).toBe(true);
    expect(json.result.records).toHaveLength(1);
    expect(json.result.total).toBe(4);
    expect(json.result.totals).toEqual({ price: 272.5 });
    const fewer = await get(`${API}/getData/product_price_report`, admin, { name: `*${P}甲*` });
    expect(fewer.json.result.totals).toEqual({ price: 30 });
  });

  it('the export shows money as the table does and ends with the totals row', async () => {
    const rows = await exportedRows(admin, { name: `*${P}*` });
    const data = rows.slice(3);
    expect(data).toHaveLength(5);
    expect(data.map((r) => r[4])).toContain('¥1,000.00');
    const last = data.at(-1)!;
    expect(last[0]).toBe('平均');
    expect(last[4]).toBe('¥272.50');
  });
});

describe('data rules on a report', () => {
  it('a rule column must be one of the report’s columns', async () => {
    const res = await rule('product_price_report', 'create_by', '=', '#{sys_user_code}');
    expect(res.json).toMatchObject({ success: false });
    expect(res.json.message).toContain('不是该文档的字段');
  });

  it('a user with a rule on the report sees only the matching rows, totals and export', async () => {
    const only = await rule('product_price_report', 'name', 'LIKE', `${P}甲`);
    expect(only.json.success, only.json.message).toBe(true);
    const user = await ruledUser('product_price_report', [only.json.result]);
    const { json } = await get(`${API}/getData/product_price_report`, user.token, { name: `*${P}*` });
    expect(json.success, json.message).toBe(true);
    expect(json.result.records.map((r: any) => r.name).sort()).toEqual(
      PRODUCTS.slice(0, 3)
        .map((p) => p.name)
        .sort(),
    );
    expect(json.result.totals).toEqual({ price: 30 });
    const exported = (await exportedRows(user.token, { name: `*${P}*` })).slice(3);
    expect(exported.map((r) => r[1])).not.toContain(`${P}乙一`);
    expect(exported.at(-1)).toEqual(expect.arrayContaining(['平均', '¥30.00']));
    // the administrator, whose role holds the menu without rules, still sees them all
    const all = await get(`${API}/getData/product_price_report`, admin, { name: `*${P}*` });
    expect(all.json.result.total).toBe(4);
  });
});

describe('report charts', () => {
  it('the home page lists the charts of the reports the user may read, and only those', async () => {
    const summary = (await get('/sys/dashboard/summary', admin)).json.result;
    expect(summary.charts.map((c: any) => c.code)).toEqual(
      expect.arrayContaining([
        'product_category_report',
        'work_order_state_report',
        'work_order_month_report',
      ]),
    );
    const one = await createUser(admin, {
      roles: [await createRole(admin, ['doc_product_category_report'])],
    });
    const mine = (await get('/sys/dashboard/summary', one.token)).json.result;
    expect(mine.charts).toEqual([{ code: 'product_category_report', title: '产品分类统计', type: 'bar' }]);
    const none = await createUser(admin);
    expect((await get('/sys/dashboard/summary', none.token)).json.result.charts).toEqual([]);
  });

  it('chart data answers under the report’s list permission only', async () => {
    const one = await createUser(admin, {
      roles: [await createRole(admin, ['doc_product_category_report'])],
    });
    const chart = (await get(`${API}/getChartData/product_category_report`, one.token)).json;
    expect(chart.success, chart.message).toBe(true);
    expect(chart.result.chart).toMatchObject({ type: 'bar', x: 'type_name' });
    expect(chart.result.records.length).toBeGreaterThan(0);
    const refused = (await get(`${API}/getChartData/work_order_state_report`, one.token)).json;
    expect(refused).toMatchObject({ success: false, code: 510 });
  });

  it('a dictionary column reaches the chart as its text', async () => {
    const columns = (await get(`${API}/getRpColumns/work_order_state_report`, admin)).json.result;
    const texts = columns.dictOptions.status.map((o: any) => o.text);
    const chart = (await get(`${API}/getChartData/work_order_state_report`, admin)).json.result;
    expect(chart.records.length).toBeGreaterThan(0);
    for (const r of chart.records) expect(texts).toContain(r.status);
  });

  it('the line over months runs in month order', async () => {
    const chart = (await get(`${API}/getChartData/work_order_month_report`, admin)).json.result;
    const months = chart.records.map((r: any) => r.month);
    expect(months.length).toBeGreaterThan(0);
    expect(months).toEqual([...months].sort());
  });

  it('chart data honours the data rules on the report', async () => {
    const all = (await get(`${API}/getChartData/product_category_report`, admin)).json.result.records;
    const category = all.find((r: any) => r.product_count >= 4).type_name as string;
    const only = await rule('product_category_report', 'type_name', '=', category);
    expect(only.json.success, only.json.message).toBe(true);
    const user = await ruledUser('product_category_report', [only.json.result]);
    const chart = (await get(`${API}/getChartData/product_category_report`, user.token)).json;
    expect(chart.success, chart.message).toBe(true);
    expect(chart.result.records.map((r: any) => r.type_name)).toEqual([category]);
  });
});
