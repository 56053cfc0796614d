import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, put, uniq } from './setup/client';

/**
 * A one-to-one sub-table (借展单's 保险信息, `relation: 'one'`): a loan holds at most one, whether
 * written with the loan, by the sub-table's own add, or replaced in one save; and a detail row
 * removed and added again in one save no longer collides with itself on a unique rule; a crate
 * number taken elsewhere is told one message by the duplicate check and by the save.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

type Row = Record<string, unknown>;
const INSURANCE = 'museum_loan_insurance';
const ITEMS = 'museum_loan_item';

const loanBody = (loanNo: string, extra: Row = {}) => ({
  loanNo,
  partner: '南京博物院',
  loanType: 'out',
  startOn: '2026-10-01',
  ...extra,
});
const policy = (policyNo: string, extra: Row = {}) => ({
  insurer: '中国平安财产保险',
  policyNo,
  amount: 1200000,
  startOn: '2026-10-01',
  ...extra,
});

async function addLoan(details: Row): Promise<{ id: string; loanNo: string }> {
  const loanNo = `OT-${uniq()}`;
  const { json } = await post('/museum/loan/addWithDetails', { ...loanBody(loanNo), details }, admin);
  expect(json.success, json.message).toBe(true);
  return { id: json.result as string, loanNo };
}

async function details(loanId: string, table: string): Promise<Row[]> {
  const { json } = await get('/museum/loan/queryDetails', admin, { id: loanId });
  expect(json.success, json.message).toBe(true);
  return json.result[table];
}

const edit = (loan: { id: string; loanNo: string }, change: Row) =>
  put('/museum/loan/editWithDetails', { ...loanBody(loan.loanNo, { id: loan.id }), details: change }, admin);

describe('one-to-one sub-table', () => {
  it('a loan saved with its policy has it; a second policy in the same save is refused and nothing is written', async () => {
    const loan = await addLoan({ [INSURANCE]: { rows: [{ id: 'Tmp001', ...policy('PA-100001') }] } });
    expect(await details(loan.id, INSURANCE)).toMatchObject([{ policyNo: 'PA-100001', loanId: loan.id }]);

    const loanNo = `OT-${uniq()}`;
    const two = await post(
      '/museum/loan/addWithDetails',
      {
        ...loanBody(loanNo),
        details: { [INSURANCE]: { rows: [policy('PA-200001'), policy('PA-200002')] } },
      },
      admin,
    );
    expect(two.json.success).toBe(false);
    expect(two.json.message).toBe('保险信息第1行：每张借展单只能有一条保险信息');
    const list = await get('/museum/loan/list', admin, { loanNo });
    expect(list.json.result.total).toBe(0);
  });

  it('adding a policy beside the one kept is refused; replacing it in one save is taken', async () => {
    const loan = await addLoan({ [INSURANCE]: { rows: [policy('PA-300001')] } });
    const [kept] = await details(loan.id, INSURANCE);
    const beside = await edit(loan, { [INSURANCE]: { rows: [policy('PA-300002')] } });
    expect(beside.json.success).toBe(false);
    expect(beside.json.message).toBe('保险信息第1行：每张借展单只能有一条保险信息');
    expect(await details(loan.id, INSURANCE)).toMatchObject([{ id: kept.id, policyNo: 'PA-300001' }]);

    // 清除 then 填写 in one save: the old row goes, the new one comes (the unique loan does not collide)
    const replaced = await edit(loan, {
      [INSURANCE]: { rows: [{ id: 'Tmp002', ...policy('PA-300003') }], deleted: [kept.id] },
    });
    expect(replaced.json.success, replaced.json.message).toBe(true);
    const now = await details(loan.id, INSURANCE);
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ policyNo: 'PA-300003' });
    expect(now[0].id).not.toBe(kept.id);
  });

  it('the sub-table’s own add refuses a second policy for a loan', async () => {
    const loan = await addLoan({ [INSURANCE]: { rows: [policy('PA-400001')] } });
    const { json } = await post(
      '/museum/loanInsurance/add',
      { loanId: loan.id, ...policy('PA-400002') },
      admin,
    );
    expect(json.success).toBe(false);
    expect(json.message).toBe('该借展单已有保险信息');
    expect(await details(loan.id, INSURANCE)).toHaveLength(1);
  });

  it('a detail row removed and added again in one save keeps its unique value (借展明细 藏品)', async () => {
    const loan = await addLoan({ [ITEMS]: { rows: [{ exhibitId: 'exh-ding', pieces: 1 }] } });
    const [old] = await details(loan.id, ITEMS);
    const again = await edit(loan, {
      [ITEMS]: { rows: [{ id: 'Tmp003', exhibitId: 'exh-ding', pieces: 2 }], deleted: [old.id] },
    });
    expect(again.json.success, again.json.message).toBe(true);
    expect(await details(loan.id, ITEMS)).toMatchObject([{ exhibitId: 'exh-ding', pieces: 2 }]);
    // without the removal the same value is still refused
    const twice = await edit(loan, { [ITEMS]: { rows: [{ exhibitId: 'exh-ding', pieces: 3 }] } });
    expect(twice.json.success).toBe(false);
    expect(twice.json.message).toBe('借展明细第1行：该藏品已在本借展单中');
  });
});

describe('a crate number on another loan (借展明细 箱号)', () => {
  it('is told the same by the grid’s duplicate check and by the save: the unique rule’s one message', async () => {
    const crateNo = `GX${uniq()
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20)}`;
    await addLoan({ [ITEMS]: { rows: [{ exhibitId: 'exh-ding', pieces: 1, crateNo }] } });
    const check = await get('/sys/duplicate/check', admin, {
      tableName: ITEMS,
      fieldName: 'crateNo',
      fieldVal: crateNo,
    });
    expect(check.json.success).toBe(false);
    expect(check.json.message).toBe('箱号已被占用');
    const loanNo = `OT-${uniq()}`;
    const saved = await post(
      '/museum/loan/addWithDetails',
      {
        ...loanBody(loanNo),
        details: { [ITEMS]: { rows: [{ exhibitId: 'exh-ding', pieces: 1, crateNo }] } },
      },
      admin,
    );
    expect(saved.json.success).toBe(false);
    expect(saved.json.message).toBe(`借展明细第1行：${check.json.message}`);
  });
});
