import { docDb } from '../db/connect';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { BizError, ok, okMessage, page } from '../http/envelope';
import { id, text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { nowText } from '../crud/time';
import { rowScope } from '../crud/scope';
import { sendStoredFile } from '../files/upload';
import { sanitizeRichText } from '../rich-text/sanitize';
import { bindingOf, VISITOR_BINDING } from '../auth/binding';
import { LIMITS, type RateLimiter } from '../visitor/rate-limit';
import { activityHooks } from './activity-hooks';
import { CANCELLED, CHECKED_IN, FULL, PUBLISHED, SIGNED_UP } from './seats';
import { cancelSignup, signUp, signupHooks, signupInput, SIGNUP_COLUMNS } from './signup';

type Row = Record<string, unknown>;

const ENDED = '2';
const MAX_PAGE = 20;
/** images of a published activity only; the stored path is a biz/name of the upload folder */
const STORED_PATH = /^[A-Za-z0-9_-]{1,32}\/[^/\\.][^/\\]{0,200}$/;

/** the columns of a published activity anyone may see */
const PUBLIC_COLUMNS = sql`a.id, a.title, a.place, a.start_time as "startTime", a.end_time as "endTime",
  a.signup_deadline as "signupDeadline", a.capacity, a.per_person_limit as "perPersonLimit",
  greatest(0, a.capacity - coalesce(a.seats_taken, 0)) as "seatsLeft", a.cover_image as "coverImage",
  case when a.status = ${ENDED} or a.end_time <= localtimestamp then 'ended'
       when a.signup_deadline <= localtimestamp then 'closed'
       when coalesce(a.seats_taken, 0) >= a.capacity then 'full' else 'open' end as "signupState"`;

/** what the phone shows for each signupState */
export const SIGNUP_STATE_TEXT: Record<string, string> = {
  open: '报名中',
  full: FULL,
  closed: '报名已截止',
  ended: '已结束',
};

/** stored images as the addresses the public may load them from (absolute ones as they are) */
function imageUrls(ctx: AppContext, activityId: string, paths: unknown, gallery: boolean): string[] {
  const route = `${ctx.config.apiBase}/visitor/activity/image?id=${activityId}${gallery ? '&g=1' : ''}`;
  return String(paths ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => (/^https?:\/\//.test(p) ? p : `${route}&n=${i}`));
}

function publicActivity(ctx: AppContext, r: Row, gallery?: unknown): Row {
  const { coverImage, ...rest } = r;
  return {
    ...rest,
    signupStateText: SIGNUP_STATE_TEXT[String(r.signupState)],
    cover: imageUrls(ctx, String(r.id), coverImage, false)[0] ?? '',
    ...(gallery === undefined ? {} : { gallery: imageUrls(ctx, String(r.id), gallery, true) }),
  };
}

/** published activities, those still to come first; the page size is capped (anonymous callers) */
export async function publishedActivities(ctx: AppContext, pageNo: number, pageSize: number) {
  const where = sql`a.status in (${PUBLISHED}, ${ENDED})`;
  const [rows, total] = await Promise.all([
    sql<Row>`select ${PUBLIC_COLUMNS} from museum_activity a where ${where}
      order by (a.status = ${ENDED} or a.end_time <= localtimestamp), a.start_time, a.id
      limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db),
    sql<{ n: string }>`select count(*) as n from museum_activity a where ${where}`.execute(ctx.db),
  ]);
  return page(
    rows.rows.map((r) => publicActivity(ctx, r)),
    Number(total.rows[0].n),
    pageSize,
    pageNo,
  );
}

function paging(q: unknown): { pageNo: number; pageSize: number } {
  const pageNo = Math.max(1, Math.min(10_000, Number(text(q, 'pageNo', { max: 6 })) || 1));
  const pageSize = Math.max(1, Math.min(MAX_PAGE, Number(text(q, 'pageSize', { max: 6 })) || 10));
  return { pageNo, pageSize };
}

/**
 * Museum activities for the public (the phone area and /shouye) and for visitors (sign up, cancel,
 * my sign-ups), plus the staff's check-in by code. The staff's lists and forms are the generic CRUD
 * of the museum_activity / museum_signup documents, with the hooks registered here.
 */
export function registerMuseumRoutes(t: RouteTable, ctx: AppContext, limits: RateLimiter): void {
  activityHooks();
  signupHooks();
  const tag = '博物馆活动';
  const read = (req: FastifyRequest) => limits.hit(LIMITS.read, req.ip);

  t.add({
    method: 'GET',
    url: '/visitor/activity/list',
    access: 'open',
    tag,
    summary:
      '已发布的活动（分页，未开始的在前，每页最多 20 条）：records 含 seatsLeft（剩余名额）与 signupState（open 报名中 / full 名额已满 / closed 报名已截止 / ended 已结束）',
    params: [
      { name: 'pageNo', in: 'query' },
      { name: 'pageSize', in: 'query' },
    ],
    handler: async (req) => {
      read(req);
      const { pageNo, pageSize } = paging(req.query);
      return ok(await publishedActivities(ctx, pageNo, pageSize));
    },
  });

  t.add({
    method: 'GET',
    url: '/visitor/activity/detail',
    access: 'open',
    tag,
    summary:
      '一个已发布活动的详情：含清理过的简介 HTML、图集与剩余名额；带访客令牌时 result.mySignup 为本人的报名',
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      read(req);
      const activityId = id(req.query);
      const r = (
        await sql<Row>`select ${PUBLIC_COLUMNS}, a.description, a.gallery from museum_activity a
          where a.id = ${activityId} and a.status in (${PUBLISHED}, ${ENDED})`.execute(ctx.db)
      ).rows[0];
      if (!r) throw new BizError('活动不存在或未发布');
      const { description, gallery, ...rest } = r;
      const visitor = await ctx.visitors.resolve(
        String(req.headers['x-access-token'] ?? ''),
        bindingOf(req, VISITOR_BINDING),
      );
      const mine = visitor
        ? (
            await sql<Row>`select ${SIGNUP_COLUMNS} from museum_signup s
              where s.activity_id = ${activityId} and s.visitor_id = ${visitor.id}`.execute(ctx.db)
          ).rows[0]
        : undefined;
      return ok({
        ...publicActivity(ctx, rest, gallery),
        description: sanitizeRichText(description) ?? '',
        mySignup: mine ?? null,
      });
    },
  });

  t.add({
    method: 'GET',
    url: '/visitor/activity/image',
    access: 'open',
    tag,
    file: true,
    summary: '已发布活动的封面（n=0）或图集第 n 张（g=1）：只给出该活动引用的上传图片',
    params: [
      { name: 'id', in: 'query', required: true },
      { name: 'n', in: 'query' },
      { name: 'g', in: 'query' },
    ],
    handler: async (req, reply) => {
      read(req);
      const activityId = id(req.query);
      const n = Number(text(req.query, 'n', { max: 3 }) || 0);
      const column = text(req.query, 'g', { max: 1 }) === '1' ? sql`gallery` : sql`cover_image`;
      const r = (
        await sql<{ paths: string | null }>`select ${column} as paths from museum_activity
          where id = ${activityId} and status in (${PUBLISHED}, ${ENDED})`.execute(ctx.db)
      ).rows[0];
      const path =
        String(r?.paths ?? '')
          .split(',')
          .map((p) => p.trim())[n] ?? '';
      const sent = STORED_PATH.test(path) ? sendStoredFile(ctx, path, reply, 'public, max-age=3600') : null;
      if (!sent) throw new BizError('文件不存在');
      return sent;
    },
  });

  t.add({
    method: 'POST',
    url: '/visitor/signup',
    access: 'visitor',
    tag,
    summary:
      '报名 {activityId, partySize, name, mobile}：名额原子扣减，绝不超卖；已报名的再次提交得到原报名（message 您已报名该活动）；截止、状态与每人限报由服务端检查',
    params: ['activityId', 'partySize', 'name', 'mobile'].map((name) => ({
      name,
      in: 'body' as const,
      required: true,
    })),
    handler: async (req) => {
      limits.hit(LIMITS.signUp, req.visitor!.id);
      const { signup, created } = await signUp(ctx, req.visitor!.id, signupInput(req.body));
      return ok(signup, created ? '报名成功' : '您已报名该活动');
    },
  });

  t.add({
    method: 'POST',
    url: '/visitor/signup/cancel',
    access: 'visitor',
    tag,
    summary: '取消本人的报名 {id}：名额立即释放；已签到的不能取消',
    params: [{ name: 'id', in: 'body', required: true }],
    handler: async (req) => {
      limits.hit(LIMITS.signUp, req.visitor!.id);
      await cancelSignup(ctx, req.visitor!.id, id(req.body));
      return okMessage('已取消报名');
    },
  });

  t.add({
    method: 'GET',
    url: '/visitor/signup/mine',
    access: 'visitor',
    tag,
    summary: '本人的报名（最新在前，最多 50 条），含活动名称与时间',
    handler: async (req) => {
      const rows =
        await sql<Row>`select ${SIGNUP_COLUMNS}, a.title as "activityTitle", a.start_time as "startTime",
          a.place from museum_signup s join museum_activity a on a.id = s.activity_id
        where s.visitor_id = ${req.visitor!.id} order by s.create_time desc limit 50`.execute(ctx.db);
      return ok(rows.rows);
    },
  });

  const signupDoc = ctx.catalog.entities.get('museum_signup');
  if (!signupDoc) return;
  t.add({
    method: 'POST',
    url: '/museum/signup/checkin',
    access: { perm: `${signupDoc.permission}checkin` },
    tag: signupDoc.title,
    summary: '凭签到码签到 {checkinCode}：已报名 → 已签到；已取消或已签到的给出原因（数据规则同报名列表）',
    params: [{ name: 'checkinCode', in: 'body', required: true }],
    handler: async (req) => {
      const code = text(req.body, 'checkinCode', { required: '请输入签到码', max: 16 }).trim().toUpperCase();
      const scope = await rowScope(ctx, signupDoc, req.user!);
      const found = await docDb(ctx.db)
        .selectFrom('museum_signup')
        .select(['id', 'state', 'name', 'party_size', 'checkin_time', 'activity_id'])
        .where('checkin_code', '=', code)
        .where((eb) => eb.and(scope))
        .executeTakeFirst();
      if (!found) throw new BizError('签到码无效');
      if (found.state === CANCELLED) throw new BizError('该报名已取消，不能签到');
      if (found.state === CHECKED_IN)
        throw new BizError(`已于 ${String(found.checkin_time)} 签到，请勿重复签到`);
      const done = await docDb(ctx.db)
        .updateTable('museum_signup')
        .set({
          state: CHECKED_IN,
          checkin_time: nowText(),
          update_by: req.user!.username,
          update_time: nowText(),
        })
        .where('id', '=', found.id)
        .where('state', '=', SIGNED_UP)
        .returning('id')
        .executeTakeFirst();
      if (!done) throw new BizError('已签到，请勿重复签到');
      ctx.counts.invalidate('museum_signup');
      const activity = await docDb(ctx.db)
        .selectFrom('museum_activity')
        .select('title')
        .where('id', '=', found.activity_id)
        .executeTakeFirst();
      const message = `签到成功：${String(found.name)}（${Number(found.party_size)}人）`;
      return ok(
        {
          id: found.id,
          name: found.name,
          partySize: Number(found.party_size),
          activityTitle: activity?.title ?? '',
        },
        message,
      );
    },
  });
}
