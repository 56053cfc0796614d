import { modelProblem } from './check';
import {
  UNITS,
  WEEKDAY_NAMES,
  type CronModel,
  type DayChoice,
  type UnitChoice,
  type UnitName,
} from './model';
import { t } from './messages';

/** an expression the builder cannot read, with the message saying why (messages.ts) */
export class CronError extends Error {}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Quartz's names (MON, JAN) as the numbers the builder keeps (2, 1) */
function numbered(text: string, names: readonly string[]): string {
  return text.toUpperCase().replace(/[A-Z]{3}/g, (name) => {
    const i = names.indexOf(name);
    return i < 0 ? name : String(i + 1);
  });
}

const INTERVAL = /^(\d+|\*)\/(\d+)$/;
const RANGE = /^(\d+)-(\d+)$/;
const LIST = /^\d+(,\d+)*$/;
/** a list whose items may be ranges (MON-FRI), read as the values it names */
const SPANS = /^\d+(-\d+)?(,\d+(-\d+)?)*$/;

function spans(text: string): number[] {
  return text.split(',').flatMap((item) => {
    const [a, b = a] = item.split('-').map(Number);
    return Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  });
}

function unreadable(what: string, text: string): CronError {
  return new CronError(t('unreadable', { what, text }));
}

function readUnit(unit: UnitName, raw: string): UnitChoice {
  const text = unit === 'month' ? numbered(raw, MONTH_NAMES) : raw;
  const spec = UNITS[unit];
  if (text === '*') return { mode: 'every' };
  let m = INTERVAL.exec(text);
  if (m) return { mode: 'interval', start: m[1] === '*' ? spec.values[0] : Number(m[1]), step: Number(m[2]) };
  m = RANGE.exec(text);
  if (m) return { mode: 'range', from: Number(m[1]), to: Number(m[2]) };
  if (LIST.test(text)) return { mode: 'specific', values: text.split(',').map(Number) };
  throw unreadable(t(unit), raw);
}

function readDayOfMonth(text: string): DayChoice {
  if (text === '*') return { mode: 'everyDay' };
  if (text === 'L') return { mode: 'lastDay' };
  if (text === 'LW') return { mode: 'lastWorkday' };
  let m = /^L-(\d+)$/.exec(text);
  if (m) return { mode: 'beforeEnd', days: Number(m[1]) };
  m = /^(\d+)W$/.exec(text);
  if (m) return { mode: 'nearestWorkday', day: Number(m[1]) };
  m = INTERVAL.exec(text);
  if (m) return { mode: 'dayInterval', start: m[1] === '*' ? 1 : Number(m[1]), step: Number(m[2]) };
  if (SPANS.test(text)) return { mode: 'days', days: spans(text) };
  throw unreadable(t('day'), text);
}

function readDayOfWeek(raw: string): DayChoice {
  const text = numbered(raw, WEEKDAY_NAMES);
  if (text === '*') return { mode: 'everyDay' };
  let m = /^(\d)L$/.exec(text);
  if (m) return { mode: 'lastWeekday', weekday: Number(m[1]) };
  m = /^(\d)#(\d+)$/.exec(text);
  if (m) return { mode: 'nthWeekday', weekday: Number(m[1]), nth: Number(m[2]) };
  m = INTERVAL.exec(text);
  if (m) return { mode: 'weekInterval', weekday: m[1] === '*' ? 1 : Number(m[1]), step: Number(m[2]) };
  if (SPANS.test(text)) return { mode: 'weekdays', weekdays: spans(text) };
  throw unreadable(t('week'), raw);
}

/** day of month and day of week exclude each other: exactly one of them is `?` */
function readDay(dom: string, dow: string): DayChoice {
  if ((dom === '?') === (dow === '?')) throw new CronError(t('bothDays'));
  return dow === '?' ? readDayOfMonth(dom) : readDayOfWeek(dow);
}

/**
 * The builder state of a Quartz expression (6 fields, or 7 with the year), in the builder's own
 * modes, so that parseCron(toCron(model)) gives the model back. Throws a CronError with a message
 * (messages.ts) for what is not an expression the builder can show, or is outside the ranges.
 */
export function parseCron(text: string): CronModel {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 6 && parts.length !== 7) {
    throw new CronError(t('fieldCount'));
  }
  const [second, minute, hour, dom, month, dow, year = '*'] = parts;
  const model: CronModel = {
    second: readUnit('second', second),
    minute: readUnit('minute', minute),
    hour: readUnit('hour', hour),
    day: readDay(dom, dow),
    month: readUnit('month', month),
    year: readUnit('year', year),
  };
  const problem = modelProblem(model);
  if (problem) throw new CronError(problem);
  return model;
}

/** why a text is not an expression the builder can show, or null */
export function cronProblem(text: string): string | null {
  try {
    parseCron(text);
    return null;
  } catch (e) {
    if (e instanceof CronError) return e.message;
    throw e;
  }
}
