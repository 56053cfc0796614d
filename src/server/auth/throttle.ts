import type { AppContext } from '../context';
import { BizError } from '../http/envelope';
import { forget, giveBack, take, type Allowance } from './attempts';

/** the contract's text (reference 1.4) for an account locked at this address */
export const LOCKED_MESSAGE = '该用户登录失败次数过多，请于10分钟后再次登录！';
export const ADDRESS_LOCKED_MESSAGE = '您所在的网络登录失败次数过多，请于10分钟后再次登录！';
const ACCOUNT_FAILURES = 5;
const WINDOW = { minutes: 10, lockMinutes: 10 };

/**
 * Sign-in throttling. Attempts are counted per account at an address and per address: 5 failures
 * for one account from one address lock that pair for 10 minutes, so a stranger elsewhere cannot
 * keep an administrator out; `loginFailuresPerAddress` failures from one address (any names, unknown
 * ones included) lock that address. Counts start over 10 minutes after their first failure.
 * Behind a reverse proxy the address is the client's only with TRUST_PROXY=1.
 *
 * An attempt is counted before its password is checked (attempts.ts), so concurrent guesses get no
 * more checks than the allowance left; a success then clears the account's count and gives the
 * address its count back.
 */
const account = (ip: string, username: string): Allowance => ({
  key: `account:${ip}:${username}`,
  max: ACCOUNT_FAILURES,
});
const address = (ctx: AppContext, ip: string): Allowance => ({
  key: `address:${ip}`,
  max: ctx.config.loginFailuresPerAddress,
});

/** counts a sign-in attempt, or refuses it when the address or the account at it is locked */
export async function takeLoginAttempt(ctx: AppContext, ip: string, username: string): Promise<void> {
  const over = await take(ctx.db, [address(ctx, ip), account(ip, username)], WINDOW);
  if (over) throw new BizError(over.key.startsWith('address:') ? ADDRESS_LOCKED_MESSAGE : LOCKED_MESSAGE);
}

/** the password was right: the account's count at this address starts over, the address's attempt was no failure */
export async function loginSucceeded(ctx: AppContext, ip: string, username: string): Promise<void> {
  await forget(ctx.db, account(ip, username).key);
  await giveBack(ctx.db, address(ctx, ip));
}
