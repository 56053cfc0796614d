import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, fetchRaw, get, post, uniq } from './setup/client';
import { createRole, createUser, docPerms, routePerm } from './setup/access';
import { workOrder as orderRecord } from './setup/records';

/**
 * Share links of a work order's procedure steps (/workOrderListProcedureStepInfo): staff with
 * production:workOrder:share create and revoke them; the public read answers a live token only,
 * with one 404 answer for every other token, and holds names, never user ids.
 */

const INVALID = '链接无效或已撤销';
const PNG = fs.readFileSync('fixtures/files/avatar.png');

let admin: string;
let operatorId: string;
beforeAll(async () => {
  admin = await adminToken();
  operatorId = (await createUser(admin, { extra: { realname: '周师傅' } })).id;
});

async function ok<T = any>(p: Promise<{ json: { success: boolean; message: string; result: T } }>) {
  const { json } = await p;
  if (!json.success) throw new Error(json.message);
  return json.result;
}

async function upload(): Promise<string> {
  const form = new FormData();
  form.append('biz', 'workorder');
  form.append('file', new Blob([new Uint8Array(PNG)]), 'step.png');
  const res = await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form });
  const json = await res.json();
  if (!json.success) throw new Error(json.message);
  return json.message as string;
}

/** a work order with two steps (the first with a photo and an operator), its id and number */
async function workOrder(): Promise<{ id: string; orderNo: string }> {
  const orderNo = `T-${uniq()}`;
  const id = await ok<string>(post('/production/workOrder/add', orderRecord(orderNo), admin));
  await ok(
    post(
      '/production/procedureStep/add',
      {
        workOrderId: id,
        seq: 1,
        procedureTypeId: 'proc-zz',
        workPositionId: 'wp-zz-01',
        planQty: 50,
        actualQty: 48,
        operatorId,
        photo: await upload(),
        finishTime: '2026-01-12 17:30:00',
      },
      admin,
    ),
  );
  await ok(
    post(
      '/production/procedureStep/add',
      { workOrderId: id, seq: 2, procedureTypeId: 'proc-dm', planQty: 48 },
      admin,
    ),
  );
  return { id, orderNo };
}

/** an address the public answer gives (it starts with the API base) on the test server */
const absolute = (p: string) => new URL(p, new URL(apiUrl()).origin);

const share = (workOrderId: string, token = admin) =>
  ok<{ id: string; token: string; path: string }>(
    post('/production/workOrder/share', { workOrderId }, token),
  );
const read = (token: string) => get('/public/workOrder/steps', undefined, { token });

/** every refusal of the public read is this one answer */
async function expectRefused(token: string) {
  const r = await read(token);
  expect(r.status).toBe(404);
  expect(r.json).toMatchObject({ success: false, code: 404, message: INVALID, result: null });
}

describe('work-order share links', () => {
  it('a live link reads the header and the steps with texts and names, without a session', async () => {
    const order = await workOrder();
    const link = await share(order.id);
    expect(link.token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    expect(link.path).toBe(`/workOrderListProcedureStepInfo?token=${link.token}`);

    const r = await read(link.token);
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      orderNo: order.orderNo,
      productName: '后母戊鼎1:10复制品',
      planQty: 50,
      statusText: '生产中',
    });
    const [first, second] = r.json.result.steps;
    expect(first).toMatchObject({
      seq: 1,
      procedureType: '青铜铸造',
      workPosition: '铸造车间1号工位',
      planQty: 50,
      actualQty: 48,
      operator: '周师傅',
    });
    expect(second).toMatchObject({ seq: 2, procedureType: '打磨抛光', operator: null, photos: [] });

    // the step's photo loads through the link, and only through it
    expect(first.photos).toHaveLength(1);
    const photo = await fetch(absolute(first.photos[0]));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
  });

  it('the public answer holds no user ids, usernames or share records', async () => {
    const order = await workOrder();
    const link = await share(order.id);
    const body = JSON.stringify((await read(link.token)).json.result);
    expect(body).not.toContain(operatorId);
    expect(body).not.toContain('admin');
    expect(body).not.toContain(order.id);
    expect(body).not.toContain(link.id);
    for (const key of ['operatorId', 'createBy', 'updateBy', 'workOrderId', 'productId', 'sysOrgCode'])
      expect(body).not.toContain(`"${key}"`);
  });

  it('a revoked link, a wrong token and a malformed one get the same 404', async () => {
    const order = await workOrder();
    const link = await share(order.id);
    const photoPath = (await read(link.token)).json.result.steps[0].photos[0] as string;
    const listed = await ok<{ id: string }[]>(
      get('/production/workOrder/share/list', admin, { workOrderId: order.id }),
    );
    expect(listed.map((s) => s.id)).toContain(link.id);

    expect((await post('/production/workOrder/share/revoke', { id: link.id }, admin)).json.message).toBe(
      '分享链接已撤销',
    );
    await expectRefused(link.token);
    const photo = await fetch(absolute(photoPath));
    expect(photo.status).toBe(404);
    const after = await ok<{ id: string }[]>(
      get('/production/workOrder/share/list', admin, { workOrderId: order.id }),
    );
    expect(after.map((s) => s.id)).not.toContain(link.id);

    await expectRefused(`${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`);
    await expectRefused('x'.repeat(43));
    await expectRefused('short');
    await expectRefused('');
  });

  it("a token for order A never reads order B, nor B's photos", async () => {
    const a = await workOrder();
    const b = await workOrder();
    const linkA = await share(a.id);
    const linkB = await share(b.id);
    const readA = (await read(linkA.token)).json.result;
    expect(readA.orderNo).toBe(a.orderNo);
    const photoB = absolute((await read(linkB.token)).json.result.steps[0].photos[0]);
    photoB.searchParams.set('token', linkA.token);
    expect((await fetch(photoB)).status).toBe(404);
  });

  it('creating, listing and revoking need production:workOrder:share', async () => {
    const order = await workOrder();
    const link = await share(order.id);
    // a planner who may list work orders but not share them
    const lister = await createUser(admin, { roles: [await createRole(admin, docPerms('pro_work_order'))] });
    for (const r of [
      await post('/production/workOrder/share', { workOrderId: order.id }, lister.token),
      await get('/production/workOrder/share/list', lister.token, { workOrderId: order.id }),
      await post('/production/workOrder/share/revoke', { id: link.id }, lister.token),
    ])
      expect(r.json).toMatchObject({ success: false, code: 510 });
    expect((await read(link.token)).status).toBe(200);

    // granted the button, the same planner shares
    const sharer = await createUser(admin, {
      roles: [
        await createRole(admin, [...docPerms('pro_work_order'), routePerm('production:workOrder:share')]),
      ],
    });
    const mine = await share(order.id, sharer.token);
    expect((await read(mine.token)).json.result.orderNo).toBe(order.orderNo);
    // an unknown order is refused
    expect(
      (await post('/production/workOrder/share', { workOrderId: 'nope' }, sharer.token)).json,
    ).toMatchObject({
      success: false,
      message: '工单不存在',
    });
  });
});
