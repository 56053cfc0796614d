import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, put, uniq } from './setup/client';
import { addDataRule, chooseDataRules, createRole, createUser, docPerms } from './setup/access';

/**
 * A tree sub-table (借展单's 装箱清单): its top rows come with the master, a node's children when it
 * is expanded; a save may nest new rows under new rows by their temporary ids (only rows sent
 * earlier), never under another loan's rows, and never moves an existing row.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const TABLE = 'museum_loan_packing';
type Row = Record<string, any>;

const loanBody = (loanNo: string, extra: Row = {}) => ({
  loanNo,
  partner: '省博物馆',
  loanType: 'in',
  startOn: '2026-09-01',
  ...extra,
});
const pack = (name: string, extra: Row = {}) => ({ name, packType: 'crate', quantity: 1, ...extra });

interface Loan {
  id: string;
  loanNo: string;
}

async function addLoan(rows: Row[]): Promise<Loan> {
  const loanNo = `TR-${uniq()}`;
  const { json } = await post(
    '/museum/loan/addWithDetails',
    { ...loanBody(loanNo), details: { [TABLE]: { rows } } },
    admin,
  );
  expect(json.success, json.message).toBe(true);
  return { id: json.result as string, loanNo };
}

const editLoan = (loan: Loan, change: { rows?: Row[]; deleted?: string[] }, extra: Row = {}) =>
  put(
    '/museum/loan/editWithDetails',
    { ...loanBody(loan.loanNo, { id: loan.id, ...extra }), details: { [TABLE]: change } },
    admin,
  );

async function roots(loanId: string): Promise<Row[]> {
  const { json } = await get('/museum/loan/queryDetails', admin, { id: loanId });
  expect(json.success, json.message).toBe(true);
  return json.result[TABLE];
}

const queryChildren = (loanId: string, pid: string, token = admin, table = TABLE) =>
  get('/museum/loan/queryDetailChildren', token, { id: loanId, table, pid });

async function children(loanId: string, pid: string): Promise<Row[]> {
  const { json } = await queryChildren(loanId, pid);
  expect(json.success, json.message).toBe(true);
  return json.result;
}

/** every row of a loan, level by level */
async function allRows(loanId: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let level = await roots(loanId); level.length;) {
    out.push(...level);
    const next: Row[] = [];
    for (const r of level) next.push(...(await children(loanId, r.id)));
    level = next;
  }
  return out;
}

/** a crate holding a box holding an object, saved with temporary ids */
const nested = () => [
  pack('外箱', { id: 'Crate1', orderNum: 1 }),
  pack('内箱', { id: 'Box001', pid: 'Crate1', packType: 'box' }),
  pack('铜鼎', { id: 'Obj001', pid: 'Box001', packType: 'object' }),
];

describe('reading a tree sub-table', () => {
  it('queryDetails answers the top rows only, queryDetailChildren one level, both in list order', async () => {
    const loan = await addLoan([
      pack('二号箱', { id: 'Root02', orderNum: 2 }),
      pack('一号箱', { id: 'Root01', orderNum: 1 }),
      pack('囊匣乙', { pid: 'Root02', packType: 'case', orderNum: 2 }),
      pack('囊匣甲', { id: 'Case01', pid: 'Root02', packType: 'case', orderNum: 1 }),
      pack('玉琮', { pid: 'Case01', packType: 'object' }),
    ]);
    const top = await roots(loan.id);
    expect(top.map((r) => r.name)).toEqual(['一号箱', '二号箱']);
    expect(top[1].packType_dictText).toBe('外箱');
    const second = await children(loan.id, top[1].id);
    expect(second.map((r) => [r.name, r.packType_dictText])).toEqual([
      ['囊匣甲', '囊匣'],
      ['囊匣乙', '囊匣'],
    ]);
    expect((await children(loan.id, second[0].id)).map((r) => r.name)).toEqual(['玉琮']);
    expect(await children(loan.id, top[0].id)).toEqual([]);
  });

  it('names only a tree sub-table of the master', async () => {
    const loan = await addLoan([]);
    const { json } = await queryChildren(loan.id, '0', admin, 'museum_loan_item');
    expect(json.success).toBe(false);
    expect(json.message).toBe('借展单没有树形子表 museum_loan_item');
  });
});

describe('saving a tree sub-table', () => {
  it('stores new rows nested by temporary ids with real ids and pids, and marks the parents', async () => {
    const loan = await addLoan(nested());
    const [crate] = await roots(loan.id);
    expect(crate).toMatchObject({ name: '外箱', pid: '0', hasChild: '1' });
    expect(crate.id).toMatch(/^\d{19}$/);
    const [box] = await children(loan.id, crate.id);
    expect(box).toMatchObject({ name: '内箱', pid: crate.id, hasChild: '1' });
    const [object] = await children(loan.id, box.id);
    expect(object).toMatchObject({ name: '铜鼎', pid: box.id, hasChild: '0' });
    expect(object.id).toMatch(/^\d{19}$/);

    // a new row under an existing leaf makes it a parent
    const added = await editLoan(loan, { rows: [pack('鼎盖托', { pid: object.id, packType: 'part' })] });
    expect(added.json.success, added.json.message).toBe(true);
    expect((await children(loan.id, box.id))[0].hasChild).toBe('1');
    expect((await children(loan.id, object.id)).map((r) => r.name)).toEqual(['鼎盖托']);
  });

  it('refuses a parent of another loan, a later row’s temporary id and a row it deletes, writing nothing', async () => {
    const other = await addLoan([pack('别单外箱')]);
    const [foreign] = await roots(other.id);
    const loan = await addLoan(nested());
    const before = await allRows(loan.id);
    const [crate] = before;
    const { json } = await editLoan(
      loan,
      {
        rows: [
          pack('新箱', { id: 'New001' }),
          pack('越单', { pid: foreign.id }),
          pack('先子', { pid: 'Late01' }),
          pack('后父', { id: 'Late01' }),
          pack('随删', { pid: before[1].id }),
          pack('新箱之子', { pid: 'New001' }),
        ],
        deleted: [crate.id],
      },
      { partner: '改过的机构' },
    );
    expect(json.success).toBe(false);
    const message = '所在上层不存在或不属于本借展单';
    expect(json.message).toBe(`装箱清单第2行：${message}`);
    expect(json.result.errors).toEqual(
      [1, 2, 4].map((row) => ({ table: TABLE, row, field: 'pid', message })),
    );
    expect(await allRows(loan.id)).toEqual(before);
    expect(await allRows(other.id)).toEqual([foreign]);
    const master = await get('/museum/loan/queryById', admin, { id: loan.id });
    expect(master.json.result.partner).toBe('省博物馆');
  });

  it('refuses moving an existing row to another parent', async () => {
    const loan = await addLoan([...nested(), pack('二号箱')]);
    const before = await allRows(loan.id);
    const object = before.find((r) => r.name === '铜鼎')!;
    const second = before.find((r) => r.name === '二号箱')!;
    const { json } = await editLoan(loan, {
      rows: [
        { ...second, quantity: 2 },
        { ...object, pid: second.id },
      ],
    });
    expect(json.success).toBe(false);
    expect(json.result.errors).toEqual([{ table: TABLE, row: 1, field: 'pid', message: '所在上层不能修改' }]);
    expect(await allRows(loan.id)).toEqual(before);
    // the same row with its own parent saves
    const kept = await editLoan(loan, { rows: [{ ...object, quantity: 3 }] });
    expect(kept.json.success, kept.json.message).toBe(true);
  });

  it('deleting a parent deletes its descendants and leaves its own parent without children', async () => {
    const loan = await addLoan(nested());
    const [crate] = await roots(loan.id);
    const [box] = await children(loan.id, crate.id);
    const [object] = await children(loan.id, box.id);
    const { json } = await editLoan(loan, { deleted: [box.id] });
    expect(json.success, json.message).toBe(true);
    expect(await allRows(loan.id)).toEqual([expect.objectContaining({ id: crate.id, hasChild: '0' })]);
    const gone = await get('/museum/loanPacking/queryById', admin, { id: object.id });
    expect(gone.json.success).toBe(false);
  });
});

describe('who may read a node’s children', () => {
  it('needs the packing list code besides the loan’s', async () => {
    const loan = await addLoan(nested());
    const [crate] = await roots(loan.id);
    const loansOnly = await createUser(admin, { roles: [await createRole(admin, docPerms('museum_loan'))] });
    const refused = await queryChildren(loan.id, crate.id, loansOnly.token);
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toBe('没有权限，请联系管理员授权');
    expect((await children(loan.id, crate.id)).map((r) => r.name)).toEqual(['内箱']);
  });

  it('answers not found for a loan outside the user’s data rules', async () => {
    const mine = await addLoan(nested());
    const others = await addLoan(nested());
    const rule = await addDataRule(admin, 'museum_loan', {
      column: 'loanNo',
      condition: '=',
      value: mine.loanNo,
    });
    const role = await createRole(admin, [...docPerms('museum_loan'), ...docPerms(TABLE)]);
    await chooseDataRules(admin, role, 'museum_loan', [rule]);
    const user = await createUser(admin, { roles: [role] });

    const [own] = await roots(mine.id);
    const allowed = await queryChildren(mine.id, own.id, user.token);
    expect(allowed.json.success, allowed.json.message).toBe(true);
    expect(allowed.json.result.map((r: Row) => r.name)).toEqual(['内箱']);

    const [theirs] = await roots(others.id);
    const hidden = await queryChildren(others.id, theirs.id, user.token);
    expect(hidden.json.success).toBe(false);
    expect(hidden.json.message).toBe('未找到对应数据');
  });
});
