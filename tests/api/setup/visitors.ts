import { call, lastSms, post, uniq } from './client';

/**
 * Visitors of the phone area, signed in through the real SMS flow (code from the local receiver).
 * The test server trusts X-Forwarded-For (TRUST_PROXY=1, as behind a proxy), so each visitor can
 * come from an address of its own: the per-address limits then count it alone.
 */

let seq = 0;
const run = Math.floor(Math.random() * 200);

/** a distinct client address (documentation range; it only travels in a header) */
export function address(): string {
  seq++;
  return `198.51.${(run + Math.floor(seq / 250)) % 256}.${(seq % 250) + 1}`;
}

export const from = (ip: string) => ({ 'X-Forwarded-For': ip });

/** a fresh mobile number: '13' + 9 random digits */
export function mobile(): string {
  return `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export interface TestVisitor {
  token: string;
  mobile: string;
  ip: string;
  id: string;
}

export async function visitor(): Promise<TestVisitor> {
  const m = mobile();
  const ip = address();
  const sent = await call('POST', '/visitor/sms', { body: { mobile: m }, headers: from(ip) });
  if (!sent.json.success) throw new Error(`visitor sms: ${sent.json.message}`);
  const captcha = (await lastSms(m))!.code;
  const res = await call('POST', '/visitor/login', { body: { mobile: m, captcha }, headers: from(ip) });
  if (!res.json.success) throw new Error(`visitor login: ${res.json.message}`);
  return { token: res.json.result.token, mobile: m, ip, id: res.json.result.visitor.id };
}

/** n visitors, signed in a few at a time */
export async function visitors(n: number, parallel = 16): Promise<TestVisitor[]> {
  const out: TestVisitor[] = [];
  for (let i = 0; i < n; i += parallel)
    out.push(...(await Promise.all(Array.from({ length: Math.min(parallel, n - i) }, () => visitor()))));
  return out;
}

/** 'yyyy-MM-dd HH:mm:ss' in the server's zone (GMT+8), offset by minutes from now */
export function at(minutes: number): string {
  return new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** an activity the admin adds through the API (published, sign-up open for a day unless told otherwise) */
export async function activity(admin: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await post(
    '/museum/activity/add',
    {
      title: `测试活动${uniq()}`,
      place: '一号展厅',
      startTime: at(2 * 24 * 60),
      endTime: at(2 * 24 * 60 + 120),
      signupDeadline: at(24 * 60),
      capacity: 10,
      perPersonLimit: 2,
      status: '1',
      ...fields,
    },
    admin,
  );
  if (!res.json.success) throw new Error(`activity add: ${res.json.message}`);
  return res.json.result as string;
}

/** a visitor's sign-up call */
export const signUp = (v: TestVisitor, activityId: string, partySize = 1) =>
  call('POST', '/visitor/signup', {
    token: v.token,
    body: { activityId, partySize, name: '张三', mobile: v.mobile },
    headers: from(v.ip),
  });
