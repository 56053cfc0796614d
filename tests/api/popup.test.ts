import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, uniq } from './setup/client';
import { createRole, createUser, docPerms } from './setup/access';

/**
 * The popup field of 生产工单 (产品名称 over 产品价格报表, filling 产品名称 and 单价). The rule: the
 * popup reads through the report's own routes, so it needs the report's list permission like the
 * report page does; editing work orders alone does not open the report. The demo planner role
 * holds both. schemas:check refuses a popup whose settings are wrong.
 */

const REPORT = '/online/cgreport/api';
const CODE = 'product_price_report';
let admin = '';

beforeAll(async () => {
  admin = await adminToken();
});

const popupRead = (token: string) =>
  Promise.all([
    get(`${REPORT}/getRpColumns/${CODE}`, token),
    get(`${REPORT}/getQueryInfo/${CODE}`, token),
    get(`${REPORT}/getData/${CODE}`, token, { name: '*品茗杯*' }),
  ]);

describe('who may pick from the 产品价格报表 popup', () => {
  it('an editor of work orders without the report’s grant is refused, with the reason', async () => {
    const role = await createRole(admin, docPerms('pro_work_order', ['add', 'edit']));
    const u = await createUser(admin, { roles: [role] });
    const doc = await get('/online/cgform/api/document/pro_work_order', u.token);
    expect(doc.json.success).toBe(true);
    // the browser is told the popup reads a report, and which columns fill which fields
    expect(doc.json.result.fields.find((f: { key: string }) => f.key === 'productName')).toMatchObject({
      type: 'popup',
      popupCode: CODE,
      popupSource: 'report',
      orgFields: 'id,name,price',
      destFields: 'productId,productName,unitPrice',
    });
    for (const res of await popupRead(u.token))
      expect(res.json).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  });

  it('the report’s list grant opens the popup: columns, search items and rows, never its export', async () => {
    const role = await createRole(admin, [...docPerms('pro_work_order', ['add', 'edit']), ...docPerms(CODE)]);
    const u = await createUser(admin, { roles: [role] });
    const [columns, query, data] = await popupRead(u.token);
    expect(columns.json.result.cgRpConfigName).toBe('产品价格报表');
    expect(query.json.result.map((q: { field: string }) => q.field)).toEqual(['name', 'price']);
    expect(data.json.result.records).toEqual([
      expect.objectContaining({ id: 'prod-11', name: '汝窑天青釉品茗杯', price: 128 }),
    ]);
    // the id is for the popup to copy, not a column of the table
    expect(columns.json.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).not.toContain('id');
    const exported = await get(`${REPORT}/exportXls/${CODE}`, u.token);
    expect(exported.json.code).toBe(510);
  });

  it('the demo planner role edits work orders and may read the report its popup shows', async () => {
    const planner = await createUser(admin, { roles: ['role_production'], departs: ['dep_it'] });
    const [columns, , data] = await popupRead(planner.token);
    expect(columns.json.success).toBe(true);
    expect(data.json.result.total).toBe(1);
  });

  it('the filled 产品名称 and 单价 are saved and 产品名称 is searched by contains', async () => {
    const orderNo = `GD-${uniq()}`;
    const add = await post(
      '/production/workOrder/add',
      {
        orderNo,
        productId: 'prod-11',
        productName: '汝窑天青釉品茗杯',
        unitPrice: 128,
        planQty: 5,
        planStart: '2026-04-01',
        planFinish: '2026-04-10',
        status: '1',
      },
      admin,
    );
    expect(add.json.success, add.json.message).toBe(true);
    const list = await get('/production/workOrder/list', admin, { productName: '*天青釉*', pageSize: 100 });
    const rows = list.json.result.records as { orderNo: string; productName: string; unitPrice: number }[];
    expect(rows.find((r) => r.orderNo === orderNo)).toMatchObject({
      productName: '汝窑天青釉品茗杯',
      unitPrice: 128,
    });
    expect(rows.every((r) => r.productName.includes('天青釉'))).toBe(true);
  });
});

describe('schemas:check of popup fields', () => {
  it('refuses a popup whose lists differ in length and name a column the report lacks', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-popup-'));
    const schemas = path.join(root, 'schemas');
    fs.cpSync('schemas', schemas, { recursive: true });
    const file = path.join(schemas, 'production', 'work-order.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    const popup = doc.fields.find((f: { key: string }) => f.key === 'productName');
    popup.orgFields = 'name,cost';
    fs.writeFileSync(file, JSON.stringify(doc));
    const failed = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'scripts/schemas-check.ts',
      schemas,
    ]).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    fs.rmSync(root, { recursive: true, force: true });
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(failed?.stdout).toContain(
      "/orgFields: 'cost' is not a column of the popup 'product_price_report'",
    );
    expect(failed?.stdout).toContain('2 problem(s)');
    // a process of its own that loads every document: slow on a busy machine
  }, 120_000);
});
