import { sql } from 'kysely';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { DEFAULT_TITLE } from '../../core/constants';
import { sanitizeRichText } from '../rich-text/sanitize';
import { LIMITS, RateLimiter } from '../visitor/rate-limit';
import { registerVisitorRoutes } from '../visitor/routes';
import { registerMuseumRoutes } from '../museum/routes';
import { registerThirdLoginRoutes } from '../auth/third/routes';
import { registerWorkOrderShareRoutes } from '../production/work-order-share';

const HOME_NOTICES = 10;

/** the platform info (systemName, logoUrl) as stored settings; the default title otherwise */
async function platformInfo(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('sys_setting')
    .select(['key', 'value'])
    .where('key', 'in', ['platform_system_name', 'platform_logo_url'])
    .execute();
  const get = (k: string) => String(rows.find((r) => r.key === k)?.value ?? '').trim();
  const logo = get('platform_logo_url');
  return {
    systemName: get('platform_system_name') || DEFAULT_TITLE,
    // only an address anyone may load: uploads are for signed-in users
    logoUrl: /^(https?:\/\/|\/)/.test(logo) ? logo : '',
  };
}

/**
 * The public face: what the open pages read without a session (/shouye, the phone
 * area, the work-order step page and its share links), the visitors' sign-in and sign-up, and the
 * staff's third-party sign-in. Anonymous calls are limited per address by one limiter shared by all.
 */
export function registerPublicFaceRoutes(t: RouteTable, ctx: AppContext): void {
  const limits = new RateLimiter();
  registerVisitorRoutes(t, ctx, limits);
  registerMuseumRoutes(t, ctx, limits);
  registerThirdLoginRoutes(t, ctx, limits);
  registerWorkOrderShareRoutes(t, ctx, limits);
  const tag = '公众首页';

  t.add({
    method: 'GET',
    url: '/public/platform',
    access: 'open',
    tag,
    summary: '平台信息（无需登录）：{systemName, logoUrl, wxauth（是否配置了微信授权登录）}',
    handler: async (req) => {
      limits.hit(LIMITS.read, req.ip);
      return ok({ ...(await platformInfo(ctx)), wxauth: Boolean(ctx.config.visitorOAuth) });
    },
  });

  t.add({
    method: 'GET',
    url: '/public/announcements',
    access: 'open',
    tag,
    summary:
      '首页公开的通知公告（已发布、未过期、勾选了“首页公开”的，最新 10 条）：标题、摘要、清理过的内容与发布时间',
    handler: async (req) => {
      limits.hit(LIMITS.read, req.ip);
      const rows = await sql<Record<string, unknown>>`select id, titile, msg_abstract as "msgAbstract",
          msg_content as "msgContent", send_time as "sendTime" from sys_announcement
        where send_status = '1' and show_on_home = 'Y' and (end_time is null or end_time >= localtimestamp)
        order by send_time desc, id desc limit ${HOME_NOTICES}`.execute(ctx.db);
      return ok(rows.rows.map((r) => ({ ...r, msgContent: sanitizeRichText(r.msgContent) ?? '' })));
    },
  });
}
