import { docDb } from '../db/connect';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { BizError, NotFound, ok, okMessage } from '../http/envelope';
import { id, text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { nowText } from '../crud/time';
import { rowScope } from '../crud/scope';
import { newId } from '../db/ids';
import { sendStoredFile } from '../files/upload';
import { LIMITS, type RateLimiter } from '../visitor/rate-limit';
import { SHARE_LINK_INVALID, WORK_ORDER_STEPS_PATH } from '../../core/public-face';
import { isShareToken, newShareToken, shareTokenHash } from './share-token';

type Row = Record<string, unknown>;

const ORDER_DOC = 'pro_work_order';
const STEP_DOC = 'pro_procedure_step';
/** a work order has a handful of steps; the public answer never grows without bound */
const MAX_STEPS = 200;

/** the work order a live (unrevoked) token opens, or the one answer for every other token */
async function sharedOrderId(ctx: AppContext, token: string): Promise<string> {
  const found = isShareToken(token)
    ? await ctx.db
        .selectFrom('pro_work_order_share')
        .select('work_order_id')
        .where('token_hash', '=', shareTokenHash(token))
        .where('revoke_time', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!found) throw new NotFound(SHARE_LINK_INVALID);
  return String(found.work_order_id);
}

/** stored photos as the addresses the public may load them from (absolute ones as they are) */
function photoUrls(ctx: AppContext, token: string, stepId: string, paths: unknown): string[] {
  const route = `${ctx.config.apiBase}/public/workOrder/photo?token=${token}&step=${encodeURIComponent(stepId)}`;
  return String(paths ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => (/^https?:\/\//.test(p) ? p : `${route}&n=${i}`));
}

/**
 * Share links of a work order's procedure steps (issue 12, /workOrderListProcedureStepInfo): staff
 * holding <work order prefix>share create and revoke them; anyone holding a live link reads the
 * order's header and steps, with names instead of ids, and nothing else. Every refused token gets
 * the same HTTP 404 and text, so the answer tells nothing about which tokens exist or existed.
 */
export function registerWorkOrderShareRoutes(t: RouteTable, ctx: AppContext, limits: RateLimiter): void {
  const orderDoc = ctx.catalog.entities.get(ORDER_DOC);
  const stepDoc = ctx.catalog.entities.get(STEP_DOC);
  if (!orderDoc || !stepDoc) return;
  const perm = `${orderDoc.permission}share`;
  const tag = orderDoc.title;
  const statusField = orderDoc.fields.find((f) => f.key === 'status')!;

  /** the order, if the user may see it (the work-order list's data rules) */
  const visibleOrder = async (req: FastifyRequest, orderId: string) => {
    const scope = await rowScope(ctx, orderDoc, req.user!);
    const order = await docDb(ctx.db)
      .selectFrom(orderDoc.table)
      .select(['id', 'order_no'])
      .where('id', '=', orderId)
      .where((eb) => eb.and(scope))
      .executeTakeFirst();
    if (!order) throw new BizError('工单不存在');
    return order;
  };

  t.add({
    method: 'POST',
    url: '/production/workOrder/share',
    access: { perm },
    tag,
    summary:
      '分享链接：为工单 {workOrderId} 生成只读的工序步骤链接，result 为 {id, token, path}；令牌只在此时给出一次，服务端只存其 SHA-256',
    params: [{ name: 'workOrderId', in: 'body', required: true }],
    handler: async (req) => {
      const order = await visibleOrder(req, id(req.body, 'workOrderId'));
      const { token, hash } = newShareToken();
      const shareId = newId();
      await ctx.db
        .insertInto('pro_work_order_share')
        .values({
          id: shareId,
          work_order_id: order.id,
          token_hash: hash,
          creator_id: req.user!.id,
          create_by: req.user!.username,
          create_time: nowText(),
        })
        .execute();
      const path = `${WORK_ORDER_STEPS_PATH}?token=${token}`;
      return ok({ id: shareId, token, path }, '分享链接已生成');
    },
  });

  t.add({
    method: 'GET',
    url: '/production/workOrder/share/list',
    access: { perm },
    tag,
    summary: '工单 {workOrderId} 未撤销的分享链接（创建人、创建时间；链接本身不再可取回）',
    params: [{ name: 'workOrderId', in: 'query', required: true }],
    handler: async (req) => {
      const order = await visibleOrder(req, id(req.query, 'workOrderId'));
      const rows = await ctx.db
        .selectFrom('pro_work_order_share')
        .select(['id', 'create_by as createBy', 'create_time as createTime'])
        .where('work_order_id', '=', order.id)
        .where('revoke_time', 'is', null)
        .orderBy('create_time', 'desc')
        .limit(100)
        .execute();
      return ok(rows);
    },
  });

  t.add({
    method: 'POST',
    url: '/production/workOrder/share/revoke',
    access: { perm },
    tag,
    summary: '撤销分享链接 {id}：此后该链接打开即提示链接无效或已撤销',
    params: [{ name: 'id', in: 'body', required: true }],
    handler: async (req) => {
      const share = await ctx.db
        .selectFrom('pro_work_order_share')
        .select(['id', 'work_order_id'])
        .where('id', '=', id(req.body))
        .where('revoke_time', 'is', null)
        .executeTakeFirst();
      if (!share) throw new BizError('分享链接不存在或已撤销');
      await visibleOrder(req, String(share.work_order_id));
      await ctx.db
        .updateTable('pro_work_order_share')
        .set({ revoke_time: nowText(), revoke_by: req.user!.username })
        .where('id', '=', share.id)
        .execute();
      return okMessage('分享链接已撤销');
    },
  });

  t.add({
    method: 'GET',
    url: '/public/workOrder/steps',
    access: 'open',
    tag: '公众首页',
    summary:
      '凭分享链接的 token 读取工单的工序步骤（无需登录）：工单编号、产品名称、计划数量、状态，及各步骤的工序、工位、数量、操作员姓名、完成时间与照片；无效或已撤销的链接一律 HTTP 404（链接无效或已撤销）',
    params: [{ name: 'token', in: 'query', required: true }],
    handler: async (req) => {
      limits.hit(LIMITS.read, req.ip);
      const token = text(req.query, 'token', { max: 100 });
      const orderId = await sharedOrderId(ctx, token);
      const order = (
        await sql<Row>`select o.order_no as "orderNo", p.name as "productName", o.plan_qty as "planQty",
            o.status from pro_work_order o left join pro_product p on p.id = o.product_id
          where o.id = ${orderId}`.execute(ctx.db)
      ).rows[0];
      if (!order) throw new NotFound(SHARE_LINK_INVALID);
      const steps = await sql<Row>`select s.id, s.seq, pt.name as "procedureType", wp.name as "workPosition",
          s.plan_qty as "planQty", s.actual_qty as "actualQty", u.realname as "operator",
          s.finish_time as "finishTime", s.photo
        from pro_procedure_step s
        left join procedure_type pt on pt.id = s.procedure_type_id
        left join base_work_position wp on wp.id = s.work_position_id
        left join sys_user u on u.id = s.operator_id
        where s.work_order_id = ${orderId} order by s.seq, s.id limit ${MAX_STEPS}`.execute(ctx.db);
      const status = String(order.status ?? '');
      const texts = await ctx.dicts.texts(statusField, [status]);
      return ok({
        ...order,
        statusText: texts.get(status) ?? status,
        steps: steps.rows.map(({ id: stepId, photo, ...s }) => ({
          ...s,
          photos: photoUrls(ctx, token, String(stepId), photo),
        })),
      });
    },
  });

  t.add({
    method: 'GET',
    url: '/public/workOrder/photo',
    access: 'open',
    tag: '公众首页',
    file: true,
    summary: '分享链接中某一步骤的第 n 张照片（无需登录；只给出该链接的工单的步骤照片）',
    params: [
      { name: 'token', in: 'query', required: true },
      { name: 'step', in: 'query', required: true },
      { name: 'n', in: 'query' },
    ],
    handler: async (req, reply) => {
      limits.hit(LIMITS.read, req.ip);
      const orderId = await sharedOrderId(ctx, text(req.query, 'token', { max: 100 }));
      const n = Number(text(req.query, 'n', { max: 3 }) || 0);
      const step = await docDb(ctx.db)
        .selectFrom('pro_procedure_step')
        .select('photo')
        .where('id', '=', id(req.query, 'step'))
        .where('work_order_id', '=', orderId)
        .executeTakeFirst();
      const path =
        String(step?.photo ?? '')
          .split(',')
          .map((p) => p.trim())[n] ?? '';
      // sendStoredFile accepts only a biz/name of the upload folder; nothing else is read
      const sent = path ? sendStoredFile(ctx, path, reply, 'no-store') : null;
      if (!sent) throw new NotFound('文件不存在');
      return sent;
    },
  });
}
