import { describe, expect, it } from 'vitest';
import { modelProblem } from '../../src/core/cron/check';
import {
  DAY_MODES,
  UNIT_MODES,
  dayChoice,
  defaultModel,
  unitChoice,
  type CronModel,
  type UnitName,
} from '../../src/core/cron/model';
import { nextRuns } from '../../src/core/cron/next-runs';
import { CronError, cronProblem, parseCron } from '../../src/core/cron/parse';
import { toCron } from '../../src/core/cron/write';

const UNITS: UnitName[] = ['second', 'minute', 'hour', 'month', 'year'];
const model = (more: Partial<CronModel>): CronModel => ({ ...defaultModel(), ...more });

/** a run as the wall clock of Shanghai reads it */
const shanghai = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
/** Monday 2026-01-05 10:00 in Shanghai: every expectation below counts from here */
const FROM = new Date('2026-01-05T10:00:00+08:00');
const runs = (expr: string) => nextRuns(expr, 5, { from: FROM, timezone: 'Asia/Shanghai' }).map(shanghai);

describe('cron builder model ↔ Quartz text', () => {
  it('writes the defaults as * with the day of week ?', () => {
    expect(toCron(defaultModel())).toBe('* * * * * ? *');
    expect(parseCron('* * * * * ? *')).toEqual(defaultModel());
    // a six-field expression has no year: every year
    expect(parseCron('0 0 9 * * ?')).toEqual(parseCron('0 0 9 * * ? *'));
  });

  it.each(UNITS.flatMap((unit) => UNIT_MODES.map((mode) => [unit, mode] as const)))(
    '%s in mode %s round-trips',
    (unit, mode) => {
      const m = model({ [unit]: unitChoice(unit, mode) });
      expect(parseCron(toCron(m))).toEqual(m);
    },
  );

  it.each(DAY_MODES)('day mode %s round-trips', (mode) => {
    const m = model({ day: dayChoice(mode) });
    expect(parseCron(toCron(m))).toEqual(m);
  });

  it('round-trips every mode with values other than the defaults', () => {
    const samples: CronModel[] = [
      {
        second: { mode: 'interval', start: 5, step: 59 },
        minute: { mode: 'interval', start: 59, step: 60 },
        hour: { mode: 'specific', values: [0, 9, 23] },
        day: { mode: 'weekInterval', weekday: 7, step: 7 },
        month: { mode: 'range', from: 3, to: 12 },
        year: { mode: 'interval', start: 2119, step: 99 },
      },
      model({
        day: { mode: 'dayInterval', start: 31, step: 31 },
        year: { mode: 'range', from: 2019, to: 2119 },
      }),
      model({ day: { mode: 'weekdays', weekdays: [2, 3, 4, 5, 6] } }),
      model({ day: { mode: 'days', days: [1, 15, 31] } }),
      model({ day: { mode: 'lastWeekday', weekday: 6 } }),
      model({ day: { mode: 'beforeEnd', days: 31 } }),
      model({ day: { mode: 'nearestWorkday', day: 31 } }),
      model({ day: { mode: 'nthWeekday', weekday: 1, nth: 5 } }),
    ];
    for (const m of samples) expect(parseCron(toCron(m))).toEqual(m);
  });

  it('writes each day mode in Quartz form, the unused day field ?', () => {
    const day = (d: CronModel['day']) =>
      toCron(model({ day: d }))
        .split(' ')
        .slice(3, 6);
    expect(day({ mode: 'everyDay' })).toEqual(['*', '*', '?']);
    expect(day({ mode: 'weekInterval', weekday: 2, step: 3 })).toEqual(['?', '*', '2/3']);
    expect(day({ mode: 'dayInterval', start: 5, step: 10 })).toEqual(['5/10', '*', '?']);
    expect(day({ mode: 'weekdays', weekdays: [2, 6] })).toEqual(['?', '*', '2,6']);
    expect(day({ mode: 'days', days: [1, 15] })).toEqual(['1,15', '*', '?']);
    expect(day({ mode: 'lastDay' })).toEqual(['L', '*', '?']);
    expect(day({ mode: 'lastWorkday' })).toEqual(['LW', '*', '?']);
    expect(day({ mode: 'lastWeekday', weekday: 6 })).toEqual(['?', '*', '6L']);
    expect(day({ mode: 'beforeEnd', days: 3 })).toEqual(['L-3', '*', '?']);
    expect(day({ mode: 'nearestWorkday', day: 15 })).toEqual(['15W', '*', '?']);
    expect(day({ mode: 'nthWeekday', weekday: 6, nth: 2 })).toEqual(['?', '*', '6#2']);
  });

  it('reads Quartz names, ranges of weekdays and */n as the builder modes', () => {
    expect(parseCron('0 */20 * ? JAN-MAR MON-FRI').day).toEqual({
      mode: 'weekdays',
      weekdays: [2, 3, 4, 5, 6],
    });
    expect(parseCron('0 */20 * ? JAN-MAR MON-FRI').minute).toEqual({ mode: 'interval', start: 0, step: 20 });
    expect(parseCron('0 */20 * ? JAN-MAR MON-FRI').month).toEqual({ mode: 'range', from: 1, to: 3 });
    expect(parseCron('0 0 9 ? * FRI#2').day).toEqual({ mode: 'nthWeekday', weekday: 6, nth: 2 });
  });
});

describe('cron builder ranges and rules', () => {
  const problem = (expr: string) => cronProblem(expr);

  it('keeps day and weekday exclusive: exactly one is ?', () => {
    expect(problem('0 0 9 1 * 2 *')).toBe('日和周不能同时指定，其中一个须为?');
    expect(problem('0 0 9 ? * ? *')).toBe('日和周不能同时指定，其中一个须为?');
    expect(problem('0 0 9 * * * *')).toBe('日和周不能同时指定，其中一个须为?');
  });

  it('refuses what is out of each tab’s range with a message naming it', () => {
    expect(problem('0/60 * * * * ? *')).toBe('秒的间隔须为1-59的整数');
    expect(problem('60/5 * * * * ? *')).toBe('秒的开始值须为0-59的整数');
    expect(problem('* 0/61 * * * ? *')).toBe('分的间隔须为1-60的整数');
    expect(problem('* 0/60 * * * ? *')).toBeNull();
    expect(problem('* * 24 * * ? *')).toBe('指定的时须为0-23的整数');
    expect(problem('* * * 0/5 * ? *')).toBe('日的开始值须为1-31的整数');
    expect(problem('* * * 1/32 * ? *')).toBe('日的间隔须为1-31的整数');
    expect(problem('* * * ? * 2/8 *')).toBe('周的间隔天数须为1-7的整数');
    expect(problem('* * * ? * 8 *')).toBe('星期须为1-7的整数');
    expect(problem('* * * ? * 2#6 *')).toBe('第几个星期须为1-5的整数');
    expect(problem('* * * L-32 * ? *')).toBe('月末前的天数须为1-31的整数');
    expect(problem('* * * 32W * ? *')).toBe('日须为1-31的整数');
    expect(problem('* * * * 0-12 ? *')).toBe('月的范围须为1-12的整数');
    expect(problem('* * * * 1/13 ? *')).toBe('月的间隔须为1-12的整数');
    expect(problem('* * * * * ? 2018')).toBe('指定的年须为2019-2119的整数');
    expect(problem('* * * * * ? 2019/100')).toBe('年的间隔须为1-99的整数');
    expect(problem('* * * * * ? 2020-2019')).toBe('年的范围起点不能大于终点');
  });

  it('names an unreadable field and a wrong number of fields', () => {
    expect(problem('0 0 9 * *')).toBe('Cron表达式须为6或7个字段：秒 分 时 日 月 周 [年]');
    expect(problem('0 0 9-17/2 * * ? *')).toBe('时字段“9-17/2”无法识别');
    expect(problem('0 0 9 ? * L *')).toBe('周字段“L”无法识别');
    expect(() => parseCron('x * * * * ? *')).toThrow(CronError);
  });

  it('checks a model the builder holds', () => {
    expect(modelProblem(model({ day: { mode: 'weekdays', weekdays: [] } }))).toBe('请至少选择一个星期');
    expect(modelProblem(model({ hour: { mode: 'interval', start: 0, step: 1.5 } }))).toBe(
      '时的间隔须为1-23的整数',
    );
    expect(modelProblem(defaultModel())).toBeNull();
  });
});

describe('next runs (croner, Quartz weekdays)', () => {
  it('every 15 minutes from 5 at 9 o’clock, Monday to Friday', () => {
    expect(runs('0 5/15 9 ? * 2,3,4,5,6 *')).toEqual([
      '2026-01-06 09:05:00',
      '2026-01-06 09:20:00',
      '2026-01-06 09:35:00',
      '2026-01-06 09:50:00',
      '2026-01-07 09:05:00',
    ]);
  });

  it('Quartz numbers weekdays from Sunday = 1 to Saturday = 7, as the builder writes them and the scheduler reads them', () => {
    expect(runs('0 30 3 ? * 1 *').slice(0, 2)).toEqual(['2026-01-11 03:30:00', '2026-01-18 03:30:00']);
    expect(runs('0 30 3 ? * 7 *')[0]).toBe('2026-01-10 03:30:00');
    expect(runs('0 30 3 ? * SUN *')[0]).toBe('2026-01-11 03:30:00');
  });

  it('hours from 0 every 20 (0/20, which croner writes 0-23/20)', () => {
    expect(runs('0 0 0/20 * * ? *')).toEqual([
      '2026-01-05 20:00:00',
      '2026-01-06 00:00:00',
      '2026-01-06 20:00:00',
      '2026-01-07 00:00:00',
      '2026-01-07 20:00:00',
    ]);
  });

  it('three days before month end (L-3, which croner lacks)', () => {
    expect(runs('0 0 9 L-3 * ? *')).toEqual([
      '2026-01-28 09:00:00',
      '2026-02-25 09:00:00',
      '2026-03-28 09:00:00',
      '2026-04-27 09:00:00',
      '2026-05-28 09:00:00',
    ]);
    // 30 days before the end is the 1st of 31-day months only
    expect(runs('0 0 9 L-30 * ? *')).toEqual([
      '2026-03-01 09:00:00',
      '2026-05-01 09:00:00',
      '2026-07-01 09:00:00',
      '2026-08-01 09:00:00',
      '2026-10-01 09:00:00',
    ]);
  });

  it('second Friday, last Friday, nearest workday to the 15th, every 2 days from Tuesday', () => {
    expect(runs('0 0 9 ? * 6#2 *')[1]).toBe('2026-02-13 09:00:00');
    expect(runs('0 0 9 ? * 6L *').slice(0, 2)).toEqual(['2026-01-30 09:00:00', '2026-02-27 09:00:00']);
    // 15 February 2026 is a Sunday
    expect(runs('0 0 9 15W * ? *').slice(0, 2)).toEqual(['2026-01-15 09:00:00', '2026-02-16 09:00:00']);
    expect(runs('0 0 9 ? * 3/2 *').slice(0, 4)).toEqual([
      '2026-01-06 09:00:00',
      '2026-01-08 09:00:00',
      '2026-01-10 09:00:00',
      '2026-01-13 09:00:00',
    ]);
  });

  it('none for an expression that runs no more', () => {
    expect(runs('0 0 9 1 1 ? 2019')).toEqual([]);
    expect(runs('0 0 9 30 2 ? *')).toEqual([]);
    expect(runs('0 0 9 L-31 * ? *')).toEqual([]);
  });

  it('refuses with the builder’s message what it cannot read', () => {
    expect(() => runs('0 0 9 1 * 2 *')).toThrow('日和周不能同时指定，其中一个须为?');
  });
});
