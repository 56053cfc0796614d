import { describe, expect, it } from 'vitest';
import { get, lastSms, login, post, uniq } from './setup/client';

/**
 * Phone flows against the real local SMS receiver (SMS_WEBHOOK_URL): sending codes, self-registration,
 * phone login, attempt limits, rate limit and password recovery. Every test uses its own numbers.
 */

const SENT = '验证码已发送，10分钟内有效';
const STILL_VALID = '验证码10分钟内，仍然有效！';

/** a fresh mobile number: '13' + 9 random digits */
function mobile(): string {
  let digits = '';
  for (let i = 0; i < 9; i++) digits += Math.floor(Math.random() * 10);
  const m = `13${digits}`;
  expect(m).toMatch(/^1[3-9]\d{9}$/);
  return m;
}

/** a unique valid username (letters, digits, underscore; 4–18 characters) */
const username = () => `u_${uniq()}`.slice(0, 18);

/** any 6-digit code other than the right one */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function sendSms(m: string, smsmode: string) {
  return post('/sys/sms', { mobile: m, smsmode });
}

/** sends a code and returns it as the receiver got it; the HTTP answer must not carry it */
async function codeFor(m: string, smsmode: string): Promise<string> {
  const before = (await lastSms(m))?.count ?? 0;
  const res = await sendSms(m, smsmode);
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, code: 200, message: SENT });
  const sms = await lastSms(m);
  expect(sms).not.toBeNull();
  expect(sms!.count).toBe(before + 1);
  expect(sms!.mode).toBe(smsmode);
  expect(sms!.code).toMatch(/^\d{6}$/);
  expect(JSON.stringify(res.json)).not.toContain(sms!.code);
  return sms!.code;
}

/** registers a new account on a new number through the SMS flow */
async function registerUser(password = `Pw${uniq()}9`) {
  const phone = mobile();
  const name = username();
  const smscode = await codeFor(phone, '1');
  const res = await post('/sys/user/register', { username: name, password, phone, smscode });
  expect(res.json).toMatchObject({ success: true, code: 200, message: '注册成功' });
  expect(JSON.stringify(res.json)).not.toContain(smscode);
  return { phone, username: name, password };
}

describe('POST /sys/sms', () => {
  it('sends a register code (mode 1) to a new number; the code is only in the SMS', async () => {
    const m = mobile();
    expect(await lastSms(m)).toBeNull();
    const res = await sendSms(m, '1');
    expect(res.json).toMatchObject({ success: true, code: 200, message: SENT, result: SENT });
    const sms = await lastSms(m);
    expect(sms).toMatchObject({ mode: '1', count: 1 });
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res.json)).not.toContain(sms!.code);
  });

  it('sends login (mode 0) and recovery (mode 2) codes to a registered number', async () => {
    const u = await registerUser();
    const login0 = await codeFor(u.phone, '0');
    const forgot2 = await codeFor(u.phone, '2');
    expect(await lastSms(u.phone)).toMatchObject({ mode: '2', code: forgot2, count: 3 });
    expect(login0).toMatch(/^\d{6}$/);
  });

  it('refuses a register code for an already registered phone', async () => {
    const u = await registerUser();
    const before = (await lastSms(u.phone))!.count;
    const res = await sendSms(u.phone, '1');
    expect(res.json).toMatchObject({ success: false, code: 500, message: ' 手机号已经注册，请直接登录！' });
    expect((await lastSms(u.phone))!.count).toBe(before);
  });

  it('does not send a second code while one is still valid', async () => {
    const m = mobile();
    const first = await codeFor(m, '1');
    const again = await sendSms(m, '1');
    expect(again.json).toMatchObject({ success: false, message: STILL_VALID });
    expect(JSON.stringify(again.json)).not.toContain(first);
    expect(await lastSms(m)).toMatchObject({ code: first, count: 1 });
  });

  it('answers mode 0 and mode 2 for an unknown number like for a known one, and sends nothing', async () => {
    const m = mobile();
    for (const mode of ['0', '2']) {
      const res = await sendSms(m, mode);
      expect(res.json).toMatchObject({ success: true, code: 200, message: SENT });
    }
    expect(await lastSms(m)).toBeNull();
  });

  it('refuses malformed numbers and modes', async () => {
    for (const bad of ['12345', '1234567890a', '23800000000', `13${'9'.repeat(10)}`]) {
      const res = await sendSms(bad, '1');
      expect(res.json).toMatchObject({ success: false, message: '请输入正确手机号' });
    }
    const res = await sendSms(mobile(), '7');
    expect(res.json.success).toBe(false);
  });

  it('sends at most 5 codes per number per hour', async () => {
    const u = await registerUser(); // send 1 (register)
    for (let i = 0; i < 4; i++) {
      // sends 2..5, each used up by a phone login so the next one may be sent
      const captcha = await codeFor(u.phone, '0');
      const res = await post('/sys/phoneLogin', { mobile: u.phone, captcha });
      expect(res.json).toMatchObject({ success: true, message: '登录成功' });
    }
    const count = (await lastSms(u.phone))!.count;
    expect(count).toBe(5);
    for (const mode of ['0', '2']) {
      const sixth = await sendSms(u.phone, mode);
      expect(sixth.json).toMatchObject({ success: false, code: 500 });
      expect(sixth.json.message).toMatch(/频繁/);
    }
    expect((await lastSms(u.phone))!.count).toBe(5);
  });
});

describe('self-registration POST /sys/user/register', () => {
  it('creates an account with no roles: the menu holds only the home entry and auth is empty', async () => {
    const u = await registerUser();
    const { json } = await post('/sys/login', { username: u.username, password: u.password });
    expect(json).toMatchObject({ success: true, message: '登录成功' });
    expect(json.result.userInfo).toMatchObject({ username: u.username, phone: u.phone });
    expect(json.result.userRole).toEqual([]);
    expect(JSON.stringify(json)).not.toContain('scrypt');
    const perms = await get('/sys/permission/getUserPermissionByToken', json.result.token);
    expect(perms.json.success).toBe(true);
    const { menu, auth } = perms.json.result;
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ path: '/dashboard/analysis', meta: { title: '首页' } });
    expect(auth).toEqual([]);
    // and no data: a list behind a permission is refused
    const list = await get('/base/unit/list', json.result.token);
    expect(list.json).toMatchObject({ success: false, code: 510 });
  });

  it('uses the code once: a second registration with the same code fails', async () => {
    const phone = mobile();
    const smscode = await codeFor(phone, '1');
    const password = `Pw${uniq()}9`;
    const first = await post('/sys/user/register', { username: username(), password, phone, smscode });
    expect(first.json.success).toBe(true);
    const second = await post('/sys/user/register', { username: username(), password, phone, smscode });
    expect(second.json.success).toBe(false);
  });

  it('refuses a wrong code and keeps the account uncreated', async () => {
    const phone = mobile();
    const smscode = await codeFor(phone, '1');
    const name = username();
    const password = `Pw${uniq()}9`;
    const bad = await post('/sys/user/register', {
      username: name,
      password,
      phone,
      smscode: wrongCode(smscode),
    });
    expect(bad.json).toMatchObject({ success: false, message: '手机验证码错误' });
    const { json } = await post('/sys/login', { username: name, password });
    expect(json.success).toBe(false);
  });

  it('allows only letters, digits and underscore in usernames', async () => {
    const phone = mobile();
    const smscode = await codeFor(phone, '1');
    const password = `Pw${uniq()}9`;
    for (const name of ['bad-name', 'bad name', "o'neil", '名字abc', 'a.b.c.d', 'x;drop']) {
      const res = await post('/sys/user/register', { username: name, password, phone, smscode });
      expect(res.json).toMatchObject({ success: false, message: '只允许字母、数字、下划线' });
    }
    // the refusals did not use the code up
    const good = await post('/sys/user/register', { username: username(), password, phone, smscode });
    expect(good.json.success).toBe(true);
  });

  it('refuses weak passwords', async () => {
    const phone = mobile();
    const smscode = await codeFor(phone, '1');
    for (const password of ['123456', 'abcdefgh', '12345678', 'Ab1', 'abcdef1']) {
      const res = await post('/sys/user/register', { username: username(), password, phone, smscode });
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(/密码/);
    }
  });

  it('refuses a username that is taken', async () => {
    const u = await registerUser();
    const phone = mobile();
    const smscode = await codeFor(phone, '1');
    const res = await post('/sys/user/register', {
      username: u.username,
      password: `Pw${uniq()}9`,
      phone,
      smscode,
    });
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(/已注册/);
    // the original account still has its password
    expect(await login(u.username, u.password)).toEqual(expect.any(String));
  });
});

describe('phone login POST /sys/phoneLogin', () => {
  it('logs in once with a code; the same code fails the second time', async () => {
    const u = await registerUser();
    const captcha = await codeFor(u.phone, '0');
    const first = await post('/sys/phoneLogin', { mobile: u.phone, captcha });
    expect(first.json).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(first.json.result.userInfo).toMatchObject({ username: u.username });
    expect(typeof first.json.result.token).toBe('string');
    const perms = await get('/sys/permission/getUserPermissionByToken', first.json.result.token);
    expect(perms.status).toBe(200);
    const second = await post('/sys/phoneLogin', { mobile: u.phone, captcha });
    expect(second.json.success).toBe(false);
    expect(second.json.code).not.toBe(200);
    expect(second.json.result?.token).toBeUndefined();
  });

  it('a wrong code is refused with success:false (not only code != 200)', async () => {
    const u = await registerUser();
    const captcha = await codeFor(u.phone, '0');
    const res = await post('/sys/phoneLogin', { mobile: u.phone, captcha: wrongCode(captcha) });
    expect(res.json).toMatchObject({ success: false, code: 500, message: '手机验证码错误' });
  });

  it('a register or recovery code is not a login code', async () => {
    const u = await registerUser();
    const forgot = await codeFor(u.phone, '2');
    const res = await post('/sys/phoneLogin', { mobile: u.phone, captcha: forgot });
    expect(res.json.success).toBe(false);
  });

  it('5 wrong guesses use a code up: the 6th try fails even with the right code', async () => {
    const u = await registerUser();
    const captcha = await codeFor(u.phone, '0');
    for (let i = 0; i < 5; i++) {
      const res = await post('/sys/phoneLogin', { mobile: u.phone, captcha: wrongCode(captcha) });
      expect(res.json).toMatchObject({ success: false, message: '手机验证码错误' });
    }
    const sixth = await post('/sys/phoneLogin', { mobile: u.phone, captcha });
    expect(sixth.json).toMatchObject({ success: false, message: '验证码错误次数过多，请重新获取' });
    // a new code can then be requested and works
    const fresh = await codeFor(u.phone, '0');
    const ok = await post('/sys/phoneLogin', { mobile: u.phone, captcha: fresh });
    expect(ok.json.success).toBe(true);
  });

  it('a number without an account cannot log in', async () => {
    const m = mobile();
    const res = await post('/sys/phoneLogin', { mobile: m, captcha: '123456' });
    expect(res.json.success).toBe(false);
    expect(res.json.result?.token).toBeUndefined();
  });
});

describe('password recovery by phone', () => {
  it('smsmode 2 → phoneVerification → passwordChange: old password refused, new works, old sessions end', async () => {
    const u = await registerUser();
    const oldSession = await login(u.username, u.password);
    expect((await get('/sys/permission/getUserPermissionByToken', oldSession)).status).toBe(200);

    const smscode = await codeFor(u.phone, '2');
    const wrong = await post('/sys/user/phoneVerification', { phone: u.phone, smscode: wrongCode(smscode) });
    expect(wrong.json).toMatchObject({ success: false, message: '手机验证码错误' });
    const verified = await post('/sys/user/phoneVerification', { phone: u.phone, smscode });
    expect(verified.json).toMatchObject({ success: true, code: 200 });
    expect(verified.json.result.username).toBe(u.username);

    const newPassword = `Nw${uniq()}7`;
    const weak = await post('/sys/user/passwordChange', {
      username: u.username,
      password: '123',
      smscode,
      phone: u.phone,
    });
    expect(weak.json.success).toBe(false);
    const changed = await post('/sys/user/passwordChange', {
      username: u.username,
      password: newPassword,
      smscode,
      phone: u.phone,
    });
    expect(changed.json).toMatchObject({ success: true, code: 200, message: '密码修改完成！' });

    const old = await post('/sys/login', { username: u.username, password: u.password });
    expect(old.json).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(await login(u.username, newPassword)).toEqual(expect.any(String));
    const stale = await get('/sys/permission/getUserPermissionByToken', oldSession);
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({ success: false, code: 401 });

    // the recovery code was used up by the change
    const replay = await post('/sys/user/passwordChange', {
      username: u.username,
      password: `Rp${uniq()}5`,
      smscode,
      phone: u.phone,
    });
    expect(replay.json.success).toBe(false);
    expect(await login(u.username, newPassword)).toEqual(expect.any(String));
  });

  it('a recovery code for one phone cannot change another account', async () => {
    const victim = await registerUser();
    const attacker = await registerUser();
    const smscode = await codeFor(attacker.phone, '2');
    const res = await post('/sys/user/passwordChange', {
      username: victim.username,
      password: `Hj${uniq()}3`,
      smscode,
      phone: attacker.phone,
    });
    expect(res.json.success).toBe(false);
    expect(await login(victim.username, victim.password)).toEqual(expect.any(String));
  });
});
