import {
  DAY,
  UNITS,
  type Bounds,
  type CronModel,
  type DayChoice,
  type UnitChoice,
  type UnitName,
} from './model';
import { t } from './messages';

/** a message (messages.ts) naming what is out of range in a builder state, or null */
export function modelProblem(model: CronModel): string | null {
  const units: UnitName[] = ['second', 'minute', 'hour', 'month', 'year'];
  for (const unit of units) {
    const problem = unitProblem(unit, model[unit]);
    if (problem) return problem;
  }
  return dayProblem(model.day);
}

function outside(n: number, [min, max]: Bounds): boolean {
  return !Number.isInteger(n) || n < min || n > max;
}

const outOfBounds = (what: string, [min, max]: Bounds) => t('outOfBounds', { what, min, max });

/** the message for a number outside its bounds, or null */
function within(what: string, n: number, bounds: Bounds): string | null {
  return outside(n, bounds) ? outOfBounds(what, bounds) : null;
}

function listProblem(what: string, values: number[], bounds: Bounds): string | null {
  if (!values.length) return t('pickOne', { what });
  return values.some((v) => outside(v, bounds)) ? outOfBounds(what, bounds) : null;
}

function unitProblem(unit: UnitName, choice: UnitChoice): string | null {
  const spec = UNITS[unit];
  const label = t(unit);
  switch (choice.mode) {
    case 'every':
      return null;
    case 'interval':
      return (
        within(t('startOf', { unit: label }), choice.start, spec.start) ??
        within(t('stepOf', { unit: label }), choice.step, spec.step)
      );
    case 'specific':
      return listProblem(t('specificOf', { unit: label }), choice.values, spec.values);
    case 'range':
      return (
        within(t('rangeOf', { unit: label }), choice.from, spec.values) ??
        within(t('rangeOf', { unit: label }), choice.to, spec.values) ??
        (choice.from > choice.to ? t('rangeReversed', { unit: label }) : null)
      );
  }
}

function dayProblem(choice: DayChoice): string | null {
  switch (choice.mode) {
    case 'everyDay':
    case 'lastDay':
    case 'lastWorkday':
      return null;
    case 'weekInterval':
      return (
        within(t('weekday'), choice.weekday, DAY.weekday) ?? within(t('weekStep'), choice.step, DAY.weekStep)
      );
    case 'dayInterval':
      return (
        within(t('startOf', { unit: t('day') }), choice.start, DAY.day) ??
        within(t('stepOf', { unit: t('day') }), choice.step, DAY.dayStep)
      );
    case 'weekdays':
      return listProblem(t('weekday'), choice.weekdays, DAY.weekday);
    case 'days':
      return listProblem(t('day'), choice.days, DAY.day);
    case 'lastWeekday':
      return within(t('weekday'), choice.weekday, DAY.weekday);
    case 'beforeEnd':
      return within(t('beforeEnd'), choice.days, DAY.beforeEnd);
    case 'nearestWorkday':
      return within(t('day'), choice.day, DAY.day);
    case 'nthWeekday':
      return within(t('weekday'), choice.weekday, DAY.weekday) ?? within(t('nth'), choice.nth, DAY.nth);
  }
}
