/**
 * The cron builder's state ("Cron choice per field"): one choice per field of a Quartz
 * expression (second minute hour day-of-month month day-of-week year). The day tab covers
 * both day-of-month and day-of-week, which exclude each other: whichever the day mode does not use
 * is written `?`.
 */
import { t } from './messages';

/** modes 1–4 of the seconds, minutes, hours, months and years tabs */
export type UnitChoice =
  | { mode: 'every' }
  | { mode: 'interval'; start: number; step: number }
  | { mode: 'specific'; values: number[] }
  | { mode: 'range'; from: number; to: number };

/** the day tab's modes 1–11, in the order the day tab lists them. Weekdays are Quartz's 1 (SUN) … 7 (SAT). */
export type DayChoice =
  | { mode: 'everyDay' }
  | { mode: 'weekInterval'; weekday: number; step: number }
  | { mode: 'dayInterval'; start: number; step: number }
  | { mode: 'weekdays'; weekdays: number[] }
  | { mode: 'days'; days: number[] }
  | { mode: 'lastDay' }
  | { mode: 'lastWorkday' }
  | { mode: 'lastWeekday'; weekday: number }
  | { mode: 'beforeEnd'; days: number }
  | { mode: 'nearestWorkday'; day: number }
  | { mode: 'nthWeekday'; weekday: number; nth: number };

export type UnitName = 'second' | 'minute' | 'hour' | 'month' | 'year';

export interface CronModel {
  second: UnitChoice;
  minute: UnitChoice;
  hour: UnitChoice;
  day: DayChoice;
  month: UnitChoice;
  year: UnitChoice;
}

export const UNIT_MODES = ['every', 'interval', 'specific', 'range'] as const;
export const DAY_MODES = [
  'everyDay',
  'weekInterval',
  'dayInterval',
  'weekdays',
  'days',
  'lastDay',
  'lastWorkday',
  'lastWeekday',
  'beforeEnd',
  'nearestWorkday',
  'nthWeekday',
] as const;

export type Bounds = readonly [min: number, max: number];

/** what a unit tab allows: its values, and the interval's start and step */
export interface UnitSpec {
  /** the values a specific list or a range may name */
  values: Bounds;
  start: Bounds;
  step: Bounds;
  /** the start a new interval choice offers */
  defaultStart: number;
}

export const UNITS: Record<UnitName, UnitSpec> = {
  second: { values: [0, 59], start: [0, 59], step: [1, 59], defaultStart: 0 },
  minute: { values: [0, 59], start: [0, 59], step: [1, 60], defaultStart: 0 },
  hour: { values: [0, 23], start: [0, 23], step: [1, 23], defaultStart: 0 },
  // says 0-12 for a month increment; a step of 0 would never repeat, so it starts at 1
  month: { values: [1, 12], start: [1, 12], step: [1, 12], defaultStart: 1 },
  year: { values: [2019, 2119], start: [2019, 2119], step: [1, 99], defaultStart: 2019 },
};

/** the day tab's bounds */
export const DAY = {
  day: [1, 31] as Bounds,
  dayStep: [1, 31] as Bounds,
  weekday: [1, 7] as Bounds,
  weekStep: [1, 7] as Bounds,
  nth: [1, 5] as Bounds,
  beforeEnd: [1, 31] as Bounds,
};

/** Quartz's weekday names, 1 (SUN) … 7 (SAT) */
export const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

/** how the builder shows Quartz's weekday `n` (1 = SUN), in the language shown (messages.ts) */
export const weekdayLabel = (n: number) => t(WEEKDAY_NAMES[n - 1]);

/** every field `*`, the day of week `?` (defaults): `* * * * * ? *` */
export function defaultModel(): CronModel {
  return {
    second: { mode: 'every' },
    minute: { mode: 'every' },
    hour: { mode: 'every' },
    day: { mode: 'everyDay' },
    month: { mode: 'every' },
    year: { mode: 'every' },
  };
}

/** a choice of a unit's mode with the values its controls start from */
export function unitChoice(unit: UnitName, mode: UnitChoice['mode']): UnitChoice {
  const spec = UNITS[unit];
  switch (mode) {
    case 'every':
      return { mode };
    case 'interval':
      return { mode, start: spec.defaultStart, step: 1 };
    case 'specific':
      return { mode, values: [spec.values[0]] };
    case 'range':
      return { mode, from: spec.values[0], to: spec.values[0] + 1 };
  }
}

/** a day mode with the values its controls start from (Monday, the 1st, once) */
export function dayChoice(mode: DayChoice['mode']): DayChoice {
  switch (mode) {
    case 'everyDay':
    case 'lastDay':
    case 'lastWorkday':
      return { mode };
    case 'weekInterval':
      return { mode, weekday: 2, step: 1 };
    case 'dayInterval':
      return { mode, start: 1, step: 1 };
    case 'weekdays':
      return { mode, weekdays: [2] };
    case 'days':
      return { mode, days: [1] };
    case 'lastWeekday':
      return { mode, weekday: 2 };
    case 'beforeEnd':
      return { mode, days: 1 };
    case 'nearestWorkday':
      return { mode, day: 1 };
    case 'nthWeekday':
      return { mode, weekday: 2, nth: 1 };
  }
}
