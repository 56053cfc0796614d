import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, uniq, type Envelope } from './setup/client';
import { addDataRule, chooseDataRules, createRole, createUser, docPerms } from './setup/access';
import { CODE } from '../../src/core/wire';
import { workOrder } from './setup/records';

/**
 * Import into one master's sub-table (`foreignKeys`): a 工序步骤 list showing one 生产工单's
 * steps imports with {workOrderId: that order}, so every row lands under that order whatever the
 * file's 生产工单 column says, or without it; anything else is refused before a row is written.
 */

const API = '/production/procedureStep';
const T = uniq();
let admin = '';
/** two orders: rows are sent to `mine` while the file names `other` */
let mine = '';
let other = '';

async function addOrder(orderNo: string): Promise<string> {
  const { json } = await post('/production/workOrder/add', workOrder(orderNo), admin);
  expect(json.success, json.message).toBe(true);
  return json.result as string;
}

/** an export-layout workbook of steps written by ExcelJS: title, exporter, header, then `rows` */
async function stepsFile(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('工序步骤');
  sheet.addRow(['工序步骤报表']);
  sheet.addRow(['导出人:管理员']);
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(file: Buffer, token: string, foreignKeys?: string): Promise<Envelope> {
  const form = new FormData();
  if (foreignKeys !== undefined) form.append('foreignKeys', foreignKeys);
  form.append('file', new Blob([new Uint8Array(file)]), 'steps.xlsx');
  return (await fetchRaw(`${API}/importExcel`, token, { method: 'POST', body: form })).json();
}

/** the plan quantities of an order's steps, sorted */
async function stepsOf(orderId: string): Promise<number[]> {
  const list = await get(`${API}/list`, admin, { workOrderId: orderId, pageSize: 100 });
  expect(list.json.success, list.json.message).toBe(true);
  return (list.json.result.records as { planQty: number }[]).map((r) => r.planQty).sort((a, b) => a - b);
}

beforeAll(async () => {
  admin = await adminToken();
  mine = await addOrder(`FK${T}-1`);
  other = await addOrder(`FK${T}-2`);
});

describe('import with foreignKeys', () => {
  it('rows go under the given order even when the file names another one', async () => {
    const file = await stepsFile(
      ['生产工单', '序号', '工序类型', '计划数量'],
      [
        [`FK${T}-2`, 1, '青铜铸造', 11],
        [`FK${T}-2`, 2, '青铜铸造', 12],
      ],
    );
    const json = await upload(file, admin, JSON.stringify({ workOrderId: mine }));
    expect(json, json.message).toMatchObject({ success: true, message: '文件导入成功！数据行数：2' });
    expect(await stepsOf(mine)).toEqual([11, 12]);
    expect(await stepsOf(other)).toEqual([]);
  });

  it('a file without the 生产工单 column (required) lands under the given order; without foreignKeys it cannot', async () => {
    const file = (qty: number) => stepsFile(['序号', '工序类型', '计划数量'], [[3, '青铜铸造', qty]]);
    const alone = await upload(await file(3), admin);
    expect(alone).toMatchObject({ result: { successCount: 0, errorCount: 1 } });
    const json = await upload(await file(13), admin, JSON.stringify({ workOrderId: other }));
    expect(json.success, json.message).toBe(true);
    expect(await stepsOf(other)).toEqual([13]);
  });

  it('one file under two orders is two imports; under the same order again it asks first', async () => {
    const [a, b] = [await addOrder(`FK${T}-3`), await addOrder(`FK${T}-4`)];
    const file = await stepsFile(['序号', '工序类型', '计划数量'], [[9, '青铜铸造', 909]]);
    const first = await upload(file, admin, JSON.stringify({ workOrderId: a }));
    expect(first.success, first.message).toBe(true);
    const second = await upload(file, admin, JSON.stringify({ workOrderId: b }));
    expect(second.success, second.message).toBe(true);
    expect(await stepsOf(b)).toEqual([909]);
    const again = await upload(file, admin, JSON.stringify({ workOrderId: a }));
    expect(again).toMatchObject({ success: false, code: CODE.reimport });
    expect(await stepsOf(a)).toEqual([909]);
  });
});

describe('foreignKeys refused, nothing written', () => {
  let limited = '';
  beforeAll(async () => {
    const rule = await addDataRule(admin, 'pro_work_order', {
      column: 'orderNo',
      condition: '=',
      value: `FK${T}-1`,
    });
    // rows go under an order as an edit of it (src/server/crud/scope.ts): the order's edit code too
    const role = await createRole(admin, [
      ...docPerms('pro_procedure_step', ['import']),
      ...docPerms('pro_work_order', ['edit']),
    ]);
    await chooseDataRules(admin, role, 'pro_work_order', [rule]);
    limited = (await createUser(admin, { roles: [role] })).token;
  });

  const cases: [string, () => string, string][] = [
    ['bad JSON', () => '{workOrderId:', '参数 foreignKeys 格式不正确'],
    ['not an object', () => JSON.stringify([mine]), '参数 foreignKeys 格式不正确'],
    ['a value not a string', () => JSON.stringify({ workOrderId: 7 }), '参数 foreignKeys 格式不正确'],
    [
      'a value too long',
      () => JSON.stringify({ workOrderId: 'x'.repeat(65) }),
      '参数 foreignKeys 格式不正确',
    ],
    [
      'an unknown key',
      () => JSON.stringify({ orderId: mine }),
      '参数 foreignKeys 中的“orderId”不是工序步骤关联主表的字段',
    ],
    [
      'a field that is no master link',
      () => JSON.stringify({ procedureTypeId: 'proc-zz' }),
      '参数 foreignKeys 中的“procedureTypeId”不是工序步骤关联主表的字段',
    ],
    [
      'an order outside the data rule',
      () => JSON.stringify({ workOrderId: other }),
      '生产工单记录不存在或无权访问',
    ],
    [
      'an order that does not exist',
      () => JSON.stringify({ workOrderId: 'no-such-order' }),
      '生产工单记录不存在或无权访问',
    ],
  ];
  for (const [what, foreignKeys, message] of cases)
    it(what, async () => {
      const before = [await stepsOf(mine), await stepsOf(other)];
      const file = await stepsFile(['序号', '工序类型', '计划数量'], [[9, '青铜铸造', 99]]);
      expect(await upload(file, limited, foreignKeys())).toMatchObject({ success: false, message });
      expect([await stepsOf(mine), await stepsOf(other)]).toEqual(before);
      // refused before the import began: no job either
      expect((await get(`${API}/importJobs`, limited)).json.result).toMatchObject({ total: 0 });
    });

  it('an order the user may read but not edit is refused', async () => {
    const role = await createRole(admin, [
      ...docPerms('pro_procedure_step', ['import']),
      ...docPerms('pro_work_order'),
    ]);
    const reader = (await createUser(admin, { roles: [role] })).token;
    const file = await stepsFile(['序号', '工序类型', '计划数量'], [[9, '青铜铸造', 98]]);
    const json = await upload(file, reader, JSON.stringify({ workOrderId: mine }));
    expect(json).toMatchObject({ success: false, message: '生产工单记录不存在或无权访问' });
    expect(await stepsOf(mine)).toEqual([11, 12]);
  });

  it('the order within the data rule is taken', async () => {
    const file = await stepsFile(['序号', '工序类型', '计划数量'], [[4, '青铜铸造', 14]]);
    const json = await upload(file, limited, JSON.stringify({ workOrderId: mine }));
    expect(json.success, json.message).toBe(true);
    expect(await stepsOf(mine)).toEqual([11, 12, 14]);
  });
});
