import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { nowText } from '../../crud/time';
import { docDb } from '../../db/connect';

/**
 * Sends one user a released 系统消息 in 我的消息 (what a 定时任务 delivers): the announcement, its
 * send row and the live notice to the user's open consoles (routes.ts delivers it on every instance).
 */
export async function announceToUser(
  ctx: AppContext,
  n: { userId: string; title: string; abstract: string; content: string; sender: string },
): Promise<string> {
  const id = newId();
  const now = nowText();
  await ctx.db.transaction().execute(async (trx) => {
    await docDb(trx)
      .insertInto('sys_announcement')
      .values({
        id,
        titile: n.title.slice(0, 100),
        msg_abstract: n.abstract.slice(0, 255),
        msg_content: n.content,
        msg_category: '2',
        priority: 'L',
        msg_type: 'USER',
        user_ids: n.userId,
        show_on_home: 'N',
        sender: n.sender,
        send_status: '1',
        send_time: now,
        create_by: n.sender,
        create_time: now,
      })
      .execute();
    await trx
      .insertInto('sys_announcement_send')
      .values({ id: newId(), annt_id: id, user_id: n.userId, read_flag: '0' })
      .execute();
    await ctx.bus.publish(trx, 'announcement', { id });
  });
  ctx.counts.invalidate('sys_announcement');
  return id;
}
