import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, del, get, lastSms, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms, routePerm } from './setup/access';
import { activity, at, from, mobile, signUp, visitor, visitors, type TestVisitor } from './setup/visitors';

/**
 * Museum activities and sign-ups: the public list, the sign-up race (a few hundred concurrent
 * requests for a handful of seats), the server's refusals, cancel, check-in by code and the staff's
 * edits, all against the real server and database.
 */

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

async function seats(activityId: string): Promise<{ taken: number; left: number }> {
  const r = await get('/museum/activity/queryById', admin, { id: activityId });
  expect(r.json.success).toBe(true);
  return { taken: Number(r.json.result.seatsTaken), left: Number(r.json.result.seatsLeft) };
}

async function signupRows(activityId: string): Promise<Record<string, any>[]> {
  const r = await get('/museum/signup/list', admin, { activityId, pageSize: 1000 });
  expect(r.json.success).toBe(true);
  return r.json.result.records;
}

/** the seats the sign-ups of an activity hold (已报名 and 已签到) */
const held = (rows: Record<string, any>[]) =>
  rows.filter((r) => r.state !== '2').reduce((n, r) => n + Number(r.partySize), 0);

describe('the public list', () => {
  it('shows published activities with the seats left, never drafts, to anyone', async () => {
    const published = await activity(admin, { capacity: 7 });
    const draft = await activity(admin, { status: '0' });
    const v = await visitor();
    expect((await signUp(v, published, 2)).json.message).toBe('报名成功');
    const all: any[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const r = await get('/visitor/activity/list', undefined, { pageNo, pageSize: 20 });
      expect(r.json.success).toBe(true);
      expect(r.json.result.size).toBe(20);
      all.push(...r.json.result.records);
      if (pageNo >= r.json.result.pages) break;
    }
    const row = all.find((a) => a.id === published);
    expect(row).toMatchObject({ capacity: 7, seatsLeft: 5, signupState: 'open', signupStateText: '报名中' });
    expect(all.some((a) => a.id === draft)).toBe(false);
    // nothing private: no seat counter internals, no description, no creator
    expect(Object.keys(row)).not.toContain('createBy');
    const detail = await get('/visitor/activity/detail', undefined, { id: draft });
    expect(detail.json).toMatchObject({ success: false, message: '活动不存在或未发布' });
  });

  it('caps the page size for anonymous callers', async () => {
    const r = await get('/visitor/activity/list', undefined, { pageSize: 5000 });
    expect(r.json.result.size).toBe(20);
  });
});

describe('the sign-up race', () => {
  it('N concurrent sign-ups for M < N seats: exactly M accepted, the rest 名额已满, no duplicates', async () => {
    const N = 240;
    const M = 25;
    const id = await activity(admin, { capacity: M, perPersonLimit: 1 });
    const crowd = await visitors(N);
    // every visitor at once, and the first ten twice more (a double tap on a phone)
    const shots: TestVisitor[] = [...crowd, ...crowd.slice(0, 10), ...crowd.slice(0, 10)];
    const answers = await Promise.all(shots.map((v) => signUp(v, id)));
    const accepted = answers.filter((a) => a.json.message === '报名成功');
    const full = answers.filter((a) => a.json.message === '名额已满');
    const repeated = answers.filter((a) => a.json.message === '您已报名该活动');
    expect(accepted.length).toBe(M);
    expect(accepted.length + full.length + repeated.length).toBe(shots.length);
    for (const a of full) expect(a.json).toMatchObject({ success: false, code: 500 });
    const rows = await signupRows(id);
    expect(rows.length).toBe(M);
    expect(new Set(rows.map((r) => r.visitorId)).size).toBe(M);
    expect(new Set(rows.map((r) => r.checkinCode)).size).toBe(M);
    expect(await seats(id)).toEqual({ taken: M, left: 0 });
    const detail = await get('/visitor/activity/detail', undefined, { id });
    expect(detail.json.result).toMatchObject({
      seatsLeft: 0,
      signupState: 'full',
      signupStateText: '名额已满',
    });
    console.log(
      `sign-up race: ${shots.length} concurrent requests from ${N} visitors for ${M} seats → ` +
        `${accepted.length} accepted, ${full.length} 名额已满, ${repeated.length} answered with the existing sign-up; ` +
        `${rows.length} rows, seats taken ${M}`,
    );
  }, 120_000);

  it('mixed party sizes never take more seats than there are', async () => {
    const id = await activity(admin, { capacity: 11, perPersonLimit: 3 });
    const crowd = await visitors(40);
    const answers = await Promise.all(crowd.map((v, i) => signUp(v, id, 1 + (i % 3))));
    const rows = await signupRows(id);
    const taken = held(rows);
    expect(taken).toBeLessThanOrEqual(11);
    // a party of 1 always fits while a seat is left, and parties of 1 come every third request
    expect(taken).toBeGreaterThanOrEqual(9);
    expect((await seats(id)).taken).toBe(taken);
    expect(answers.filter((a) => a.json.success).length).toBe(rows.length);
  });

  it('one visitor tapping 20 times at once gets one sign-up, the same one every time', async () => {
    const id = await activity(admin, { capacity: 10, perPersonLimit: 2 });
    const v = await visitor();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(v, id, 2)));
    expect(answers.every((a) => a.json.success)).toBe(true);
    expect(answers.filter((a) => a.json.message === '报名成功').length).toBe(1);
    expect(new Set(answers.map((a) => a.json.result.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.result.checkinCode)).size).toBe(1);
    expect(await seats(id)).toEqual({ taken: 2, left: 8 });
    expect((await signupRows(id)).length).toBe(1);
  });
});

describe('the server enforces deadline, status and limits', () => {
  let v: TestVisitor;
  beforeAll(async () => {
    v = await visitor();
  });

  it('refuses after the deadline, on drafts, on ended activities, over the per-person limit and when full', async () => {
    const closed = await activity(admin, { signupDeadline: at(-5) });
    expect((await signUp(v, closed)).json).toMatchObject({ success: false, message: '报名已截止' });
    const draft = await activity(admin, { status: '0' });
    expect((await signUp(v, draft)).json).toMatchObject({ success: false, message: '活动不存在或未发布' });
    const ended = await activity(admin, { status: '2' });
    expect((await signUp(v, ended)).json).toMatchObject({ success: false, message: '活动已结束' });
    const limited = await activity(admin, { perPersonLimit: 2 });
    expect((await signUp(v, limited, 3)).json).toMatchObject({ success: false, message: '每人最多可报2人' });
    const small = await activity(admin, { capacity: 2, perPersonLimit: 3 });
    expect((await signUp(v, small, 3)).json).toMatchObject({ success: false, message: '名额已满' });
    expect((await signUp(v, 'no-such-activity')).json).toMatchObject({
      success: false,
      message: '活动不存在或未发布',
    });
    for (const id of [closed, draft, ended, limited, small]) {
      expect((await seats(id)).taken).toBe(0);
      expect(await signupRows(id)).toEqual([]);
    }
  });

  it('checks the form: party size, name and the 5.3 mobile rule', async () => {
    const id = await activity(admin);
    const send = (body: Record<string, unknown>) =>
      call('POST', '/visitor/signup', {
        token: v.token,
        headers: from(v.ip),
        body: { activityId: id, ...body },
      });
    expect((await send({ partySize: 0, name: '张三', mobile: v.mobile })).json.message).toBe(
      '报名人数须为正整数',
    );
    expect((await send({ partySize: 1, name: ' ', mobile: v.mobile })).json.message).toBe('请输入联系人姓名');
    expect((await send({ partySize: 1, name: '张三' })).json.message).toBe('请输入手机号');
    expect((await send({ partySize: 1, name: '张三', mobile: '12345678901' })).json.message).toBe(
      '请输入正确手机号',
    );
    expect((await seats(id)).taken).toBe(0);
  });

  it('an activity closed while a visitor looks at it refuses at once', async () => {
    const id = await activity(admin);
    const edit = await put('/museum/activity/edit', { id, status: '2' }, admin);
    expect(edit.json.success).toBe(true);
    expect((await signUp(v, id)).json.message).toBe('活动已结束');
  });
});

describe('cancel', () => {
  it('frees the seats at once; a cancelled sign-up can be taken up again; only by its owner', async () => {
    const id = await activity(admin, { capacity: 2, perPersonLimit: 2 });
    const [a, b] = await visitors(2);
    const mine = await signUp(a, id, 2);
    expect(mine.json.message).toBe('报名成功');
    expect((await signUp(b, id)).json.message).toBe('名额已满');
    const stranger = await call('POST', '/visitor/signup/cancel', {
      token: b.token,
      headers: from(b.ip),
      body: { id: mine.json.result.id },
    });
    expect(stranger.json).toMatchObject({ success: false, message: '报名记录不存在' });
    const cancel = () =>
      call('POST', '/visitor/signup/cancel', {
        token: a.token,
        headers: from(a.ip),
        body: { id: mine.json.result.id },
      });
    expect((await cancel()).json).toMatchObject({ success: true, message: '已取消报名' });
    expect(await seats(id)).toEqual({ taken: 0, left: 2 });
    expect((await cancel()).json).toMatchObject({ success: false, message: '报名已取消' });
    expect((await signUp(b, id)).json.message).toBe('报名成功');
    const again = await signUp(a, id, 1);
    expect(again.json).toMatchObject({ success: true, message: '报名成功' });
    expect(again.json.result).toMatchObject({ id: mine.json.result.id, state: '1', partySize: 1 });
    expect(await seats(id)).toEqual({ taken: 2, left: 0 });
    const list = await get('/visitor/signup/mine', a.token);
    expect(list.json.result.find((r: any) => r.id === mine.json.result.id)).toMatchObject({ state: '1' });
  });
});

describe('visitors are not staff', () => {
  it('a visitor token is refused on console routes, a staff token on visitor routes', async () => {
    const v = await visitor();
    for (const path of [
      '/sys/permission/getUserPermissionByToken',
      '/museum/signup/list',
      '/museum/activity/list',
      '/sys/user/list',
      '/sys/annountCement/listByUser',
    ]) {
      const r = await get(path, v.token);
      expect(r.status, path).toBe(401);
      expect(r.json.message).toBe('Token失效，请重新登录!');
    }
    const staffOnVisitor = await get('/visitor/me', admin);
    expect(staffOnVisitor.status).toBe(401);
    const anonymous = await post('/visitor/signup', { activityId: 'x' });
    expect(anonymous.status).toBe(401);
    expect((await get('/visitor/me', v.token)).json.result.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const out = await post('/visitor/logout', {}, v.token);
    expect(out.json.success).toBe(true);
    expect((await get('/visitor/me', v.token)).status).toBe(401);
  });
});

describe('check-in by code and the staff side', () => {
  it('checks a visitor in once; a cancelled or unknown code is refused; a checked-in sign-up cannot be cancelled', async () => {
    const id = await activity(admin);
    const [a, b] = await visitors(2);
    const sa = (await signUp(a, id)).json.result;
    const sb = (await signUp(b, id)).json.result;
    expect(sa.checkinCode).toMatch(/^[A-Z2-9]{8}$/);
    const checkin = (code: string) => post('/museum/signup/checkin', { checkinCode: code }, admin);
    const ok = await checkin(sa.checkinCode.toLowerCase());
    expect(ok.json).toMatchObject({ success: true, message: '签到成功：张三（1人）' });
    expect((await checkin(sa.checkinCode)).json.message).toMatch(/^已于 .+ 签到，请勿重复签到$/);
    expect((await checkin('ZZZZZZZZ')).json).toMatchObject({ success: false, message: '签到码无效' });
    await call('POST', '/visitor/signup/cancel', {
      token: b.token,
      headers: from(b.ip),
      body: { id: sb.id },
    });
    expect((await checkin(sb.checkinCode)).json.message).toBe('该报名已取消，不能签到');
    const late = await call('POST', '/visitor/signup/cancel', {
      token: a.token,
      headers: from(a.ip),
      body: { id: sa.id },
    });
    expect(late.json.message).toBe('已签到，不能取消报名');
    const rows = await signupRows(id);
    expect(rows.find((r) => r.id === sa.id)).toMatchObject({ state: '3', state_dictText: '已签到' });
    expect(rows.find((r) => r.id === sa.id)!.checkinTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('staff walk-ins, state changes and deletes move the seat count; full is 名额已满', async () => {
    const id = await activity(admin, { capacity: 3, perPersonLimit: 3 });
    const add = (partySize: number) =>
      post(
        '/museum/signup/add',
        { activityId: id, name: '现场登记', mobile: '13900000000', partySize, state: '1' },
        admin,
      );
    const first = await add(2);
    expect(first.json.success).toBe(true);
    expect(await seats(id)).toEqual({ taken: 2, left: 1 });
    expect((await add(2)).json).toMatchObject({ success: false, message: '名额已满' });
    expect((await seats(id)).taken).toBe(2);
    const cancel = await put('/museum/signup/edit', { id: first.json.result, state: '2' }, admin);
    expect(cancel.json.success).toBe(true);
    expect((await seats(id)).taken).toBe(0);
    const back = await put('/museum/signup/edit', { id: first.json.result, state: '1', partySize: 3 }, admin);
    expect(back.json.success).toBe(true);
    expect((await seats(id)).taken).toBe(3);
    const moved = await put(
      '/museum/signup/edit',
      { id: first.json.result, activityId: await activity(admin) },
      admin,
    );
    expect(moved.json.message).toBe('不能修改报名所属的活动');
    const shrink = await put('/museum/activity/edit', { id, capacity: 2 }, admin);
    expect(shrink.json).toMatchObject({ success: false, message: '名额不能少于已报名人数（3）' });
    const removeActivity = await del('/museum/activity/delete', admin, { id });
    expect(removeActivity.json.message).toBe('活动已有报名记录，不能删除');
    const remove = await del('/museum/signup/delete', admin, { id: first.json.result });
    expect(remove.json.success).toBe(true);
    expect(await seats(id)).toEqual({ taken: 0, left: 3 });
  });

  it('keeps activity times consistent', async () => {
    const bad = await post(
      '/museum/activity/add',
      {
        title: '时间颠倒',
        place: '大厅',
        startTime: at(100),
        endTime: at(50),
        signupDeadline: at(10),
        capacity: 5,
        perPersonLimit: 1,
        status: '0',
      },
      admin,
    );
    expect(bad.json.message).toBe('结束时间须晚于开始时间');
    const late = await post(
      '/museum/activity/add',
      {
        title: '截止太晚',
        place: '大厅',
        startTime: at(100),
        endTime: at(200),
        signupDeadline: at(300),
        capacity: 5,
        perPersonLimit: 1,
        status: '0',
      },
      admin,
    );
    expect(late.json.message).toBe('报名截止时间不能晚于结束时间');
  });
});

describe('rich text', () => {
  it('the description is cleaned on write; the phone gets only the clean HTML', async () => {
    const id = await activity(admin, {
      description:
        '<p onclick="steal()">欢迎<script>alert(1)</script><a href="javascript:alert(1)">链接</a>' +
        '<img src="https://img.example/a.png" onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
        '<a href="https://museum.example" target="_blank">官网</a></p>',
    });
    const stored = await get('/museum/activity/queryById', admin, { id });
    const html = stored.json.result.description as string;
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe'])
      expect(html, bad).not.toContain(bad);
    expect(html).toContain('<img src="https://img.example/a.png" />');
    expect(html).toContain('rel="noopener noreferrer"');
    const detail = await get('/visitor/activity/detail', undefined, { id });
    expect(detail.json.result.description).toBe(html);
  });
});

describe('anonymous calls are rate-limited', () => {
  // SMS codes per address and overall: tests/api/attempt-limits.test.ts, on servers of its own
  it('SMS codes per number, sign-in tries per code', async () => {
    const ip = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const sms = (m: string) => call('POST', '/visitor/sms', { body: { mobile: m }, headers: from(ip) });
    const numbers = [mobile(), mobile()];
    for (const m of numbers) expect((await sms(m)).json.success).toBe(true);
    // the same number from another address: one live code at a time
    const other = { 'X-Forwarded-For': `203.0.113.${(Number(ip.split('.')[3]) % 250) + 2}` };
    const again = await call('POST', '/visitor/sms', { body: { mobile: numbers[0] }, headers: other });
    expect(again.json.message).toBe('验证码10分钟内，仍然有效！');
    const login = (captcha: string) =>
      call('POST', '/visitor/login', { body: { mobile: numbers[1], captcha }, headers: other });
    const right = (await lastSms(numbers[1]))!.code;
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await login(wrong)).json.message).toBe('手机验证码错误');
    // the right code no longer helps: the code is spent
    expect((await login(right)).json.message).toBe('验证码错误次数过多，请重新获取');
  });

  it('the 5.3 messages of the SMS sign-in', async () => {
    const headers = from(`203.0.113.${1 + Math.floor(Math.random() * 250)}`);
    expect((await call('POST', '/visitor/sms', { body: {}, headers })).json.message).toBe('请输入手机号');
    expect((await call('POST', '/visitor/sms', { body: { mobile: '1234' }, headers })).json.message).toBe(
      '请输入正确手机号',
    );
    const noCode = await call('POST', '/visitor/login', { body: { mobile: '13800138000' }, headers });
    expect(noCode.json.message).toBe('请输入验证码');
  });

  it('public reads per address: a scraper is stopped, a person browsing is not', async () => {
    const headers = from(`192.0.2.${1 + Math.floor(Math.random() * 250)}`);
    const answers = [];
    for (let i = 0; i < 301; i++)
      answers.push((await call('GET', '/visitor/activity/list', { headers })).json);
    expect(answers.slice(0, 300).every((a) => a.success)).toBe(true);
    expect(answers[300]).toMatchObject({ success: false, code: 429 });
    const elsewhere = await call('GET', '/visitor/activity/list', { headers: from('192.0.2.254') });
    expect(elsewhere.json.success).toBe(true);
  });
});

describe('data rules reach the staff side', () => {
  it('a desk limited to one activity lists and checks in only that activity’s sign-ups', async () => {
    const mine = await activity(admin);
    const other = await activity(admin);
    const [a, b] = await visitors(2);
    const sa = (await signUp(a, mine)).json.result;
    const sb = (await signUp(b, other)).json.result;
    const rule = await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: 'doc_museum_signup',
        ruleName: `本场活动${uniq()}`,
        ruleColumn: 'activityId',
        ruleConditions: '=',
        ruleValue: mine,
      },
      admin,
    );
    expect(rule.json.success, rule.json.message).toBe(true);
    const role = await createRole(admin, [...docPerms('museum_signup'), routePerm('museum:signup:checkin')]);
    const saved = await post(
      '/sys/role/datarule',
      { permissionId: 'doc_museum_signup', roleId: role, dataRuleIds: rule.json.result },
      admin,
    );
    expect(saved.json.success).toBe(true);
    const desk = await createUser(admin, { roles: [role] });
    const list = await get('/museum/signup/list', desk.token, { pageSize: 100 });
    expect(list.json.result.records.map((r: any) => r.activityId)).toEqual([mine]);
    const checkin = (code: string) => post('/museum/signup/checkin', { checkinCode: code }, desk.token);
    expect((await checkin(sb.checkinCode)).json.message).toBe('签到码无效');
    expect((await checkin(sa.checkinCode)).json.success).toBe(true);
    // and without the 签到 button's code, no check-in at all
    const plain = await createUser(admin, { roles: [await createRole(admin, docPerms('museum_signup'))] });
    expect(
      (await post('/museum/signup/checkin', { checkinCode: sb.checkinCode }, plain.token)).json.code,
    ).toBe(510);
  });
});
