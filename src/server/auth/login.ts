import { docDb } from '../db/connect';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Envelope } from '../../core/wire';
import { BizError, ok, okMessage } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { verifyPassword } from './password';
import { loginResult } from './user-info';
import { issueCode, MOBILE_RE, SMS_MODES, smsLimitsText, takeSmsAllowance, verifyCode } from './sms';
import { loginLog } from '../sys/audit/log';
import { loginSucceeded, takeLoginAttempt } from './throttle';
import { clearBinding, issueBinding, STAFF_BINDING } from './binding';

const BAD_CREDENTIALS = '用户名或密码错误';

/**
 * Runs a login attempt and writes its login-log row, whatever the result: a success names the
 * account that signed in (a phone login is typed as a number) and its 姓名.
 */
export async function logged(
  ctx: AppContext,
  req: FastifyRequest,
  who: string,
  attempt: () => Promise<Envelope<{ userInfo: Record<string, unknown> }>>,
) {
  try {
    const res = await attempt();
    const { username, realname } = res.result.userInfo;
    await loginLog(ctx, req, String(username ?? who), true, '登录成功', realname as string | undefined);
    return res;
  } catch (e) {
    await loginLog(ctx, req, who, false, e instanceof BizError ? e.message : '登录失败');
    throw e;
  }
}

/** a browser's sign-in (binding.ts) also gets the cookie its session is bound to */
export async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: Record<string, unknown>,
) {
  if (Number(user.status) === 2) throw new BizError('该用户已冻结');
  await assertTenantOpen(ctx, user);
  const token = await ctx.sessions.create(
    user.id as string,
    req.ip,
    String(req.headers['user-agent'] ?? ''),
    issueBinding(req, reply, STAFF_BINDING, ctx.config.apiBase),
  );
  return ok(await loginResult(ctx, user, token), '登录成功');
}

/** a user whose every tenant is frozen cannot log in (reference 2.1) */
async function assertTenantOpen(ctx: AppContext, user: Record<string, unknown>) {
  const ids = String(user.rel_tenant_ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length) return;
  const open = await docDb(ctx.db)
    .selectFrom('sys_tenant')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', '1')
    .executeTakeFirst();
  if (!open) throw new BizError('与该用户关联的租户均已被冻结，无法登录！');
}

function activeUser(ctx: AppContext) {
  return ctx.db.selectFrom('sys_user').selectAll().where('del_flag', '=', 0);
}

export function registerLoginRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'POST',
    url: '/sys/login',
    access: 'open',
    tag: '登录',
    summary:
      '用户名密码登录；同一地址对同一账号连续失败5次，该账号在该地址锁定10分钟；同一地址失败过多时该地址锁定10分钟',
    params: [
      { name: 'username', in: 'body', required: true },
      { name: 'password', in: 'body', required: true },
    ],
    handler: async (req, reply) => {
      const username = text(req.body, 'username', { required: '请输入用户名', max: 100 }).trim();
      const password = text(req.body, 'password', { required: '请输入密码', max: 200 });
      return logged(ctx, req, username, async () => {
        // counted before the check: a failure simply keeps its count
        await takeLoginAttempt(ctx, req.ip, username);
        const user = await activeUser(ctx).where('username', '=', username).executeTakeFirst();
        // the hash runs for unknown names and accounts without a password too: equal answer times
        if (!(await verifyPassword(password, user?.password as string | undefined)) || !user)
          throw new BizError(BAD_CREDENTIALS);
        await loginSucceeded(ctx, req.ip, username);
        return startSession(ctx, req, reply, user);
      });
    },
  });

  t.add({
    method: ['POST', 'GET'],
    url: '/sys/logout',
    access: 'session',
    tag: '登录',
    summary: '退出登录：作废当前会话',
    audit: false,
    handler: async (req, reply) => {
      await ctx.sessions.revoke(req.user!.sessionKey);
      clearBinding(req, reply, STAFF_BINDING, ctx.config.apiBase);
      await loginLog(ctx, req, req.user!.username, true, '退出登录', req.user!.realname);
      return okMessage('退出登录成功！');
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/sms',
    access: 'open',
    tag: '登录',
    summary: `发送短信验证码（smsmode 0 登录，1 注册，2 找回密码）；${smsLimitsText(ctx.config)}`,
    params: [
      { name: 'mobile', in: 'body', required: true },
      { name: 'smsmode', in: 'body', required: true },
    ],
    handler: async (req) => {
      const mobile = text(req.body, 'mobile', { required: '请输入手机号', max: 20 });
      if (!MOBILE_RE.test(mobile)) throw new BizError('请输入正确手机号');
      const mode = text(req.body, 'smsmode', { max: 2 }) || SMS_MODES.login;
      if (!Object.values(SMS_MODES).includes(mode as '0')) throw new BizError('smsmode 参数不正确');
      await takeSmsAllowance(ctx, req.ip);
      const owner = await activeUser(ctx).select('id').where('phone', '=', mobile).executeTakeFirst();
      if (mode === SMS_MODES.register) {
        if (owner) throw new BizError(' 手机号已经注册，请直接登录！');
        await issueCode(ctx, mobile, mode);
      } else if (owner) {
        await issueCode(ctx, mobile, mode);
      }
      // login and recovery answer alike whether or not the number has an account (no enumeration)
      return okMessage('验证码已发送，10分钟内有效');
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/phoneLogin',
    access: 'open',
    tag: '登录',
    summary: '手机号 + 短信验证码登录',
    params: [
      { name: 'mobile', in: 'body', required: true },
      { name: 'captcha', in: 'body', required: true },
    ],
    handler: async (req, reply) => {
      const mobile = text(req.body, 'mobile', { required: '请输入手机号', max: 20 });
      if (!MOBILE_RE.test(mobile)) throw new BizError('请输入正确手机号');
      const captcha = text(req.body, 'captcha', { required: '请输入验证码', max: 10 });
      return logged(ctx, req, mobile, async () => {
        await verifyCode(ctx, mobile, SMS_MODES.login, captcha, true);
        const user = await activeUser(ctx).where('phone', '=', mobile).executeTakeFirst();
        if (!user) throw new BizError('该用户不存在或未绑定手机号');
        return startSession(ctx, req, reply, user);
      });
    },
  });
}
