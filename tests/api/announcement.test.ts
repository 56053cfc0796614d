import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, put, uniq } from './setup/client';
import { newUser } from './setup/users';
import { openSocket, socketUrl } from './setup/socket';

/**
 * Announcements (reference 2.11): drafts, release and revoke with their permission codes, live
 * delivery over /websocket only to the recipients, and each user's read state in the header calls.
 */

let admin = '';
let alice: { id: string; token: string };
let bob: { id: string; token: string };
beforeAll(async () => {
  admin = await adminToken();
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

async function draft(fields: object = {}) {
  const { json } = await post(
    '/sys/annountCement/add',
    { titile: `通告${uniq()}`, msgContent: '<p>闭馆维护</p>', msgCategory: '1', msgType: 'ALL', ...fields },
    admin,
  );
  expect(json, JSON.stringify(json)).toMatchObject({ success: true, message: '添加成功！' });
  return (await get('/sys/annountCement/queryById', admin, { id: json.result })).json.result;
}

const releaseIt = (id: string, token = admin) => get('/sys/annountCement/doReleaseData', token, { id });
const revokeIt = (id: string, token = admin) => get('/sys/annountCement/doReovkeData', token, { id });
const unreadIds = async (token: string) => {
  const r = (await get('/sys/annountCement/listByUser', token)).json.result;
  return [...r.anntMsgList, ...r.sysMsgList].map((a: any) => a.id);
};

describe('drafts, release and revoke', () => {
  it('a new announcement is a draft; edit answers 修改成功！ while it is one', async () => {
    const a = await draft();
    expect(a).toMatchObject({ sendStatus: '0', sendStatus_dictText: '未发布', msgType_dictText: '全体用户' });
    const edit = await put('/sys/annountCement/edit', { id: a.id, titile: '改过的标题' }, admin);
    expect(edit.json).toMatchObject({ success: true, message: '修改成功！' });
  });

  it('release: 该系统通知发布成功, sender and send time set; a released one can no longer be edited', async () => {
    const a = await draft();
    const res = await releaseIt(a.id);
    expect(res.json).toMatchObject({ success: true, code: 200, message: '该系统通知发布成功' });
    const after = (await get('/sys/annountCement/queryById', admin, { id: a.id })).json.result;
    expect(after).toMatchObject({ sendStatus: '1', sender: 'admin' });
    expect(after.sendTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await put('/sys/annountCement/edit', { id: a.id, titile: 'x' }, admin)).json).toMatchObject({
      success: false,
      message: '只能编辑未发布的通告',
    });
    expect((await releaseIt(a.id)).json.success).toBe(false);
  });

  it('revoke: 该系统通知撤销成功, and it leaves the recipients headers', async () => {
    const a = await draft();
    await releaseIt(a.id);
    expect(await unreadIds(alice.token)).toContain(a.id);
    const res = await revokeIt(a.id);
    expect(res.json).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect((await get('/sys/annountCement/queryById', admin, { id: a.id })).json.result).toMatchObject({
      sendStatus: '2',
      sendStatus_dictText: '已撤销',
    });
    expect(await unreadIds(alice.token)).not.toContain(a.id);
    expect((await revokeIt(a.id)).json).toMatchObject({
      success: false,
      message: '该系统通知未发布，不能撤销',
    });
  });

  it('unknown ids are 未找到对应实体', async () => {
    expect((await releaseIt('nope')).json).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await revokeIt('nope')).json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('listed recipients are required for USER announcements (the field’s when rule); the end may not precede the start', async () => {
    const noUsers = await post(
      '/sys/annountCement/add',
      { titile: 't', msgCategory: '1', msgType: 'USER' },
      admin,
    );
    // the document's rule on 指定用户 (required while 通告对象 is USER), a field error like any other
    expect(noUsers.json).toMatchObject({
      success: false,
      message: '请选择指定用户!',
      result: { errors: [{ field: 'userIds', message: '请选择指定用户!' }] },
    });
    // an edit that turns an ALL draft into USER without naming anyone is refused by the same rule
    const all = await draft();
    const turned = await put('/sys/annountCement/edit', { id: all.id, msgType: 'USER' }, admin);
    expect(turned.json).toMatchObject({ success: false, message: '请选择指定用户!' });
    expect((await get('/sys/annountCement/queryById', admin, { id: all.id })).json.result.msgType).toBe(
      'ALL',
    );
    // while 通告对象 is ALL the field is hidden: its rules do not apply
    const hidden = await put('/sys/annountCement/edit', { id: all.id, userIds: '' }, admin);
    expect(hidden.json.success, hidden.json.message).toBe(true);
    const times = await post(
      '/sys/annountCement/add',
      {
        titile: 't',
        msgCategory: '1',
        msgType: 'ALL',
        startTime: '2026-05-02 00:00:00',
        endTime: '2026-05-01 00:00:00',
      },
      admin,
    );
    expect(times.json).toMatchObject({ success: false, message: '结束时间不能早于开始时间' });
  });

  it('release and revoke need their own codes: 510 and nothing changes', async () => {
    const a = await draft();
    expect((await releaseIt(a.id, alice.token)).json).toMatchObject({ success: false, code: 510 });
    expect((await get('/sys/annountCement/queryById', admin, { id: a.id })).json.result.sendStatus).toBe('0');
    await releaseIt(a.id);
    expect((await revokeIt(a.id, alice.token)).json).toMatchObject({ success: false, code: 510 });
    expect((await get('/sys/annountCement/queryById', admin, { id: a.id })).json.result.sendStatus).toBe('1');
    expect((await get('/sys/annountCement/list', alice.token)).json.code).toBe(510);
  });

  it('deleting an announcement removes it from the headers', async () => {
    const a = await draft({ msgType: 'USER', userIds: alice.id });
    await releaseIt(a.id);
    expect(await unreadIds(alice.token)).toContain(a.id);
    expect((await del('/sys/annountCement/delete', admin, { id: a.id })).json.success).toBe(true);
    expect(await unreadIds(alice.token)).not.toContain(a.id);
  });
});

describe('read state (the header calls of every user)', () => {
  it('a USER announcement reaches only its recipients; marking it read takes it off the unread list', async () => {
    const a = await draft({ msgType: 'USER', userIds: `${alice.id},`, msgCategory: '2' });
    await releaseIt(a.id);
    const list = (await get('/sys/annountCement/listByUser', alice.token)).json.result;
    expect(list.sysMsgList.map((x: any) => x.id)).toContain(a.id);
    expect(list.sysMsgTotal).toBeGreaterThanOrEqual(1);
    expect(await unreadIds(bob.token)).not.toContain(a.id);
    const mine = await get('/sys/sysAnnouncementSend/getMyAnnouncementSend', alice.token, { readFlag: '0' });
    expect(mine.json.result.records.find((r: any) => r.anntId === a.id)).toMatchObject({ readFlag: '0' });

    const read = await put(
      '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      { anntId: a.id, userId: bob.id },
      alice.token,
    );
    expect(read.json.success).toBe(true);
    expect(await unreadIds(alice.token)).not.toContain(a.id);
    const readList = await get('/sys/sysAnnouncementSend/getMyAnnouncementSend', alice.token, {
      readFlag: '1',
    });
    const row = readList.json.result.records.find((r: any) => r.anntId === a.id);
    expect(row).toMatchObject({ readFlag: '1' });
    expect(row.readTime).toMatch(/^\d{4}-/);
    // bob may not mark (or see) a notice that is not his
    const notMine = await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: a.id }, bob.token);
    expect(notMine.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it("an ALL announcement is everyone's; readAll (全部已读) clears one user's list only", async () => {
    const a = await draft();
    const b = await draft({ msgCategory: '2' });
    await releaseIt(a.id);
    await releaseIt(b.id);
    expect(await unreadIds(bob.token)).toEqual(expect.arrayContaining([a.id, b.id]));
    const all = await put('/sys/sysAnnouncementSend/readAll', {}, bob.token);
    expect(all.json).toMatchObject({ success: true, message: '全部已读' });
    const after = (await get('/sys/annountCement/listByUser', bob.token)).json.result;
    expect(after).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0, anntMsgList: [], sysMsgList: [] });
    expect(await unreadIds(alice.token)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it("drafts are nobody's", async () => {
    const a = await draft();
    expect(await unreadIds(alice.token)).not.toContain(a.id);
    const mark = await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: a.id }, alice.token);
    expect(mark.json.success).toBe(false);
  });
});

describe('live delivery on /websocket/{userId}', () => {
  it('a release reaches the recipient and not the others; the path userId is ignored', async () => {
    const aliceSocket = await openSocket(socketUrl(alice.id, alice.token));
    // bob asks for alice's notices in the path: he gets his own only
    const bobSocket = await openSocket(socketUrl(alice.id, bob.token));
    try {
      const toAlice = await draft({ msgType: 'USER', userIds: alice.id, titile: `给爱丽丝${uniq()}` });
      await releaseIt(toAlice.id);
      expect((await aliceSocket.until(toAlice.id)).pop()).toEqual({
        cmd: 'user',
        msgId: toAlice.id,
        msgTxt: toAlice.titile,
      });
      const toAll = await draft({ titile: `全体${uniq()}` });
      await releaseIt(toAll.id);
      // bob gets the announcement for everyone, released after alice's: hers never reached him
      const bobGot = await bobSocket.until(toAll.id);
      expect(bobGot.pop()).toEqual({ cmd: 'topic', msgId: toAll.id, msgTxt: toAll.titile });
      expect(bobGot.map((m) => m.msgId)).not.toContain(toAlice.id);
      expect((await aliceSocket.until(toAll.id)).pop()).toEqual({
        cmd: 'topic',
        msgId: toAll.id,
        msgTxt: toAll.titile,
      });
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });

  it('answers a heartbeat with heartcheck', async () => {
    const s = await openSocket(socketUrl(alice.id, alice.token));
    try {
      s.ws.send('HeartBeat');
      expect(await s.next()).toMatchObject({ cmd: 'heartcheck' });
      s.ws.send(JSON.stringify({ cmd: 'heartcheck' }));
      expect(await s.next()).toMatchObject({ cmd: 'heartcheck' });
    } finally {
      s.close();
    }
  });

  it('refuses a socket without a valid session token (HTTP 401)', async () => {
    for (const url of [
      socketUrl(alice.id),
      socketUrl(alice.id, 'forged.token'),
      socketUrl(alice.id, `${alice.token}x`),
    ])
      await expect(openSocket(url)).rejects.toThrow('refused with HTTP 401');
  });

  it('closes the socket at the next heartbeat once the session has ended', async () => {
    const carol = await newUser();
    const s = await openSocket(socketUrl(carol.id, carol.token));
    const closed = new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code)));
    expect((await post('/sys/logout', {}, carol.token)).json.success).toBe(true);
    s.ws.send('HeartBeat');
    expect(await closed).toBe(4001);
    expect(s.ws.readyState).toBe(WebSocket.CLOSED);
  });

  it("a plain GET with the session answers this user's open connections", async () => {
    const s = await openSocket(socketUrl(bob.id, bob.token));
    try {
      const { json } = await get(`/websocket/${bob.id}`, bob.token);
      expect(json).toMatchObject({ success: true, result: { connections: 1 } });
    } finally {
      s.close();
    }
  });
});
