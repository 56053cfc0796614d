import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { newId } from '../db/ids';
import { BizError } from '../http/envelope';
import { text } from '../http/params';
import { nowText } from '../crud/time';
import { setEntityHooks } from '../crud/hooks';
import { resolvePattern } from '../../core/validation/presets';
import {
  CANCELLED,
  CHECKED_IN,
  FULL,
  lockActivity,
  PUBLISHED,
  releaseSeats,
  reserveSeats,
  seatsHeld,
  SIGNED_UP,
} from './seats';

type Row = Record<string, unknown>;

/** unambiguous letters and digits (no 0/O, 1/I/L) */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newCheckinCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return s;
}

/** what a visitor sees of its own sign-up */
export const SIGNUP_COLUMNS = sql`s.id, s.activity_id as "activityId", s.name, s.mobile,
  s.party_size as "partySize", s.state, s.checkin_code as "checkinCode", s.checkin_time as "checkinTime",
  s.create_time as "createTime"`;

export interface SignupInput {
  activityId: string;
  partySize: number;
  name: string;
  mobile: string;
}

const MOBILE = resolvePattern('m')!.test;

export function signupInput(body: unknown): SignupInput {
  const activityId = text(body, 'activityId', { required: '请选择活动', max: 64 });
  if (!/^[\w-]{1,64}$/.test(activityId)) throw new BizError('活动不存在或未发布');
  const partySize = Number(text(body, 'partySize', { required: '请输入报名人数', max: 3 }));
  if (!Number.isInteger(partySize) || partySize < 1) throw new BizError('报名人数须为正整数');
  const name = text(body, 'name', { required: '请输入联系人姓名', max: 50 }).trim();
  if (!name) throw new BizError('请输入联系人姓名');
  const mobile = text(body, 'mobile', { required: '请输入手机号', max: 20 }).trim();
  if (!MOBILE.test(mobile)) throw new BizError('请输入正确手机号');
  return { activityId, partySize, name, mobile };
}

/** why an activity takes no sign-up right now (null: it does) */
async function refusal(db: Db, activityId: string, partySize: number): Promise<string | null> {
  const a = (
    await sql<Row>`select status, capacity, coalesce(seats_taken, 0) as taken, per_person_limit,
      signup_deadline <= localtimestamp as closed, end_time <= localtimestamp as ended
      from museum_activity where id = ${activityId}`.execute(db)
  ).rows[0];
  if (!a || (a.status !== PUBLISHED && a.status !== '2')) return '活动不存在或未发布';
  if (a.status === '2' || a.ended) return '活动已结束';
  if (a.closed) return '报名已截止';
  if (partySize > Number(a.per_person_limit ?? 1)) return `每人最多可报${Number(a.per_person_limit ?? 1)}人`;
  if (Number(a.taken) + partySize > Number(a.capacity)) return FULL;
  return null;
}

async function findOwn(db: Db, activityId: string, visitorId: string): Promise<Row | undefined> {
  const r = await sql<Row>`select ${SIGNUP_COLUMNS} from museum_signup s
    where s.activity_id = ${activityId} and s.visitor_id = ${visitorId}`.execute(db);
  return r.rows[0];
}

class AlreadySignedUp extends Error {}

/**
 * A visitor's sign-up, correct under any concurrency: one transaction takes the seats with a
 * conditional UPDATE (never oversold), then writes the sign-up, whose unique index on (activity,
 * visitor) keeps it one per visitor. A visitor already signed up gets that sign-up back, also when
 * two of its requests race (the loser's seats roll back with it). A cancelled one is taken up again.
 */
export async function signUp(
  ctx: AppContext,
  visitorId: string,
  input: SignupInput,
): Promise<{ signup: Row; created: boolean }> {
  const held = await findOwn(ctx.db, input.activityId, visitorId);
  if (held && held.state !== CANCELLED) return { signup: held, created: false };
  try {
    const signup = await ctx.db.transaction().execute(async (trx) => {
      // the reason a conditional update failed is read after it, so it names the real one
      if (!(await reserveSeats(trx, input.activityId, input.partySize, true)))
        throw new BizError((await refusal(trx, input.activityId, input.partySize)) ?? FULL);
      const now = nowText();
      const written = held
        ? await sql`update museum_signup set state = ${SIGNED_UP}, party_size = ${input.partySize},
            name = ${input.name}, mobile = ${input.mobile}, update_by = 'visitor', update_time = ${now}
            where id = ${held.id} and state = ${CANCELLED} returning id`.execute(trx)
        : await sql`insert into museum_signup (id, activity_id, visitor_id, name, mobile, party_size, state,
            checkin_code, create_by, create_time)
            values (${newId()}, ${input.activityId}, ${visitorId}, ${input.name}, ${input.mobile},
              ${input.partySize}, ${SIGNED_UP}, ${newCheckinCode()}, 'visitor', ${now})
            on conflict (activity_id, visitor_id) do nothing returning id`.execute(trx);
      if (!written.rows.length) throw new AlreadySignedUp();
      return (await findOwn(trx, input.activityId, visitorId))!;
    });
    ctx.counts.invalidate('museum_signup');
    return { signup, created: true };
  } catch (e) {
    if (!(e instanceof AlreadySignedUp)) throw e;
    const mine = await findOwn(ctx.db, input.activityId, visitorId);
    if (!mine) throw new BizError('报名失败，请重试');
    return { signup: mine, created: false };
  }
}

/** a visitor cancels its own sign-up: the seats are free again at once */
export async function cancelSignup(ctx: AppContext, visitorId: string, signupId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const own = await sql<Row>`select activity_id from museum_signup
      where id = ${signupId} and visitor_id = ${visitorId}`.execute(trx);
    if (!own.rows.length) throw new BizError('报名记录不存在');
    const activityId = String(own.rows[0].activity_id);
    await lockActivity(trx, activityId);
    const row = (
      await sql<Row>`select state, party_size from museum_signup where id = ${signupId} for update`.execute(
        trx,
      )
    ).rows[0];
    if (row.state === CANCELLED) throw new BizError('报名已取消');
    if (row.state === CHECKED_IN) throw new BizError('已签到，不能取消报名');
    await sql`update museum_signup set state = ${CANCELLED}, update_by = 'visitor', update_time = ${nowText()}
      where id = ${signupId}`.execute(trx);
    await releaseSeats(trx, activityId, Number(row.party_size));
  });
  ctx.counts.invalidate('museum_signup');
}

/**
 * 活动报名 on the generic CRUD (staff register walk-ins, correct or cancel a sign-up): every write
 * moves the activity's seat count by what the sign-up holds before and after, under the activity's
 * row lock, and a staff add cannot overfill an activity either. The activity of a sign-up is fixed.
 */
export function signupHooks(): void {
  setEntityHooks('museum_signup', {
    async beforeWrite(_ctx, e) {
      if (e.action === 'add') {
        const activityId = String(e.values.activity_id);
        await lockActivity(e.db, activityId);
        const state = String(e.values.state ?? SIGNED_UP);
        if (!(await reserveSeats(e.db, activityId, seatsHeld(state, e.values.party_size), false)))
          throw new BizError(FULL);
        e.values.checkin_code = newCheckinCode();
        if (state === CHECKED_IN) e.values.checkin_time = nowText();
        return;
      }
      if (e.action === 'edit') {
        const activityId = String(e.existing!.activityId);
        if (e.values.activity_id !== undefined && String(e.values.activity_id) !== activityId)
          throw new BizError('不能修改报名所属的活动');
        await lockActivity(e.db, activityId);
        const now = (
          await sql<Row>`select state, party_size from museum_signup where id = ${e.ids[0]} for update`.execute(
            e.db,
          )
        ).rows[0];
        const state = String(e.values.state ?? now.state);
        const before = seatsHeld(now.state, now.party_size);
        const after = seatsHeld(state, e.values.party_size ?? now.party_size);
        if (after > before && !(await reserveSeats(e.db, activityId, after - before, false)))
          throw new BizError(FULL);
        if (after < before) await releaseSeats(e.db, activityId, before - after);
        if (state === CHECKED_IN && now.state !== CHECKED_IN) e.values.checkin_time = nowText();
        return;
      }
      const rows = await sql<Row>`select activity_id, state, party_size from museum_signup
        where id in (${sql.join(e.ids)}) order by activity_id`.execute(e.db);
      for (const r of rows.rows) {
        await lockActivity(e.db, String(r.activity_id));
        await releaseSeats(e.db, String(r.activity_id), seatsHeld(r.state, r.party_size));
      }
    },
  });
}
