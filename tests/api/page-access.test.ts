import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get } from './setup/client';
import { createRole, createUser, docPerms, type TestUser } from './setup/access';

/**
 * Issue 23: the browser asks whether an address it has no route for is a page this user may not
 * open (无权访问) or no page at all (页面不存在); the answer tells nothing beyond that.
 */

let admin = '';
let unitsOnly: TestUser;
beforeAll(async () => {
  admin = await adminToken();
  unitsOnly = await createUser(admin, { roles: [await createRole(admin, docPerms('base_unit'))] });
});

const access = async (path: string, token: string) => {
  const res = await get('/sys/permission/pageAccess', token, { path });
  expect(res.json.success, res.json.message).toBe(true);
  return res.json.result;
};

const FORBIDDEN = { exists: true, granted: false };
const MISSING = { exists: false, granted: false };
const GRANTED = { exists: true, granted: true };

describe('page access', () => {
  it('tells a user which pages exist but are not granted, of every kind', async () => {
    const t = unitsOnly.token;
    // a menu entry, a report, an online list of a document, by a route the user's menu lacks
    expect(await access('/system/user', t)).toEqual(FORBIDDEN);
    expect(await access('/online/cgreport/product_category_report', t)).toEqual(FORBIDDEN);
    expect(await access('/online/cgformTabList/museum_loan', t)).toEqual(FORBIDDEN);
    expect(await access('/online/cgformList/museum_loan', t)).toEqual(FORBIDDEN);
  });

  it('answers granted for the user’s own pages and home', async () => {
    const t = unitsOnly.token;
    expect(await access('/online/cgformList/base_unit', t)).toEqual(GRANTED);
    expect(await access('/dashboard/analysis', t)).toEqual(GRANTED);
    expect(await access('/system/user', admin)).toEqual(GRANTED);
  });

  it('answers missing for unknown addresses, unknown documents and groups', async () => {
    const t = unitsOnly.token;
    expect(await access('/no/such/page', t)).toEqual(MISSING);
    expect(await access('/online/cgformList/no_such_document', t)).toEqual(MISSING);
    expect(await access('/online/cgreport/no_such_report', t)).toEqual(MISSING);
    // a menu group opens no page of its own
    expect(await access('/system', t)).toEqual(MISSING);
    expect(await access('/no/such/page', admin)).toEqual(MISSING);
  });

  it('needs a path and a session', async () => {
    const res = await get('/sys/permission/pageAccess', unitsOnly.token);
    expect(res.json).toMatchObject({ success: false, message: '请提供页面地址' });
    const anonymous = await get('/sys/permission/pageAccess', undefined, { path: '/system/user' });
    expect(anonymous.status).toBe(401);
  });
});
