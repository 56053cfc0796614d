import { Cron } from 'croner';
import { DAY, UNITS, type CronModel, type DayChoice, type UnitChoice, type UnitName } from './model';
import { parseCron } from './parse';
import { dayTexts, unitText } from './write';

/**
 * croner's reading of a builder field. croner refuses a bare start (`0/20`: it wants `0-59/20`)
 * and has no `L-3`: a start runs to the top of the unit, and a day before month end is looked for
 * among the days it can fall on, then kept only where it does (see `wanted`).
 */
function cronerUnit(unit: UnitName, choice: UnitChoice): string {
  return choice.mode === 'interval'
    ? `${choice.start}-${UNITS[unit].values[1]}/${choice.step}`
    : unitText(choice);
}

function cronerDays(choice: DayChoice): [string, string] {
  switch (choice.mode) {
    case 'dayInterval':
      return [`${choice.start}-${DAY.day[1]}/${choice.step}`, '?'];
    case 'weekInterval':
      return ['?', `${choice.weekday}-${DAY.weekday[1]}/${choice.step}`];
    case 'beforeEnd': {
      // the month's last day is the 28th to the 31st
      const days = [28, 29, 30, 31].map((last) => last - choice.days).filter((d) => d >= 1);
      return [days.length ? days.join(',') : '', '?'];
    }
    default:
      return dayTexts(choice);
  }
}

interface DayParts {
  year: number;
  month: number;
  day: number;
  secondOfDay: number;
}

/** the calendar day of an instant in the time zone (the runtime's own when none is given) */
function dayParts(date: Date, timezone?: string): DayParts {
  if (!timezone) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      secondOfDay: date.getHours() * 3600 + date.getMinutes() * 60 + date.getSeconds(),
    };
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    secondOfDay: n('hour') * 3600 + n('minute') * 60 + n('second'),
  };
}

/** whether a run croner found is one of the expression's (only `L-n` asks more than croner knows) */
function wanted(choice: DayChoice, p: DayParts): boolean {
  if (choice.mode !== 'beforeEnd') return true;
  const lastDay = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return p.day === lastDay - choice.days;
}

/** enough for years of month-end misses; past it the expression is taken to have no more runs */
const MAX_SKIPS = 2000;

export interface NextRunsOptions {
  /** runs after this instant (default: now) */
  from?: Date;
  /** the IANA zone the expression is read in (default: the runtime's) */
  timezone?: string;
}

/**
 * The next `count` run times of an expression the builder can show, found by croner in Quartz
 * weekday numbering. Fewer (or none) when the expression runs no more (a past year, 30 February).
 * Throws a CronError with the builder's message for an expression it cannot read.
 */
export function nextRuns(expr: string, count = 5, options: NextRunsOptions = {}): Date[] {
  const model: CronModel = parseCron(expr);
  const [dom, dow] = cronerDays(model.day);
  if (!dom) return [];
  const pattern = [
    cronerUnit('second', model.second),
    cronerUnit('minute', model.minute),
    cronerUnit('hour', model.hour),
    dom,
    cronerUnit('month', model.month),
    dow,
    cronerUnit('year', model.year),
  ].join(' ');
  const cron = new Cron(pattern, {
    alternativeWeekdays: true,
    domAndDow: true,
    mode: '7-part',
    timezone: options.timezone,
  });
  const runs: Date[] = [];
  let after: Date = options.from ?? new Date();
  for (let skips = 0; runs.length < count && skips < MAX_SKIPS;) {
    const run = cron.nextRun(after);
    if (!run) break;
    const parts = dayParts(run, options.timezone);
    if (wanted(model.day, parts)) {
      runs.push(run);
      after = run;
    } else {
      // the rest of that day is no better: go on from its last second
      after = new Date(run.getTime() + (86_399 - parts.secondOfDay) * 1000);
      skips += 1;
    }
  }
  return runs;
}
