import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, put, uniq } from './setup/client';

/**
 * 藏品检查记录 (schemas/museum/loan-check.json), 借展单's grid that uses every grid cell type the
 * other demo grids lack: the server stores and answers each value the grid sends (a checkbox's and
 * a list_multi's comma lists, a radio, a sel_search id with its name, a popup's text, a date-time,
 * an input_pop's long text, an upload and a file path), draws nothing for the slot (it has no
 * column), and refuses values outside the fields' options.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

type Row = Record<string, unknown>;
const CHECKS = 'museum_loan_check';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('biz', 'museum');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const json = await (await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form })).json();
  expect(json.success, json.message).toBe(true);
  return json.message as string;
}

const loanBody = (loanNo: string, extra: Row = {}) => ({
  loanNo,
  partner: '陕西历史博物馆',
  loanType: 'in',
  startOn: '2026-11-01',
  ...extra,
});

async function checks(loanId: string): Promise<Row[]> {
  const { json } = await get('/museum/loan/queryDetails', admin, { id: loanId });
  expect(json.success, json.message).toBe(true);
  return json.result[CHECKS];
}

describe('藏品检查记录: every grid cell type kept through the loan save', () => {
  it('stores and answers each value; an edit changes them', async () => {
    const report = await upload('检查报告.pdf', PDF);
    const photo = await upload('细节.png', fs.readFileSync('fixtures/files/avatar.png'));
    const row = {
      id: 'Tmp001',
      exhibitId: 'exh-ding',
      checkedAt: '2026-11-02 09:15:00',
      checkItems: 'look,climate',
      result: 'repair',
      issues: 'crack,stain',
      archiveNo: 'QT-0001',
      note: '口沿一处旧裂，\n需修复后再展出',
      report,
      attachments: photo,
      orderNum: 1,
    };
    const loanNo = `JC-${uniq()}`;
    const add = await post(
      '/museum/loan/addWithDetails',
      { ...loanBody(loanNo), details: { [CHECKS]: { rows: [row] } } },
      admin,
    );
    expect(add.json.success, add.json.message).toBe(true);
    const loanId = add.json.result as string;

    const [saved] = await checks(loanId);
    const { id: _temporary, ...values } = row;
    expect(saved).toMatchObject({ ...values, loanId, exhibitId_dictText: '兽面纹铜鼎' });
    expect(saved.id).not.toBe('Tmp001');
    // the slot is drawn from the row (its createTime says it is saved); it has no column of its own
    expect(saved).not.toHaveProperty('status');
    expect(saved.createTime).toBeTruthy();

    const edit = await put(
      '/museum/loan/editWithDetails',
      {
        ...loanBody(loanNo, { id: loanId }),
        details: {
          [CHECKS]: { rows: [{ ...saved, result: 'ok', issues: 'rust', checkItems: 'pack' }] },
        },
      },
      admin,
    );
    expect(edit.json.success, edit.json.message).toBe(true);
    expect(await checks(loanId)).toMatchObject([
      { id: saved.id, result: 'ok', issues: 'rust', checkItems: 'pack', report, attachments: photo },
    ]);
  });

  it('refuses a radio, a list_multi or a checkbox value outside its options, and a path never uploaded', async () => {
    const cases: [Row, string, string][] = [
      [{ result: 'broken' }, 'result', '检查结论'],
      [{ issues: 'crack,mould' }, 'issues', '问题类型'],
      [{ checkItems: 'look,smell' }, 'checkItems', '检查项目'],
      [{ report: 'museum/never_uploaded_1.pdf' }, 'report', '检查报告'],
    ];
    for (const [bad, field, title] of cases) {
      const loanNo = `JC-${uniq()}`;
      const res = await post(
        '/museum/loan/addWithDetails',
        {
          ...loanBody(loanNo),
          details: { [CHECKS]: { rows: [{ id: 'Tmp002', exhibitId: 'exh-jade', ...bad }] } },
        },
        admin,
      );
      expect(res.json.success, field).toBe(false);
      expect(res.json.result.errors, field).toMatchObject([{ table: CHECKS, row: 0, field }]);
      expect(res.json.message).toContain(title);
      const list = await get('/museum/loan/list', admin, { loanNo });
      expect(list.json.result.total).toBe(0);
    }
  });

  it('the demo loan JZ-2026-001 has its seeded check records', async () => {
    const list = await get('/museum/loan/list', admin, { loanNo: 'JZ-2026-001' });
    const [loan] = list.json.result.records as Row[];
    expect((await checks(String(loan.id))).map((r) => [r.exhibitId_dictText, r.result])).toEqual([
      ['兽面纹铜鼎', 'minor'],
      ['玉琮', 'ok'],
    ]);
  });
});
