import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../../context';
import { docDb, type Db } from '../../db/connect';
import type { EntityDocument } from '../../../core/document/types';
import { BizError, fail, ok, okMessage, page } from '../../http/envelope';
import { id, record, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { setEntityHooks } from '../../crud/hooks';
import { nowText } from '../../crud/time';
import { newId } from '../../db/ids';
import type { SocketHub } from '../../socket/hub';

const TABLE = 'sys_announcement';
const DRAFT = '0';
const RELEASED = '1';
const REVOKED = '2';
const HEADER_LIST_SIZE = 5;

/** a released announcement the user receives: everyone's, or one listing the user (a send row made at release) */
function receivedBy(userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`a.send_status = ${RELEASED} and (a.msg_type = 'ALL' or exists (
    select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = ${userId}))`;
}

function readBy(userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from sys_announcement_send r
    where r.annt_id = a.id and r.user_id = ${userId} and r.read_flag = '1')`;
}

/** the listed recipients as clean ids (comma list; ids are letters, digits, - and _) */
function recipients(raw: unknown): string[] {
  const ids = [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.some((i) => !/^[\w-]{1,64}$/.test(i))) throw new BizError('指定用户格式不正确');
  return ids;
}

async function markRead(db: Db, anntIds: string[], userId: string): Promise<void> {
  if (!anntIds.length) return;
  const now = nowText();
  await db
    .insertInto('sys_announcement_send')
    .values(
      anntIds.map((annt_id) => ({ id: newId(), annt_id, user_id: userId, read_flag: '1', read_time: now })),
    )
    .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doUpdateSet({ read_flag: '1', read_time: now }))
    .execute();
}

function announcementHooks(): void {
  setEntityHooks(TABLE, {
    async beforeWrite(_c, e) {
      if (e.action === 'delete') {
        await e.db.deleteFrom('sys_announcement_send').where('annt_id', 'in', e.ids).execute();
        return;
      }
      if (e.action === 'add') e.values.send_status = DRAFT;
      else if (String(e.existing!.sendStatus) !== DRAFT) throw new BizError('只能编辑未发布的通告');
      const pick = (col: string, key: string) => (col in e.values ? e.values[col] : e.existing?.[key]);
      const users = recipients(pick('user_ids', 'userIds'));
      if (pick('msg_type', 'msgType') === 'USER' && !users.length) throw new BizError('请选择指定用户');
      if ('user_ids' in e.values) e.values.user_ids = users.join(',') || null;
      const start = pick('start_time', 'startTime');
      const end = pick('end_time', 'endTime');
      if (start && end && String(end) < String(start)) throw new BizError('结束时间不能早于开始时间');
    },
  });
}

async function findAnnouncement(ctx: AppContext, annId: string) {
  const row = await docDb(ctx.db)
    .selectFrom(TABLE)
    .select(['id', 'titile', 'msg_type', 'user_ids', 'send_status'])
    .where('id', '=', annId)
    .executeTakeFirst();
  if (!row) throw new BizError('未找到对应实体');
  return row;
}

async function release(ctx: AppContext, annId: string, user: CurrentUser) {
  const ann = await findAnnouncement(ctx, annId);
  if (ann.send_status === RELEASED) return fail('该系统通知已发布，无需重复发布');
  await ctx.db.transaction().execute(async (trx) => {
    await docDb(trx)
      .updateTable(TABLE)
      .set({ send_status: RELEASED, send_time: nowText(), sender: user.username, cancel_time: null })
      .where('id', '=', annId)
      .execute();
    const users = ann.msg_type === 'USER' ? recipients(ann.user_ids) : [];
    if (users.length)
      await trx
        .insertInto('sys_announcement_send')
        .values(users.map((user_id) => ({ id: newId(), annt_id: annId, user_id, read_flag: '0' })))
        .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
        .execute();
    // delivered to every instance's sockets once this commits
    await ctx.bus.publish(trx, 'announcement', { id: annId });
  });
  ctx.counts.invalidate(TABLE);
  return okMessage('该系统通知发布成功');
}

async function revoke(ctx: AppContext, annId: string) {
  const ann = await findAnnouncement(ctx, annId);
  if (ann.send_status !== RELEASED) return fail('该系统通知未发布，不能撤销');
  await docDb(ctx.db)
    .updateTable(TABLE)
    .set({ send_status: REVOKED, cancel_time: nowText() })
    .where('id', '=', annId)
    .execute();
  ctx.counts.invalidate(TABLE);
  return okMessage('该系统通知撤销成功');
}

/** pushes a released announcement to the recipients' sockets on this instance */
async function deliver(ctx: AppContext, hub: SocketHub, data: unknown) {
  const annId = String((data as { id?: unknown } | null)?.id ?? '');
  const ann = await docDb(ctx.db)
    .selectFrom(TABLE)
    .select(['id', 'titile', 'msg_type', 'user_ids', 'send_status'])
    .where('id', '=', annId)
    .executeTakeFirst();
  if (!ann || ann.send_status !== RELEASED) return;
  const all = ann.msg_type !== 'USER';
  hub.send(all ? 'all' : new Set(recipients(ann.user_ids)), {
    cmd: all ? 'topic' : 'user',
    msgId: ann.id as string,
    msgTxt: ann.titile as string,
  });
}

/**
 * Announcements (reference 2.11): release and revoke on top of the generic CRUD of the
 * sys_announcement document, live delivery to the recipients' open consoles, and the per-user
 * read state the header shows.
 */
export function registerAnnouncementRoutes(t: RouteTable, ctx: AppContext, hub: SocketHub): void {
  const doc = ctx.catalog.entities.get(TABLE);
  if (!doc) return;
  announcementHooks();
  ctx.bus.on('announcement', (data) => deliver(ctx, hub, data));
  const tag = doc.title;

  t.add({
    method: 'GET',
    url: '/sys/annountCement/doReleaseData',
    access: { perm: `${doc.permission}release` },
    tag,
    // a state change through GET (the contract's verb): logged like any write, refusals included
    audit: true,
    summary: '发布通告（草稿或已撤销的）：推送到接收人已打开的控制台；“该系统通知发布成功”',
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => release(ctx, id(req.query), req.user!),
  });

  t.add({
    method: 'GET',
    url: '/sys/annountCement/doReovkeData',
    access: { perm: `${doc.permission}revoke` },
    tag,
    // a state change through GET (the contract's verb): logged like any write, refusals included
    audit: true,
    summary: '撤销已发布的通告；“该系统通知撤销成功”',
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => revoke(ctx, id(req.query)),
  });

  registerReadStateRoutes(t, ctx, doc);
}

/** the header's calls: every signed-in user reads and marks its own notices */
function registerReadStateRoutes(t: RouteTable, ctx: AppContext, doc: EntityDocument): void {
  const tag = doc.title;
  const columns = sql`a.id, a.titile, a.msg_abstract as "msgAbstract", a.msg_content as "msgContent",
    a.sender, a.priority, a.msg_category as "msgCategory", a.msg_type as "msgType", a.send_time as "sendTime",
    a.start_time as "startTime", a.end_time as "endTime"`;

  t.add({
    method: 'GET',
    url: '/sys/annountCement/listByUser',
    access: 'session',
    tag,
    summary:
      '当前用户的未读通告（已发布、未过期）：{anntMsgList, anntMsgTotal（通知公告）, sysMsgList, sysMsgTotal（系统消息）}，各取最新 5 条',
    handler: async (req) => {
      const userId = req.user!.id;
      const unread = async (category: string) => {
        const where = sql`${receivedBy(userId)} and not ${readBy(userId)} and a.msg_category = ${category}
          and (a.end_time is null or a.end_time >= localtimestamp)`;
        const [rows, total] = await Promise.all([
          sql<Record<string, unknown>>`select ${columns} from ${sql.raw(TABLE)} a where ${where}
            order by a.send_time desc, a.id desc limit ${HEADER_LIST_SIZE}`.execute(ctx.db),
          sql<{ n: string }>`select count(*) as n from ${sql.raw(TABLE)} a where ${where}`.execute(ctx.db),
        ]);
        return { list: rows.rows, total: Number(total.rows[0].n) };
      };
      const [annt, sys] = await Promise.all([unread('1'), unread('2')]);
      return ok({
        anntMsgList: annt.list,
        anntMsgTotal: annt.total,
        sysMsgList: sys.list,
        sysMsgTotal: sys.total,
      });
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    access: 'session',
    tag,
    summary: '我的消息（分页，最新在前）：readFlag 0 未读 / 1 已读；可按 readFlag、msgCategory、titile 筛选',
    params: ['pageNo', 'pageSize', 'readFlag', 'msgCategory', 'titile'].map((name) => ({
      name,
      in: 'query' as const,
    })),
    handler: async (req) => {
      const q = req.query as Record<string, unknown>;
      const userId = req.user!.id;
      const pageNo = Math.max(1, Number(text(q, 'pageNo', { max: 6 })) || 1);
      const pageSize = Math.min(100, Math.max(1, Number(text(q, 'pageSize', { max: 6 })) || 10));
      const where = [receivedBy(userId)];
      const readFlag = text(q, 'readFlag', { max: 1 });
      if (readFlag === '1') where.push(readBy(userId));
      else if (readFlag === '0') where.push(sql<SqlBool>`not ${readBy(userId)}`);
      const category = text(q, 'msgCategory', { max: 10 });
      if (category) where.push(sql<SqlBool>`a.msg_category = ${category}`);
      const title = text(q, 'titile', { max: 100 });
      if (title) where.push(sql<SqlBool>`a.titile ilike ${`%${title.replace(/[\\%_]/g, (c) => '\\' + c)}%`}`);
      const cond = sql.join(where, sql` and `);
      const [rows, total] = await Promise.all([
        sql<Record<string, unknown>>`select ${columns}, a.id as "anntId",
            case when ${readBy(userId)} then '1' else '0' end as "readFlag",
            (select r.read_time from sys_announcement_send r where r.annt_id = a.id and r.user_id = ${userId}) as "readTime"
          from ${sql.raw(TABLE)} a where ${cond}
          order by a.send_time desc, a.id desc limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(
          ctx.db,
        ),
        sql<{ n: string }>`select count(*) as n from ${sql.raw(TABLE)} a where ${cond}`.execute(ctx.db),
      ]);
      return ok(page(rows.rows, Number(total.rows[0].n), pageSize, pageNo));
    },
  });

  t.add({
    method: 'PUT',
    url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    access: 'session',
    tag,
    summary: '把一条通告标为当前用户已读（请求体 {anntId}；userId 以会话为准）',
    params: [{ name: 'anntId', in: 'body', required: true }],
    handler: async (req) => {
      const anntId = id(record(req.body), 'anntId');
      const userId = req.user!.id;
      const found =
        await sql`select 1 from ${sql.raw(TABLE)} a where a.id = ${anntId} and ${receivedBy(userId)}`.execute(
          ctx.db,
        );
      if (!found.rows.length) throw new BizError('未找到对应实体');
      await markRead(ctx.db, [anntId], userId);
      return ok(null);
    },
  });

  t.add({
    method: 'PUT',
    url: '/sys/sysAnnouncementSend/readAll',
    access: 'session',
    tag,
    summary: '把当前用户收到的全部通告标为已读；“全部已读”',
    handler: async (req) => {
      const userId = req.user!.id;
      const unread = await sql<{ id: string }>`select a.id from ${sql.raw(TABLE)} a
        where ${receivedBy(userId)} and not ${readBy(userId)}`.execute(ctx.db);
      await markRead(
        ctx.db,
        unread.rows.map((r) => r.id),
        userId,
      );
      return ok(null, '全部已读');
    },
  });
}
