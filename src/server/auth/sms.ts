import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { BizError } from '../http/envelope';
import { newId } from '../db/ids';
import { TOO_MANY } from '../visitor/rate-limit';
import type { Config } from '../config';
import { giveBack, take } from './attempts';

export const SMS_MODES = { login: '0', register: '1', forgot: '2' } as const;
const VALID_MINUTES = 10;
const MAX_TRIES = 5;
const MAX_PER_HOUR = 5;
export const SMS_HOURLY_CAP = '短信验证码发送量已达本小时上限，请稍后再试';

/** the limits of every code-sending route, for its OpenAPI text (the ones takeSmsAllowance enforces) */
export const smsLimitsText = (config: Config) =>
  `验证码10分钟内有效；每个号码每小时最多${MAX_PER_HOUR}条，每个地址每小时最多${config.smsPerHour.perAddress}次，` +
  `全部地址合计每小时最多${config.smsPerHour.overall}次（/sys/sms 与 /visitor/sms 的请求合计）`;

/**
 * Counts one code request of an address, on every code-sending route alike and whether or not a code
 * goes out (an unknown number must not answer differently), against the address's hourly allowance
 * and then the hourly cap of all addresses together (SMS_PER_ADDRESS_PER_HOUR, SMS_PER_HOUR). Both are
 * counted in the database before anything is sent (attempts.ts): many requests at once, on any
 * instance, get no more than that. The cap counts only requests the address's own allowance let
 * through, so one address cannot use it up for everyone; a request the cap refuses gives the
 * address its count back.
 */
export async function takeSmsAllowance(ctx: AppContext, ip: string): Promise<void> {
  const window = { minutes: 60 };
  const address = { key: `sms:address:${ip}`, max: ctx.config.smsPerHour.perAddress };
  if (await take(ctx.db, [address], window)) throw new BizError(TOO_MANY, 429);
  if (await take(ctx.db, [{ key: 'sms:all', max: ctx.config.smsPerHour.overall }], window)) {
    await giveBack(ctx.db, address);
    throw new BizError(SMS_HOURLY_CAP, 429);
  }
}

export const MOBILE_RE = /^1[3-9]\d{9}$/;

function hash(mobile: string, code: string): string {
  return crypto.createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

/** Creates and sends a 6-digit code: valid 10 minutes, single use, at most 5 tries, 5 sends an hour. */
export async function issueCode(ctx: AppContext, mobile: string, mode: string): Promise<void> {
  const recent = await ctx.db
    .selectFrom('sys_sms_code')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`count(*) filter (where not used and tries < ${MAX_TRIES} and expires_at > now() and mode = ${mode})`.as(
        'live',
      ),
    ])
    .where('mobile', '=', mobile)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(recent.live) > 0) throw new BizError('验证码10分钟内，仍然有效！');
  if (Number(recent.n) >= MAX_PER_HOUR) throw new BizError('短信发送过于频繁，请1小时后再试');
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db
    .insertInto('sys_sms_code')
    .values({
      id: newId(),
      mobile,
      mode,
      code_hash: hash(mobile, code),
      expires_at: sql`now() + interval '${sql.raw(String(VALID_MINUTES))} minutes'`,
    })
    .execute();
  await ctx.sms.send(mobile, code, mode);
}

/**
 * Checks a code. The try is counted first, in the statement that finds the live code (so tries made
 * at once, on any instance, never exceed 5), and given back when the code is right; with consume, a
 * right code is then used up, once: of two at once, one wins.
 */
export async function verifyCode(
  ctx: AppContext,
  mobile: string,
  mode: string,
  code: string,
  consume: boolean,
): Promise<void> {
  const live = sql`not used and expires_at > now()`;
  const tried = await sql<{ id: string; code_hash: string; tries: number }>`
    update sys_sms_code set tries = tries + 1
     where ${live} and id = (
       select id from sys_sms_code
        where mobile = ${mobile} and mode = ${mode} and ${live}
        order by created_at desc limit 1)
    returning id, code_hash, tries`.execute(ctx.db);
  const row = tried.rows[0];
  if (!row) throw new BizError('验证码已失效，请重新获取');
  if (Number(row.tries) > MAX_TRIES) throw new BizError('验证码错误次数过多，请重新获取');
  const good =
    typeof code === 'string' &&
    /^\d{6}$/.test(code) &&
    crypto.timingSafeEqual(Buffer.from(hash(mobile, code)), Buffer.from(row.code_hash));
  if (!good) throw new BizError('手机验证码错误');
  const done = consume ? sql`used = true` : sql`tries = tries - 1`;
  const kept =
    await sql`update sys_sms_code set ${done} where id = ${row.id} and ${live} returning id`.execute(ctx.db);
  if (!kept.rows.length) throw new BizError('验证码已失效，请重新获取');
}
