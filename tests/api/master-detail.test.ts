import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, put, uniq } from './setup/client';
import { addDataRule, chooseDataRules, createRole, createUser, docPerms } from './setup/access';
import { workOrder as order } from './setup/records';

/**
 * A master with its details (生产工单 and its 工序步骤) saved in one transaction: inserted, updated
 * and deleted steps land together; a failing step leaves master and steps as they were and names
 * its row and field; the master's data rules reach its details.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const step = (seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  procedureTypeId: 'proc-zz',
  planQty: 50,
  ...extra,
});

async function details(id: string, token = admin) {
  const { json } = await get('/production/workOrder/queryDetails', token, { id });
  expect(json.success, json.message).toBe(true);
  return (json.result.pro_procedure_step as any[]).sort((a, b) => a.seq - b.seq);
}

async function addWithSteps(steps: Record<string, unknown>[]) {
  const orderNo = `MD-${uniq()}`;
  const { json } = await post(
    '/production/workOrder/addWithDetails',
    { ...order(orderNo), details: { pro_procedure_step: { rows: steps } } },
    admin,
  );
  expect(json.success, json.message).toBe(true);
  return { id: json.result as string, orderNo };
}

describe('saving a work order with its procedure steps', () => {
  it('adds the master and its rows together; the grid’s temporary ids name nothing', async () => {
    const { id } = await addWithSteps([step(1, { id: 'a1B2c3' }), step(2, { procedureTypeId: 'proc-dm' })]);
    const rows = await details(id);
    expect(rows.map((r) => [r.seq, r.procedureTypeId, r.workOrderId])).toEqual([
      [1, 'proc-zz', id],
      [2, 'proc-dm', id],
    ]);
    expect(rows.map((r) => r.id)).not.toContain('a1B2c3');
  });

  it('inserts, updates and deletes in one save', async () => {
    const { id, orderNo } = await addWithSteps([step(1), step(2), step(3)]);
    const [one, two, three] = await details(id);
    const { json } = await put(
      '/production/workOrder/editWithDetails',
      {
        ...order(orderNo, { id, planQty: 60 }),
        details: {
          pro_procedure_step: {
            rows: [
              { ...one, actualQty: 49 },
              { ...three, seq: 2 },
              step(3, { id: 'zZ9yY8', procedureTypeId: 'proc-dm' }),
            ],
            deleted: [two.id],
          },
        },
      },
      admin,
    );
    expect(json.success, json.message).toBe(true);
    const after = await details(id);
    expect(after.map((r) => [r.seq, r.actualQty ?? null])).toEqual([
      [1, 49],
      [2, null],
      [3, null],
    ]);
    expect(after.map((r) => r.id)).not.toContain(two.id);
    expect(after[1].id).toBe(three.id);
    const master = await get('/production/workOrder/queryById', admin, { id });
    expect(master.json.result.planQty).toBe(60);
  });

  it('a failing step changes nothing and is named by row and field', async () => {
    const { id, orderNo } = await addWithSteps([step(1), step(2)]);
    const before = await details(id);
    const { json } = await put(
      '/production/workOrder/editWithDetails',
      {
        ...order(orderNo, { id, planQty: 70 }),
        details: {
          pro_procedure_step: {
            rows: [{ ...before[0], actualQty: 10 }, step(3), step(1000)],
            deleted: [before[1].id],
          },
        },
      },
      admin,
    );
    expect(json.success).toBe(false);
    expect(json.message).toBe('工序步骤第3行：序号须在1到999之间');
    expect(json.result.errors).toEqual([
      { table: 'pro_procedure_step', row: 2, field: 'seq', message: '序号须在1到999之间' },
    ]);
    expect(await details(id)).toEqual(before);
    const master = await get('/production/workOrder/queryById', admin, { id });
    expect(master.json.result.planQty).toBe(50);
  });

  it('a failing step on add leaves no work order behind', async () => {
    const orderNo = `MD-${uniq()}`;
    const { json } = await post(
      '/production/workOrder/addWithDetails',
      {
        ...order(orderNo),
        details: { pro_procedure_step: { rows: [step(1), step(2, { procedureTypeId: '' })] } },
      },
      admin,
    );
    expect(json.success).toBe(false);
    expect(json.result.errors).toEqual([
      { table: 'pro_procedure_step', row: 1, field: 'procedureTypeId', message: '请选择工序类型' },
    ]);
    const list = await get('/production/workOrder/list', admin, { orderNo });
    expect(list.json.result.total).toBe(0);
  });

  it('a step of another work order cannot be moved or deleted through this one', async () => {
    const other = await addWithSteps([step(1)]);
    const [foreign] = await details(other.id);
    const { id, orderNo } = await addWithSteps([step(1)]);
    const moved = await put(
      '/production/workOrder/editWithDetails',
      { ...order(orderNo, { id }), details: { pro_procedure_step: { rows: [{ ...foreign, seq: 5 }] } } },
      admin,
    );
    expect(moved.json.success).toBe(false);
    expect(moved.json.message).toBe('工序步骤第1行：工序步骤记录不存在或无权修改');
    const removed = await put(
      '/production/workOrder/editWithDetails',
      { ...order(orderNo, { id }), details: { pro_procedure_step: { deleted: [foreign.id] } } },
      admin,
    );
    expect(removed.json.message).toBe('要删除的工序步骤记录不存在或无权删除');
    expect(await details(other.id)).toEqual([foreign]);
  });

  it('an unknown sub-table is refused', async () => {
    const { id, orderNo } = await addWithSteps([]);
    const { json } = await put(
      '/production/workOrder/editWithDetails',
      { ...order(orderNo, { id }), details: { sys_user: { rows: [{ username: 'x' }] } } },
      admin,
    );
    expect(json.success).toBe(false);
    expect(json.message).toBe('生产工单没有子表 sys_user');
  });

  it('deleting a work order deletes its steps', async () => {
    const { id } = await addWithSteps([step(1), step(2)]);
    const [first] = await details(id);
    expect((await del('/production/workOrder/delete', admin, { id })).json.success).toBe(true);
    const found = await get('/production/procedureStep/queryById', admin, { id: first.id });
    expect(found.json.success).toBe(false);
  });
});

describe('who may save details', () => {
  it('editing steps needs the step grants too, and the master’s data rules reach its steps', async () => {
    const mine = await addWithSteps([step(1)]);
    const others = await addWithSteps([step(1)]);
    // the role may edit work orders and steps, but only work orders whose number is its own
    const rule = await addDataRule(admin, 'pro_work_order', {
      column: 'orderNo',
      condition: '=',
      value: mine.orderNo,
    });
    const withSteps = await createRole(admin, [
      ...docPerms('pro_work_order', ['edit']),
      ...docPerms('pro_procedure_step', ['edit']),
    ]);
    await chooseDataRules(admin, withSteps, 'pro_work_order', [rule]);
    const editor = await createUser(admin, { roles: [withSteps] });

    const [own] = await details(mine.id);
    const edit = (target: { id: string; orderNo: string }, row: Record<string, unknown>) =>
      put(
        '/production/workOrder/editWithDetails',
        { ...order(target.orderNo, { id: target.id }), details: { pro_procedure_step: { rows: [row] } } },
        editor.token,
      );
    expect((await edit(mine, { ...own, actualQty: 7 })).json.success).toBe(true);
    expect((await details(mine.id))[0].actualQty).toBe(7);

    // outside the rule: neither the master nor its steps are reachable
    const [theirs] = await details(others.id);
    const refused = await edit(others, { ...theirs, actualQty: 7 });
    expect(refused.json.message).toBe('未找到对应数据');
    expect(
      (await get('/production/workOrder/queryDetails', editor.token, { id: others.id })).json.success,
    ).toBe(false);

    // a new step needs the step add grant, which this role lacks
    const added = await edit(mine, step(2));
    expect(added.json.success).toBe(false);
    expect(added.json.message).toBe('没有权限，请联系管理员授权');
    expect(await details(mine.id)).toHaveLength(1);
  });
});

describe('the advanced query over a sub-table’s fields', () => {
  const byStep = (val: string) => ({
    superQueryParams: JSON.stringify([{ field: 'pro_procedure_step,actualQty', rule: 'ge', val }]),
    superQueryMatchType: 'and',
  });

  it('keeps the masters some of whose rows hold the condition', async () => {
    const high = await addWithSteps([step(1, { actualQty: 995 }), step(2, { actualQty: 3 })]);
    const low = await addWithSteps([step(1, { actualQty: 3 })]);
    const tag = high.orderNo.slice(0, 5);
    const { json } = await get('/production/workOrder/list', admin, {
      orderNo: `${tag}*`,
      pageSize: 100,
      ...byStep('990'),
    });
    expect(json.success, json.message).toBe(true);
    const found = (json.result.records as any[]).map((r) => r.id);
    expect(found).toContain(high.id);
    expect(found).not.toContain(low.id);
    // the rows' other values never widen it: an OR of two step conditions
    const either = await get('/production/workOrder/list', admin, {
      orderNo: `${tag}*`,
      pageSize: 100,
      superQueryParams: JSON.stringify([
        { field: 'pro_procedure_step,actualQty', rule: 'ge', val: '990' },
        { field: 'orderNo', rule: 'eq', val: low.orderNo },
      ]),
      superQueryMatchType: 'or',
    });
    expect((either.json.result.records as any[]).map((r) => r.id).sort()).toEqual(
      expect.arrayContaining([high.id, low.id]),
    );
  });

  it('holds only through the detail rows the user may see (the sub-table’s data rules)', async () => {
    // seq 2 holds the high quantity; the role sees only the steps numbered 1
    const high = await addWithSteps([step(1, { actualQty: 3 }), step(2, { actualQty: 996 })]);
    const rule = await addDataRule(admin, 'pro_procedure_step', {
      column: 'seq',
      condition: '=',
      value: '1',
    });
    const role = await createRole(admin, [...docPerms('pro_work_order'), ...docPerms('pro_procedure_step')]);
    await chooseDataRules(admin, role, 'pro_procedure_step', [rule]);
    const reader = await createUser(admin, { roles: [role] });
    const search = { orderNo: high.orderNo, pageSize: 10 };

    const seen = await get('/production/workOrder/list', admin, { ...search, ...byStep('995') });
    expect((seen.json.result.records as any[]).map((r) => r.id)).toEqual([high.id]);
    const hidden = await get('/production/workOrder/list', reader.token, { ...search, ...byStep('995') });
    expect(hidden.json.success, hidden.json.message).toBe(true);
    expect(hidden.json.result.records).toEqual([]);
    // the step it may see still counts
    const own = await get('/production/workOrder/list', reader.token, { ...search, ...byStep('3') });
    expect((own.json.result.records as any[]).map((r) => r.id)).toEqual([high.id]);
  });

  it('is refused to a user who may not list the sub-table', async () => {
    const role = await createRole(admin, docPerms('pro_work_order'));
    const reader = await createUser(admin, { roles: [role] });
    const { json } = await get('/production/workOrder/list', reader.token, byStep('1'));
    expect(json.success).toBe(false);
    expect(json.message).toBe('高级查询字段 pro_procedure_step,actualQty 不存在');
  });
});
