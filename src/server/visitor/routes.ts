import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { BizError, ok, okMessage } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { newId } from '../db/ids';
import { nowText } from '../crud/time';
import { issueCode, MOBILE_RE, smsLimitsText, takeSmsAllowance, verifyCode } from '../auth/sms';
import { callbackAddress, redirectToProvider } from '../auth/third/oauth2';
import { oauthCallback } from '../auth/third/callback';
import { issueTicket, takeTicket } from '../auth/third/tickets';
import { LIMITS, type RateLimiter } from './rate-limit';
import { clearBinding, issueBinding, VISITOR_BINDING } from '../auth/binding';

/** the SMS mode of a visitor's sign-in code (staff use 0 login, 1 register, 2 forgot) */
export const VISITOR_SMS_MODE = '3';
const WXAUTH_PAGE = '/phone/wxauth';

/** what a visitor sees of itself: the number masked, as on a shared phone screen */
async function profile(ctx: AppContext, visitorId: string) {
  const v = await ctx.db
    .selectFrom('museum_visitor')
    .select(['id', 'mobile', 'nickname', 'avatar'])
    .where('id', '=', visitorId)
    .executeTakeFirstOrThrow();
  const mobile = v.mobile ? String(v.mobile).replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') : '';
  return { id: v.id, nickname: v.nickname || mobile || '访客', mobile, avatar: v.avatar ?? '' };
}

/** a phone browser's sign-in (auth/binding.ts) also gets the cookie its session is bound to */
async function signIn(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, visitorId: string) {
  await ctx.db
    .updateTable('museum_visitor')
    .set({ last_login_time: nowText() })
    .where('id', '=', visitorId)
    .execute();
  const token = await ctx.visitors.create(
    visitorId,
    req.ip,
    String(req.headers['user-agent'] ?? ''),
    issueBinding(req, reply, VISITOR_BINDING, ctx.config.apiBase),
  );
  return ok({ token, visitor: await profile(ctx, visitorId) }, '登录成功');
}

/** the visitor of a mobile number, created at its first sign-in (visitors are not staff: no account to bind) */
async function visitorByMobile(ctx: AppContext, mobile: string): Promise<string> {
  const r = await sql<{ id: string; status: number }>`
    insert into museum_visitor (id, mobile, nickname, status, create_by, create_time)
    values (${newId()}, ${mobile}, ${`访客${mobile.slice(-4)}`}, 1, 'visitor', ${nowText()})
    on conflict (mobile) where mobile is not null do update set mobile = excluded.mobile
    returning id, status`.execute(ctx.db);
  if (Number(r.rows[0].status) !== 1) throw new BizError('该访客账号已停用');
  return r.rows[0].id;
}

async function visitorByIdentity(
  ctx: AppContext,
  provider: string,
  who: { subject: string; name: string; avatar: string },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('museum_visitor_identity as i')
      .innerJoin('museum_visitor as v', 'v.id', 'i.visitor_id')
      .select(['v.id', 'v.status'])
      .where('i.provider', '=', provider)
      .where('i.subject', '=', who.subject)
      .executeTakeFirst();
    if (known) {
      if (Number(known.status) !== 1) throw new BizError('该访客账号已停用');
      return known.id as string;
    }
    const id = newId();
    await trx
      .insertInto('museum_visitor')
      .values({
        id,
        nickname: who.name || '微信访客',
        avatar: who.avatar || null,
        status: 1,
        create_by: 'visitor',
        create_time: nowText(),
      })
      .execute();
    await trx
      .insertInto('museum_visitor_identity')
      .values({ provider, subject: who.subject, visitor_id: id })
      .execute();
    return id;
  });
}

/**
 * Visitor sign-in for the phone area: mobile + SMS code (the 5.3 messages), or wxauth through the
 * configured OAuth2 provider. Every anonymous call is limited per address, SMS codes also per number
 * and overall (auth/sms.ts).
 */
export function registerVisitorRoutes(t: RouteTable, ctx: AppContext, limits: RateLimiter): void {
  const tag = '访客';
  const provider = ctx.config.visitorOAuth;
  const callbackUrl = () => callbackAddress(ctx.config, '/visitor/oauth/callback');
  const mobileOf = (body: unknown) => {
    const mobile = text(body, 'mobile', { required: '请输入手机号', max: 20 }).trim();
    if (!MOBILE_RE.test(mobile)) throw new BizError('请输入正确手机号');
    return mobile;
  };

  t.add({
    method: 'POST',
    url: '/visitor/sms',
    access: 'open',
    tag,
    summary: `给访客手机号发送登录验证码；${smsLimitsText(ctx.config)}`,
    params: [{ name: 'mobile', in: 'body', required: true }],
    handler: async (req) => {
      const mobile = mobileOf(req.body);
      await takeSmsAllowance(ctx, req.ip);
      await issueCode(ctx, mobile, VISITOR_SMS_MODE);
      return okMessage('验证码已发送，10分钟内有效');
    },
  });

  t.add({
    method: 'POST',
    url: '/visitor/login',
    access: 'open',
    tag,
    summary:
      '访客手机号 + 短信验证码登录（首次登录即成为访客）：result {token, visitor}；访客令牌不能访问控制台',
    params: [
      { name: 'mobile', in: 'body', required: true },
      { name: 'captcha', in: 'body', required: true },
    ],
    handler: async (req, reply) => {
      limits.hit(LIMITS.signIn, req.ip);
      const mobile = mobileOf(req.body);
      const captcha = text(req.body, 'captcha', { required: '请输入验证码', max: 10 }).trim();
      await verifyCode(ctx, mobile, VISITOR_SMS_MODE, captcha, true);
      return signIn(ctx, req, reply, await visitorByMobile(ctx, mobile));
    },
  });

  t.add({
    method: 'GET',
    url: '/visitor/oauth/authorize',
    access: 'open',
    tag,
    file: true,
    summary: '微信授权登录（wxauth）：302 跳转到配置的 OAuth2 提供方',
    handler: async (req, reply) => {
      limits.hit(LIMITS.signIn, req.ip);
      // a browser comes here: the phone page says it, not a JSON body
      if (!provider)
        return reply.redirect(`${WXAUTH_PAGE}?error=${encodeURIComponent('未配置微信授权登录')}`);
      const state = await issueTicket(ctx.db, 'oauth-state', { for: 'visitor' }, 10);
      return redirectToProvider(reply, provider, callbackUrl(), state, `${ctx.config.apiBase}/visitor/`);
    },
  });

  t.add({
    method: 'GET',
    url: '/visitor/oauth/callback',
    access: 'open',
    tag,
    file: true,
    summary:
      'OAuth2 提供方的回调：302 到 /phone/wxauth?ticket=…（一次性，5 分钟内用 /visitor/oauth/token 换取访客令牌）',
    params: [
      { name: 'code', in: 'query', required: true },
      { name: 'state', in: 'query', required: true },
    ],
    handler: async (req, reply) =>
      oauthCallback(ctx, req, reply, {
        provider,
        redirectUri: callbackUrl(),
        page: WXAUTH_PAGE,
        errorParam: 'error',
        expired: '授权已失效，请重新授权',
        limit: () => limits.hit(LIMITS.signIn, req.ip),
        signIn: async (p, who) => {
          const visitorId = await visitorByIdentity(ctx, p.type, who);
          return { ticket: await issueTicket(ctx.db, 'visitor-login', { visitorId }, 5) };
        },
      }),
  });

  t.add({
    method: 'POST',
    url: '/visitor/oauth/token',
    access: 'open',
    tag,
    summary: '用授权回调给出的一次性票据换取访客令牌：result {token, visitor}',
    params: [{ name: 'ticket', in: 'body', required: true }],
    handler: async (req, reply) => {
      limits.hit(LIMITS.signIn, req.ip);
      const t = await takeTicket<{ visitorId: string }>(
        ctx.db,
        'visitor-login',
        text(req.body, 'ticket', { max: 100 }),
      );
      if (!t) throw new BizError('授权已失效，请重新授权');
      return signIn(ctx, req, reply, t.visitorId);
    },
  });

  t.add({
    method: 'GET',
    url: '/visitor/me',
    access: 'visitor',
    tag,
    summary: '当前访客：{id, nickname, mobile（中间四位隐藏）, avatar}',
    handler: async (req) => ok(await profile(ctx, req.visitor!.id)),
  });

  t.add({
    method: 'POST',
    url: '/visitor/logout',
    access: 'visitor',
    tag,
    summary: '访客退出登录：作废当前访客令牌',
    handler: async (req, reply) => {
      await ctx.visitors.revoke(req.visitor!.key);
      clearBinding(req, reply, VISITOR_BINDING, ctx.config.apiBase);
      return okMessage('退出登录成功！');
    },
  });
}
