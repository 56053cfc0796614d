import { sql } from 'kysely';
import type { AppContext } from '../context';
import { BizError } from '../http/envelope';

/** the contract's text (reference 1.4) for an account locked at this address */
export const LOCKED_MESSAGE = '该用户登录失败次数过多，请于10分钟后再次登录！';
export const ADDRESS_LOCKED_MESSAGE = '您所在的网络登录失败次数过多，请于10分钟后再次登录！';
const ACCOUNT_FAILURES = 5;
const WINDOW_MINUTES = 10;

/**
 * Sign-in throttling. Failures are counted per account at an address and per address: 5 failures
 * for one account from one address lock that pair for 10 minutes, so a stranger elsewhere cannot
 * keep an administrator out; `loginFailuresPerAddress` failures from one address (any names, unknown
 * ones included) lock that address. Counts start over 10 minutes after their first failure.
 * Behind a reverse proxy the address is the client's only with TRUST_PROXY=1.
 */
const accountKey = (ip: string, username: string) => `account:${ip}:${username}`;
const addressKey = (ip: string) => `address:${ip}`;

export async function assertLoginAllowed(ctx: AppContext, ip: string, username: string): Promise<void> {
  const rows = await ctx.db
    .selectFrom('sys_login_throttle')
    .select('key')
    .where('key', 'in', [accountKey(ip, username), addressKey(ip)])
    .where('locked_until', '>', sql<Date>`now()`)
    .execute();
  if (rows.some((r) => r.key === addressKey(ip))) throw new BizError(ADDRESS_LOCKED_MESSAGE);
  if (rows.length) throw new BizError(LOCKED_MESSAGE);
}

async function count(ctx: AppContext, key: string, max: number): Promise<void> {
  const window = sql.raw(`interval '${WINDOW_MINUTES} minutes'`);
  const fresh = sql`(t.window_start <= now() - ${window} or t.locked_until <= now())`;
  const next = sql`case when ${fresh} then 1 else t.fail_count + 1 end`;
  await sql`
    insert into sys_login_throttle as t (key, fail_count, window_start, locked_until)
    values (${key}, 1, now(), case when ${max} <= 1 then now() + ${window} end)
    on conflict (key) do update set
      fail_count = ${next},
      window_start = case when ${fresh} then now() else t.window_start end,
      locked_until = case when ${next} >= ${max} then now() + ${window} end`.execute(ctx.db);
}

/** a failed password check (unknown names too, so a lock does not reveal which accounts exist) */
export async function recordLoginFailure(ctx: AppContext, ip: string, username: string): Promise<void> {
  await count(ctx, accountKey(ip, username), ACCOUNT_FAILURES);
  await count(ctx, addressKey(ip), ctx.config.loginFailuresPerAddress);
}

/** a success clears the account's count at this address; the address keeps its own */
export async function clearLoginFailures(ctx: AppContext, ip: string, username: string): Promise<void> {
  await ctx.db.deleteFrom('sys_login_throttle').where('key', '=', accountKey(ip, username)).execute();
}
