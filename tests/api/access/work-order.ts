import fs from 'node:fs';
import { fetchRaw, post } from '../setup/client';
import type { Samples } from './types';
import { ok } from './access';

/**
 * Samples for the work-order share links (issue 12, /workOrderListProcedureStepInfo): the staff's
 * create, list and revoke (production:workOrder:share) and the public read of a live link. Each
 * makes its own link on a demo work order (fixtures/demo/pro_work_order.json).
 */

const DEMO_ORDER = 'wo-0001';
const PNG = fs.readFileSync('fixtures/files/avatar.png');

const newLink = async (t: string, workOrderId = DEMO_ORDER) =>
  (await ok(post('/production/workOrder/share', { workOrderId }, t))) as { id: string; token: string };

/** a step of the demo order with a photo, and a live link to that order */
async function stepWithPhoto(t: string): Promise<{ step: string; token: string }> {
  const form = new FormData();
  form.append('biz', 'workorder');
  form.append('file', new Blob([new Uint8Array(PNG)]), 'step.png');
  const photo = (await (await fetchRaw('/sys/common/upload', t, { method: 'POST', body: form })).json())
    .message as string;
  const step = (await ok(
    post(
      '/production/procedureStep/add',
      { workOrderId: DEMO_ORDER, seq: 9, procedureTypeId: 'proc-zj', photo },
      t,
    ),
  )) as string;
  return { step, token: (await newLink(t)).token };
}

export const samples: Samples = {
  'POST /production/workOrder/share': () => ({ body: { workOrderId: DEMO_ORDER } }),
  'GET /production/workOrder/share/list': () => ({ query: { workOrderId: DEMO_ORDER } }),
  'POST /production/workOrder/share/revoke': async (t) => ({ body: { id: (await newLink(t)).id } }),
  'GET /public/workOrder/steps': async (t) => ({ query: { token: (await newLink(t)).token } }),
  'GET /public/workOrder/photo': async (t) => {
    const { step, token } = await stepWithPhoto(t);
    return { query: { token, step, n: '0' }, expect: 'file' };
  },
};
