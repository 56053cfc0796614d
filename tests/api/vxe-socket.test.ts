import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, apiUrl, get, post, uniq } from './setup/client';
import { createUser, type TestUser } from './setup/access';
import { openSocket } from './setup/socket';

/**
 * The editable table's live socket (/vxeSocket/{userId}/{pageId}): a session token is needed, a
 * heartbeat is answered while the session lives, and a row one console saved reaches the other
 * consoles that may list its document (by id only; each reads the row with its own session),
 * never a console without the grant, and never for a row the sender cannot see.
 */

const url = (pageId: string, token?: string) => {
  const u = new URL(`${apiUrl().replace(/^http/, 'ws')}/vxeSocket/ignored/${pageId}`);
  if (token) u.searchParams.set('token', token);
  return u.toString();
};
const send = (ws: WebSocket, type: string, data: unknown = '') => ws.send(JSON.stringify({ type, data }));

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
      expect(await other.next()).toEqual(expected);
      // the sender's own socket hears it too: its table skips its own caseId
      expect(await origin.next()).toEqual(expected);
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
      expect((await listening.next()).data.args[1]).toBe('after');
    } finally {
      listening.close();
      sender.close();
    }
  });

  it('closes at the next heartbeat once the session has ended', async () => {
    const u = await createUser(admin);
    const s = await openSocket(url('p-end', u.token));
    const closed = new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code)));
    expect((await post('/sys/logout', {}, u.token)).json.success).toBe(true);
    send(s.ws, 'heart_beat');
    expect(await closed).toBe(4001);
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
