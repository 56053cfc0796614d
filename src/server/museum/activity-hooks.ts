import { docDb } from '../db/connect';
import { sql } from 'kysely';
import { BizError } from '../http/envelope';
import { setEntityHooks } from '../crud/hooks';

type Row = Record<string, unknown>;

const stamp = (v: unknown) => (v ? String(v).replace('T', ' ') : '');

/** 剩余名额 of a row as the list and the detail show it */
export function seatsLeft(row: Row): number {
  return Math.max(0, Number(row.capacity ?? 0) - Number(row.seatsTaken ?? row.seats_taken ?? 0));
}

/**
 * 活动管理 on the generic CRUD (which cleans its rich-text description, as every umeditor field): the
 * times must make sense, the capacity cannot drop below the seats already taken (read under the row
 * lock that sign-ups take), and an activity with sign-ups cannot be deleted.
 */
export function activityHooks(): void {
  setEntityHooks('museum_activity', {
    async beforeWrite(_ctx, e) {
      if (e.action === 'delete') {
        const used = await docDb(e.db)
          .selectFrom('museum_signup')
          .select('id')
          .where('activity_id', 'in', e.ids)
          .limit(1)
          .executeTakeFirst();
        if (used) throw new BizError('活动已有报名记录，不能删除');
        return;
      }
      const pick = (col: string, key: string) => stamp(col in e.values ? e.values[col] : e.existing?.[key]);
      const start = pick('start_time', 'startTime');
      const end = pick('end_time', 'endTime');
      const deadline = pick('signup_deadline', 'signupDeadline');
      if (start && end && end <= start) throw new BizError('结束时间须晚于开始时间');
      if (deadline && end && deadline > end) throw new BizError('报名截止时间不能晚于结束时间');
      if (e.action === 'add') {
        e.values.seats_taken = 0;
        return;
      }
      if (e.values.capacity === undefined) return;
      const taken = await sql<{ n: number }>`select coalesce(seats_taken, 0) as n from museum_activity
        where id = ${e.ids[0]} for update`.execute(e.db);
      const n = Number(taken.rows[0]?.n ?? 0);
      if (Number(e.values.capacity) < n) throw new BizError(`名额不能少于已报名人数（${n}）`);
    },
    async read(_ctx, rows) {
      for (const r of rows) r.seatsLeft = seatsLeft(r);
    },
  });
}
