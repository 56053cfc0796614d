import { docDb } from '../../db/connect';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { BizError, fail, ok, okMessage } from '../../http/envelope';
import { text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { newId } from '../../db/ids';
import { nowText } from '../../crud/time';
import { logged, startSession } from '../login';
import { LIMITS, type RateLimiter } from '../../visitor/rate-limit';
import { callbackAddress, redirectToProvider } from './oauth2';
import { oauthCallback } from './callback';
import { LOGIN_PAGE, validateTicket } from './cas';
import { issueTicket, takeTicket } from './tickets';

const CAS_TYPE = 'cas';
const TICKET_MINUTES = 5;

interface Bind {
  thirdType: string;
  subject: string;
  name: string;
  avatar: string;
}

/** the staff user an identity is bound to (bound by an administrator, or by its owner after a password login) */
async function boundUser(ctx: AppContext, thirdType: string, subject: string) {
  return docDb(ctx.db)
    .selectFrom('sys_third_account as t')
    .innerJoin('sys_user as u', 'u.id', 't.user_id')
    .selectAll('u')
    .where('t.third_type', '=', thirdType)
    .where('t.third_user_uuid', '=', subject)
    .where('u.del_flag', '=', 0)
    .executeTakeFirst();
}

const unboundText = (title: string, name: string) =>
  `${title}账号${name ? `「${name}」` : ''}尚未绑定系统用户：请先用账号密码登录，登录后将自动完成绑定（或请管理员在“第三方账号”中绑定）`;

/**
 * Third-party sign-in for staff (reference 2.1): the OAuth2 authorization-code flow of the
 * configured provider and CAS ticket validation. An identity signs in only as the existing user it
 * is bound to; an unbound one gets a clear message and a one-time bind ticket that the user's next
 * password login uses to bind it. No staff account is ever created here.
 */
export function registerThirdLoginRoutes(t: RouteTable, ctx: AppContext, limits: RateLimiter): void {
  const { thirdLogin: provider, cas, apiBase } = ctx.config;
  const tag = '第三方登录';
  const signInLimit = (req: FastifyRequest) => limits.hit(LIMITS.signIn, req.ip);
  const staffCallback = (source: string) => callbackAddress(ctx.config, `/sys/thirdLogin/${source}/callback`);

  t.add({
    method: 'GET',
    url: '/sys/thirdLogin/providers',
    access: 'open',
    tag,
    summary: '已配置的第三方登录方式：{oauth: [{type, title}], cas: {loginUrl} | null}（登录页据此显示按钮）',
    handler: async () =>
      ok({
        oauth: provider ? [{ type: provider.type, title: provider.title }] : [],
        cas: cas
          ? {
              loginUrl: `${cas.serverUrl.replace(/\/$/, '')}/login?service=${encodeURIComponent(cas.serviceUrl)}`,
            }
          : null,
      }),
  });

  t.add({
    method: 'GET',
    url: '/sys/thirdLogin/render/:source',
    access: 'open',
    tag,
    file: true,
    summary: '开始第三方登录：302 跳转到身份提供方的授权页（state 一次有效，并以 Cookie 绑定本浏览器）',
    params: [{ name: 'source', in: 'path', required: true }],
    handler: async (req, reply) => {
      signInLimit(req);
      const source = String((req.params as { source?: string }).source ?? '');
      if (!provider || source !== provider.type) return reply.send(fail('不支持的第三方登录方式'));
      const state = await issueTicket(ctx.db, 'oauth-state', { for: 'staff' }, 10);
      return redirectToProvider(reply, provider, staffCallback(source), state, `${apiBase}/`);
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/thirdLogin/:source/callback',
    access: 'open',
    tag,
    file: true,
    summary:
      '身份提供方的回调：已绑定的身份 302 到 /user/login?thirdLoginToken=…&thirdType=…（一次性，5 分钟内用 getLoginUser 换取会话）；未绑定的带 thirdBind 绑定票据',
    params: [
      { name: 'code', in: 'query', required: true },
      { name: 'state', in: 'query', required: true },
    ],
    handler: async (req, reply) => {
      const source = String((req.params as { source?: string }).source ?? '');
      return oauthCallback(ctx, req, reply, {
        provider: source === provider?.type ? provider : undefined,
        redirectUri: staffCallback(source),
        page: LOGIN_PAGE,
        errorParam: 'thirdError',
        expired: '登录请求已失效，请重新发起第三方登录',
        limit: () => signInLimit(req),
        signIn: async (p, who): Promise<Record<string, string>> => {
          const user = await boundUser(ctx, p.type, who.subject);
          if (!user) {
            const bind: Bind = { thirdType: p.type, ...who };
            const ticket = await issueTicket(ctx.db, 'third-bind', bind, 30);
            return { thirdBind: ticket, thirdType: p.type, thirdError: unboundText(p.title, who.name) };
          }
          const login = { userId: user.id, thirdType: p.type };
          return {
            thirdLoginToken: await issueTicket(ctx.db, 'third-login', login, TICKET_MINUTES),
            thirdType: p.type,
          };
        },
      });
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    access: 'open',
    tag,
    summary:
      '用第三方登录回调给出的一次性令牌换取会话：结果同 /sys/login（token、userInfo …）；令牌只能用一次，5 分钟内有效',
    params: [
      { name: 'token', in: 'path', required: true },
      { name: 'thirdType', in: 'path', required: true },
    ],
    handler: async (req, reply) => {
      signInLimit(req);
      const { token, thirdType } = req.params as { token: string; thirdType: string };
      return logged(ctx, req, `第三方(${String(thirdType).slice(0, 30)})`, async () => {
        const t = await takeTicket<{ userId: string; thirdType: string }>(ctx.db, 'third-login', token);
        if (!t || t.thirdType !== thirdType) throw new BizError('第三方登录凭证无效或已过期，请重新登录');
        const user = await ctx.db
          .selectFrom('sys_user')
          .selectAll()
          .where('id', '=', t.userId)
          .where('del_flag', '=', 0)
          .executeTakeFirst();
        if (!user) throw new BizError('绑定的用户不存在或已注销');
        return startSession(ctx, req, reply, user);
      });
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/cas/client/validateLogin',
    access: 'open',
    tag,
    summary:
      '用 CAS 服务票据登录：向 CAS 服务器 /p3/serviceValidate 校验（service 固定为本系统的登录页），结果同 /sys/login；未绑定的 CAS 账号返回失败与 result.bindTicket',
    params: [
      { name: 'ticket', in: 'query', required: true },
      { name: 'service', in: 'query' },
    ],
    handler: async (req, reply) => {
      signInLimit(req);
      if (!cas) throw new BizError('未配置 CAS 单点登录');
      const ticket = text(req.query, 'ticket', { required: '缺少 CAS 票据', max: 260 });
      const service = cas.serviceUrl;
      const asked = text(req.query, 'service', { max: 1000 });
      // a ticket issued for another site must not sign anyone in here
      if (asked && asked !== service) throw new BizError('CAS service 与本系统不符');
      let bindTicket = '';
      let casUser = '';
      try {
        return await logged(ctx, req, 'CAS', async () => {
          casUser = await validateTicket(cas, ticket, service);
          const user = await boundUser(ctx, CAS_TYPE, casUser);
          if (!user) {
            const bind: Bind = { thirdType: CAS_TYPE, subject: casUser, name: casUser, avatar: '' };
            bindTicket = await issueTicket(ctx.db, 'third-bind', bind, 30);
            throw new BizError(unboundText('CAS ', casUser));
          }
          return startSession(ctx, req, reply, user);
        });
      } catch (e) {
        if (e instanceof BizError && bindTicket)
          return fail(e.message, 500, { bindTicket, thirdType: CAS_TYPE, thirdName: casUser });
        throw e;
      }
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/thirdLogin/bind',
    access: 'session',
    tag,
    summary:
      '把一次性绑定票据里的第三方身份绑定到当前登录的用户（第三方登录提示未绑定后，用账号密码登录时调用）',
    params: [{ name: 'ticket', in: 'body', required: true }],
    handler: async (req) => {
      const b = await takeTicket<Bind>(ctx.db, 'third-bind', text(req.body, 'ticket', { max: 100 }));
      if (!b) throw new BizError('绑定票据无效或已过期，请重新发起第三方登录');
      const other = await docDb(ctx.db)
        .selectFrom('sys_third_account')
        .select('user_id')
        .where('third_type', '=', b.thirdType)
        .where('third_user_uuid', '=', b.subject)
        .executeTakeFirst();
      if (other && other.user_id !== req.user!.id) throw new BizError('该第三方账号已绑定其他用户');
      if (!other)
        await docDb(ctx.db)
          .insertInto('sys_third_account')
          .values({
            id: newId(),
            user_id: req.user!.id,
            third_type: b.thirdType,
            third_user_uuid: b.subject,
            realname: b.name || null,
            avatar: b.avatar || null,
            create_by: req.user!.username,
            create_time: nowText(),
            sys_org_code: req.user!.orgCode,
          })
          .execute();
      ctx.counts.invalidate('sys_third_account');
      return okMessage('绑定成功');
    },
  });
}
