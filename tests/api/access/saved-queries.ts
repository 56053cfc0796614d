import { post, uniq } from '../setup/client';
import { ok } from './access';
import type { Samples } from './types';

/** Samples for the saved advanced queries (src/server/queries): each call on the unit list, on a query of the admin's own. */

const CODE = 'base_unit';
const params = [{ field: 'name', rule: 'like', val: '单位' }];

const ownQuery = (admin: string) =>
  ok<string>(post('/sys/savedQuery/save', { code: CODE, title: `样例${uniq()}`, params }, admin));

export const samples: Samples = {
  'GET /sys/savedQuery/list': () => ({ query: { code: CODE } }),
  'POST /sys/savedQuery/save': () => ({ body: { code: CODE, title: `样例${uniq()}`, params } }),
  'DELETE /sys/savedQuery/delete': async (admin) => ({ query: { id: await ownQuery(admin) } }),
  'POST /sys/savedQuery/share': async (admin) => ({ body: { id: await ownQuery(admin), roleIds: '' } }),
  'GET /sys/savedQuery/roles': () => ({}),
};
