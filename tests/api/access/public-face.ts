import fs from 'node:fs';
import { inject } from 'vitest';
import { apiUrl, fetchRaw, lastSms, post, uniq } from '../setup/client';
import { createUser } from '../setup/access';
import { oauthRound } from '../setup/oauth';
import { activity, mobile, signUp, visitor } from '../setup/visitors';
import type { Samples } from './types';
import { ok } from './access';

/**
 * Samples for the public face (issue 12): the visitors' sign-in and sign-up, the public reads of
 * /shouye and the phone area, check-in, and the staff's third-party and CAS sign-in. Visitor routes
 * carry a visitor's token (the admin pass uses it); sign-ins run the real flows against the
 * identity fixtures.
 */

const PNG = fs.readFileSync('fixtures/files/avatar.png');

async function withCover(t: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'cover.png');
  const path = (await (await fetchRaw('/sys/common/upload', t, { method: 'POST', body: form })).json())
    .message;
  return activity(t, { coverImage: path });
}

/** a visitor signed up for a fresh activity: its token and sign-up */
async function signedUp(t: string) {
  const v = await visitor();
  const s = await ok(signUp(v, await activity(t)));
  return { v, signup: s as { id: string; checkinCode: string } };
}

/** a staff user bound to a fresh identity of the OAuth2 fixture, and that identity */
async function boundIdentity(t: string, thirdType: string): Promise<string> {
  const who = `${thirdType}-${uniq()}`;
  const u = await createUser(t);
  await ok(post('/sys/thirdAccount/add', { userId: u.id, thirdType, thirdUserUuid: who }, t));
  return who;
}

export const samples: Samples = {
  // the public reads
  'GET /public/platform': () => ({}),
  'GET /public/announcements': () => ({}),
  'GET /visitor/activity/list': () => ({ query: { pageNo: '1', pageSize: '5' } }),
  'GET /visitor/activity/detail': async (t) => ({ query: { id: await activity(t) } }),
  'GET /visitor/activity/image': async (t) => ({ query: { id: await withCover(t), n: '0' }, expect: 'file' }),

  // visitors
  'POST /visitor/sms': () => ({ body: { mobile: mobile() } }),
  'POST /visitor/login': async () => {
    const m = mobile();
    await ok(post('/visitor/sms', { mobile: m }));
    return { body: { mobile: m, captcha: (await lastSms(m))!.code } };
  },
  'GET /visitor/oauth/authorize': () => ({ expect: 'redirect' }),
  'GET /visitor/oauth/callback': () => ({ query: { code: 'x', state: 'y' }, expect: 'redirect' }),
  'POST /visitor/oauth/token': async () => {
    const back = await oauthRound('/visitor/oauth/authorize', `wx-${uniq()}`);
    return { body: { ticket: back.searchParams.get('ticket') } };
  },
  'GET /visitor/me': async () => ({ token: (await visitor()).token }),
  'POST /visitor/logout': async () => ({ token: (await visitor()).token }),
  'POST /visitor/signup': async (t) => {
    const v = await visitor();
    return {
      token: v.token,
      body: { activityId: await activity(t), partySize: 1, name: '张三', mobile: v.mobile },
    };
  },
  'POST /visitor/signup/cancel': async (t) => {
    const { v, signup } = await signedUp(t);
    return { token: v.token, body: { id: signup.id } };
  },
  'GET /visitor/signup/mine': async () => ({ token: (await visitor()).token }),

  // staff
  'POST /museum/signup/checkin': async (t) => ({
    body: { checkinCode: (await signedUp(t)).signup.checkinCode },
  }),
  'GET /museum/visitor/queryById': async () => ({ query: { id: (await visitor()).id } }),

  // third-party sign-in for staff
  'GET /sys/thirdLogin/providers': () => ({}),
  'GET /sys/thirdLogin/render/:source': () => ({ params: { source: 'github' }, expect: 'redirect' }),
  'GET /sys/thirdLogin/:source/callback': () => ({
    params: { source: 'github' },
    query: { code: 'x', state: 'y' },
    expect: 'redirect',
  }),
  'GET /sys/thirdLogin/getLoginUser/:token/:thirdType': async (t) => {
    const back = await oauthRound('/sys/thirdLogin/render/github', await boundIdentity(t, 'github'));
    return { params: { token: back.searchParams.get('thirdLoginToken')!, thirdType: 'github' } };
  },
  'POST /sys/thirdLogin/bind': async () => {
    const back = await oauthRound('/sys/thirdLogin/render/github', `unbound-${uniq()}`);
    return { body: { ticket: back.searchParams.get('thirdBind') } };
  },
  'GET /sys/cas/client/validateLogin': async (t) => {
    const service = `${new URL(apiUrl()).origin}/user/login`;
    const user = await boundIdentity(t, 'cas');
    const res = await fetch(`${inject('casUrl')}/tickets`, {
      method: 'POST',
      body: JSON.stringify({ user, service }),
    });
    return { query: { ticket: ((await res.json()) as { ticket: string }).ticket } };
  },
};
