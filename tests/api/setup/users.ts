import { lastSms, post, uniq } from './client';

/** a fresh mobile number: '13' + 9 random digits */
function mobile(): string {
  let digits = '';
  for (let i = 0; i < 9; i++) digits += Math.floor(Math.random() * 10);
  return `13${digits}`;
}

/**
 * A new signed-in account with no role, made through the real self-registration flow
 * (SMS code from the local receiver). Returns its id, username and session token.
 */
export async function newUser(): Promise<{ id: string; username: string; token: string }> {
  const phone = mobile();
  const username = `u_${uniq()}`.slice(0, 18);
  const password = `Pw${uniq()}9`;
  const sent = await post('/sys/sms', { mobile: phone, smsmode: '1' });
  if (!sent.json.success) throw new Error(`sms: ${sent.json.message}`);
  const smscode = (await lastSms(phone))!.code;
  const reg = await post('/sys/user/register', { username, password, phone, smscode });
  if (!reg.json.success) throw new Error(`register: ${reg.json.message}`);
  const res = await post('/sys/login', { username, password });
  if (!res.json.success) throw new Error(`login ${username}: ${res.json.message}`);
  return { id: res.json.result.userInfo.id, username, token: res.json.result.token };
}
