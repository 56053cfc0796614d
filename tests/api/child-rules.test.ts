import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { adminToken, get, post, put, uniq } from './setup/client';
import {
  addDataRule,
  chooseDataRules,
  createRole,
  createUser,
  docPerms,
  type TestUser,
} from './setup/access';
import { workOrder } from './setup/records';
import { startOwnServer } from './setup/own-server';

/**
 * Issue 21 item 3: a sub-table's own routes answer to its master's data rules (src/server/crud/scope.ts).
 * The probe of the issue on 工序步骤, and the table dictionaries over a sub-table. No product document
 * offers a dictionary over a sub-table, so this file runs a server of its own whose documents are the
 * product's plus that: 工序步骤 as a dictionary source, and 工序检查, a document whose field names it.
 * (The route matrix walks every sub-table's routes: access-matrix.test.ts.)
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-child-rules-'));
const schemas = path.join(root, 'schemas');
fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
const stepFile = path.join(schemas, 'production', 'procedure-step.json');
fs.writeFileSync(
  stepFile,
  JSON.stringify({
    ...JSON.parse(fs.readFileSync(stepFile, 'utf8')),
    dictSource: { columns: ['id', 'seq'] },
  }),
);
const STEP_DICT = 'pro_procedure_step,seq,id';
fs.writeFileSync(
  path.join(schemas, 'production', 'step-check.json'),
  JSON.stringify({
    kind: 'entity',
    code: 'pro_step_check',
    title: '工序检查',
    table: 'pro_step_check',
    permission: 'production:stepCheck:',
    api: '/production/stepCheck',
    menu: { group: 'production', order: 90, icon: 'profile' },
    fields: [
      {
        key: 'stepId',
        title: '工序步骤',
        type: 'select',
        dict: { table: 'pro_procedure_step', text: 'seq', code: 'id' },
      },
    ],
  }),
);

let server: Server;
let admin = '';
const T = uniq();
/** a work order the rule shows, one it hides, and their steps */
let shown = { id: '', step: '' };
let hidden = { id: '', step: '' };
let ruleId = '';

async function orderWithStep(orderNo: string) {
  const order = await post('/production/workOrder/add', workOrder(orderNo), admin);
  expect(order.json.success, order.json.message).toBe(true);
  const step = await post(
    '/production/procedureStep/add',
    { workOrderId: order.json.result, seq: 1, procedureTypeId: 'proc-zj', planQty: 5 },
    admin,
  );
  expect(step.json.success, step.json.message).toBe(true);
  return { id: order.json.result as string, step: step.json.result as string };
}

/** a user holding the given permission rows, the work-order rule chosen for its role when it holds that menu */
async function userWith(perms: string[]): Promise<TestUser> {
  const role = await createRole(admin, perms);
  if (perms.includes('doc_pro_work_order')) await chooseDataRules(admin, role, 'pro_work_order', [ruleId]);
  return createUser(admin, { roles: [role] });
}

/** an edit of a step's plan quantity is refused as not found, and the step keeps its 5 */
async function editRefused(token: string, stepId: string) {
  const edited = await put('/production/procedureStep/edit', { id: stepId, planQty: 999 }, token);
  expect(edited.json).toMatchObject({ success: false, message: '未找到对应数据' });
  const step = await get('/production/procedureStep/queryById', admin, { id: stepId });
  expect(step.json.result.planQty).toBe(5);
}

beforeAll(async () => {
  server = await startOwnServer(path.join(root, 'data'), { SCHEMAS_DIR: schemas });
  admin = await adminToken();
  shown = await orderWithStep(`CR${T}-1`);
  hidden = await orderWithStep(`CR${T}-2`);
  ruleId = await addDataRule(admin, 'pro_work_order', {
    column: 'orderNo',
    condition: '=',
    value: `CR${T}-1`,
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a sub-table’s own routes, under a rule on its master', () => {
  it('the probe of the issue: no step is added, changed or listed under a hidden order', async () => {
    const planner = await userWith([
      ...docPerms('pro_work_order', ['edit']),
      ...docPerms('pro_procedure_step', ['add', 'edit']),
    ]);
    const added = await post(
      '/production/procedureStep/add',
      { workOrderId: hidden.id, seq: 2, procedureTypeId: 'proc-zj' },
      planner.token,
    );
    expect(added.json).toMatchObject({ success: false, message: '生产工单记录不存在或无权访问' });
    await editRefused(planner.token, hidden.step);
    const list = await get('/production/procedureStep/list', planner.token, { pageSize: 100 });
    expect(list.json.success, list.json.message).toBe(true);
    expect((list.json.result.records as { workOrderId: string }[]).map((r) => r.workOrderId)).toEqual([
      shown.id,
    ]);

    // the order it may see and edit takes steps; a step cannot be moved under the hidden one
    const own = await post(
      '/production/procedureStep/add',
      { workOrderId: shown.id, seq: 2, procedureTypeId: 'proc-zj', planQty: 6 },
      planner.token,
    );
    expect(own.json.success, own.json.message).toBe(true);
    const moved = await put(
      '/production/procedureStep/edit',
      { id: own.json.result, workOrderId: hidden.id },
      planner.token,
    );
    expect(moved.json).toMatchObject({ success: false, message: '生产工单记录不存在或无权访问' });
    expect(
      (await get('/production/procedureStep/queryById', admin, { id: own.json.result })).json.result,
    ).toMatchObject({ workOrderId: shown.id });
  });

  it('writing a step needs the order’s edit code: without it the steps are read, not written', async () => {
    const reader = await userWith([
      ...docPerms('pro_work_order'),
      ...docPerms('pro_procedure_step', ['edit']),
    ]);
    expect(
      (await get('/production/procedureStep/queryById', reader.token, { id: shown.step })).json.success,
    ).toBe(true);
    await editRefused(reader.token, shown.step);
  });
});

describe('table dictionaries over a sub-table', () => {
  const items = async (token: string) => {
    const { json } = await get(`/sys/dict/getDictItems/${encodeURIComponent(STEP_DICT)}`, token);
    expect(json.success, json.message).toBe(true);
    return (json.result as { value: string }[]).map((o) => o.value);
  };

  it('read as the sub-table’s list: only the steps of orders the reader may read', async () => {
    const lister = await userWith([...docPerms('pro_work_order'), ...docPerms('pro_procedure_step')]);
    const values = await items(lister.token);
    expect(values).toContain(shown.step);
    expect(values).not.toContain(hidden.step);
    const byKey = await get(`/sys/dict/loadDictItem/${encodeURIComponent(STEP_DICT)}`, lister.token, {
      key: `${shown.step},${hidden.step}`,
    });
    expect(byKey.json.result).toEqual(['1']);
  });

  it('read through a form whose field names it: the same, and nothing without the orders', async () => {
    const checker = await userWith([...docPerms('pro_work_order'), ...docPerms('pro_step_check')]);
    const values = await items(checker.token);
    expect(values).toContain(shown.step);
    expect(values).not.toContain(hidden.step);
    const blind = await userWith(docPerms('pro_step_check'));
    expect(await items(blind.token)).toEqual([]);
    // the admin reads every step
    expect(await items(admin)).toEqual(expect.arrayContaining([shown.step, hidden.step]));
  });
});
