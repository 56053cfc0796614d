import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, del, get, login, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms, PASSWORD, type TestUser } from './setup/access';
import { openSocket, socketUrl } from './setup/socket';

/**
 * The editable table's live socket (/vxeSocket/{userId}/{pageId}): a session token is needed, a
 * heartbeat is answered while the session lives, and a row one console saved reaches the other
 * consoles that may list its document (by id only; each reads the row with its own session),
 * never a console without the grant, and never for a row the sender cannot see. Deleted rows are
 * announced by the server itself, by id, to the consoles of the same tenant that may list them,
 * by the grants their users hold at that moment. A session holds at most 40 sockets (notices and
 * live tables together), and they close as soon as the session ends.
 */

const url = (pageId: string, token?: string) => {
  const u = new URL(`${apiUrl().replace(/^http/, 'ws')}/vxeSocket/ignored/${pageId}`);
  if (token) u.searchParams.set('token', token);
  return u.toString();
};
const send = (ws: WebSocket, type: string, data: unknown = '') => ws.send(JSON.stringify({ type, data }));
type Socket = Awaited<ReturnType<typeof openSocket>>;
/**
 * the next message about a document: other files on the same server save and delete rows the
 * admin may list at any time, and those reach the admin's sockets too
 */
async function nextAbout(s: Socket, socketKey: string): Promise<any> {
  for (;;) {
    const m = await s.next();
    if (m.type !== 'update_vxe_table' || m.data.socketKey === socketKey) return m;
  }
}
/** waits for the update a console announced with this caseId */
async function hears(s: Socket, caseId: string): Promise<void> {
  while ((await nextAbout(s, 'base_unit')).data?.args?.[1] !== caseId);
}
/** the caseIds of the updates a socket got before the answer to a heartbeat sent now */
async function caseIdsBeforeHeartbeat(s: Socket): Promise<string[]> {
  send(s.ws, 'heart_beat');
  const got: string[] = [];
  for (let m = await s.next(); m.type !== 'heart_beat'; m = await s.next()) got.push(m.data?.args?.[1]);
  return got;
}

let admin = '';
let outsider: TestUser;
let unitId = '';
beforeAll(async () => {
  admin = await adminToken();
  outsider = await createUser(admin);
  const code = `U${uniq()}`.slice(0, 20);
  const added = await post('/base/unit/add', { name: `件${code}`, code, unitType: '3', status: '1' }, admin);
  unitId = added.json.result as string;
});

describe('the live table socket', () => {
  it('refuses a socket without a valid session token (HTTP 401)', async () => {
    await expect(openSocket(url('p0'))).rejects.toThrow('refused with HTTP 401');
    await expect(openSocket(url('p0', 'forged.token'))).rejects.toThrow('refused with HTTP 401');
  });

  it('answers a heartbeat, and ignores what it cannot read', async () => {
    const s = await openSocket(url('p-heart', admin));
    try {
      s.ws.send('not json');
      send(s.ws, 'something_else');
      send(s.ws, 'heart_beat');
      expect(await s.next()).toEqual({ type: 'heart_beat', data: true });
    } finally {
      s.close();
    }
  });

  it('a saved row reaches the consoles that may list it, by id', async () => {
    const origin = await openSocket(url('p-origin', admin));
    const other = await openSocket(url('p-other', admin));
    const blind = await openSocket(url('p-blind', outsider.token));
    try {
      // a row nobody has, and a document the sender names wrongly, are not passed on
      send(origin.ws, 'update_vxe_table', {
        socketKey: 'base_unit',
        args: [{ id: 'no-such-row' }, 'case-1'],
      });
      send(origin.ws, 'update_vxe_table', { socketKey: 'no_such_doc', args: [{ id: unitId }, 'case-1'] });
      send(origin.ws, 'update_vxe_table', {
        socketKey: 'base_unit',
        args: [{ id: unitId, name: '伪造' }, 'case-1'],
      });
      const expected = {
        type: 'update_vxe_table',
        data: { socketKey: 'base_unit', args: [{ id: unitId }, 'case-1'] },
      };
      expect(await nextAbout(other, 'base_unit')).toEqual(expected);
      // the sender's own socket hears it too: its table skips its own caseId
      expect(await nextAbout(origin, 'base_unit')).toEqual(expected);
      // the user without the unit list grant hears only its own heartbeat
      send(blind.ws, 'heart_beat');
      expect(await blind.next()).toEqual({ type: 'heart_beat', data: true });
    } finally {
      origin.close();
      other.close();
      blind.close();
    }
  });

  it('a user without the grant cannot announce rows of it', async () => {
    const listening = await openSocket(url('p-listen', admin));
    const sender = await openSocket(url('p-sender', outsider.token));
    try {
      send(sender.ws, 'update_vxe_table', { socketKey: 'base_unit', args: [{ id: unitId }, 'refused'] });
      // an update sent after it is the first to arrive: the refused one was never passed on
      await new Promise((r) => setTimeout(r, 200));
      send(listening.ws, 'update_vxe_table', { socketKey: 'base_unit', args: [{ id: unitId }, 'after'] });
      expect((await nextAbout(listening, 'base_unit')).data.args[1]).toBe('after');
    } finally {
      listening.close();
      sender.close();
    }
  });

  it('a deleted row is announced by id to the consoles of its tenant that may list it, no others', async () => {
    const role = await createRole(admin, docPerms('base_unit'));
    const tenant = (await post('/sys/tenant/add', { name: `租户${uniq()}`, status: '1' }, admin)).json.result;
    const reader = await createUser(admin, { roles: [role], extra: { relTenantIds: tenant } });
    const code = `D${uniq()}`.slice(0, 20);
    const doomed = (
      await post('/base/unit/add', { name: `删${code}`, code, unitType: '3', status: '1' }, admin)
    ).json.result as string;
    const allowed = await openSocket(url('p-del-reader', reader.token));
    const elsewhere = await openSocket(url('p-del-tenant', reader.token), { 'tenant-id': tenant });
    const blind = await openSocket(url('p-del-blind', outsider.token));
    try {
      expect((await del('/base/unit/delete', admin, { id: doomed })).json.success).toBe(true);
      expect(await nextAbout(allowed, 'base_unit')).toEqual({
        type: 'update_vxe_table',
        data: { socketKey: 'base_unit', key: 'delete', args: [{ ids: [doomed] }, ''] },
      });
      // the same user acting in another tenant, and a user without the list grant, hear nothing of it
      for (const s of [elsewhere, blind]) {
        send(s.ws, 'heart_beat');
        expect(await s.next()).toEqual({ type: 'heart_beat', data: true });
      }
    } finally {
      allowed.close();
      elsewhere.close();
      blind.close();
    }
  });

  it('a master save announces the sub-table rows it wrote, and those its delete took along', async () => {
    const s = await openSocket(url('p-details', admin));
    try {
      const loanNo = `JZ-API-${uniq()}`.slice(0, 30);
      const added = await post(
        '/museum/loan/addWithDetails',
        {
          loanNo,
          partner: '测试馆',
          loanType: 'in',
          startOn: '2026-12-01',
          details: { museum_loan_item: { rows: [{ id: 'Tmp001', exhibitId: 'exh-ding', pieces: 1 }] } },
        },
        admin,
      );
      expect(added.json.success).toBe(true);
      const loanId = added.json.result as string;
      const items = (await get('/museum/loan/queryDetails', admin, { id: loanId })).json.result
        .museum_loan_item;
      const saved = await nextAbout(s, 'museum_loan_item');
      expect(saved.data).toEqual({ socketKey: 'museum_loan_item', args: [{ id: items[0].id }, ''] });
      expect((await del('/museum/loan/delete', admin, { id: loanId })).json.success).toBe(true);
      const gone = await nextAbout(s, 'museum_loan_item');
      expect(gone.data).toEqual({
        socketKey: 'museum_loan_item',
        key: 'delete',
        args: [{ ids: [items[0].id] }, ''],
      });
    } finally {
      s.close();
    }
  });

  it("a plain GET answers this user's open connections", async () => {
    const u = await createUser(admin);
    const s = await openSocket(url('p-count', u.token));
    try {
      const { json } = await get('/vxeSocket/ignored/p-count', u.token);
      expect(json).toMatchObject({ success: true, result: { connections: 1 } });
    } finally {
      s.close();
    }
  });
});

describe("a session's sockets", () => {
  it('are 40 at most: the 41st is closed with 4029, other sessions are not affected', async () => {
    const u = await createUser(admin);
    // a notice socket counts too
    const held = [await openSocket(socketUrl(u.id, u.token))];
    try {
      while (held.length < 40) held.push(await openSocket(url(`p-cap-${held.length}`, u.token)));
      const extra = await openSocket(url('p-cap-extra', u.token));
      expect(await extra.closed()).toEqual({ code: 4029, reason: '连接过多' });
      const other = await openSocket(url('p-cap-other', await login(u.username, PASSWORD)));
      send(other.ws, 'heart_beat');
      expect(await other.next()).toEqual({ type: 'heart_beat', data: true });
      other.close();
      // a socket closed makes room for another
      held.pop()!.close();
      await expect
        .poll(async () => (await get('/vxeSocket/ignored/p-cap', u.token)).json.result.connections)
        .toBe(38);
      held.push(await openSocket(url('p-cap-again', u.token)));
      send(held[held.length - 1].ws, 'heart_beat');
      expect(await held[held.length - 1].next()).toEqual({ type: 'heart_beat', data: true });
    } finally {
      for (const s of held) s.close();
    }
  });

  /** a user's notice and live table sockets on a session of its own */
  const open = async (u: TestUser, token = u.token) => [
    await openSocket(socketUrl(u.id, token)),
    await openSocket(url(`p-end-${uniq()}`, token)),
  ];
  const ended = { code: 4001, reason: 'Token失效，请重新登录!' };

  it.each([
    ['logout', (u: TestUser) => post('/sys/logout', {}, u.token)],
    [
      'an admin resetting the password',
      (u: TestUser) =>
        put('/sys/user/changPassword', { username: u.username, password: 'Reset2026pass' }, admin),
    ],
    ['freezing the user', (u: TestUser) => put('/sys/user/frozenBatch', { ids: u.id, status: '2' }, admin)],
    ['deleting the user', (u: TestUser) => del('/sys/user/delete', admin, { id: u.id })],
  ])('close at once when the session ends: %s', async (_, end) => {
    const u = await createUser(admin);
    const sockets = await open(u);
    expect((await end(u)).json.success).toBe(true);
    for (const s of sockets) expect(await s.closed()).toEqual(ended);
  });

  it("close when the user changes its password in another session, the changing session's stay", async () => {
    const u = await createUser(admin);
    const other = await open(u, await login(u.username, PASSWORD));
    const mine = await open(u);
    const changed = await put(
      '/sys/user/updatePassword',
      {
        username: u.username,
        oldpassword: PASSWORD,
        password: 'Mine2026pass',
        confirmpassword: 'Mine2026pass',
      },
      u.token,
    );
    expect(changed.json.success).toBe(true);
    try {
      for (const s of other) expect(await s.closed()).toEqual(ended);
      send(mine[1].ws, 'heart_beat');
      expect(await mine[1].next()).toEqual({ type: 'heart_beat', data: true });
      mine[0].ws.send('HeartBeat');
      expect(await mine[0].next()).toMatchObject({ cmd: 'heartcheck' });
    } finally {
      for (const s of mine) s.close();
    }
  });
});

describe('the grants a live table socket passes rows on by', () => {
  it("are the user's of the moment: roles and grants changed after it opened count", async () => {
    const role = await createRole(admin, []);
    const u = await createUser(admin, { roles: [role] });
    const witness = await openSocket(url('p-grants-witness', admin));
    const before = await openSocket(url('p-grants-before', u.token));
    const announce = async (caseId: string) => {
      send(witness.ws, 'update_vxe_table', { socketKey: 'base_unit', args: [{ id: unitId }, caseId] });
      await hears(witness, caseId);
    };
    let after: Socket | undefined;
    try {
      // the role gains the list grant: the socket opened without it hears the rows from now on
      const grant = { roleId: role, permissionIds: docPerms('base_unit').join(','), lastpermissionIds: '' };
      expect((await post('/sys/permission/saveRolePermission', grant, admin)).json.success).toBe(true);
      await announce('granted');
      await hears(before, 'granted');
      // the user loses the role: a socket opened while it held the grant hears no more
      after = await openSocket(url('p-grants-after', u.token));
      expect((await put('/sys/user/edit', { id: u.id, selectedroles: '' }, admin)).json.success).toBe(true);
      await announce('role-taken');
      for (const s of [before, after]) expect(await caseIdsBeforeHeartbeat(s)).not.toContain('role-taken');
    } finally {
      witness.close();
      before.close();
      after?.close();
    }
  });
});
