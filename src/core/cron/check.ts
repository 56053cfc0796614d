import {
  DAY,
  UNITS,
  type Bounds,
  type CronModel,
  type DayChoice,
  type UnitChoice,
  type UnitName,
} from './model';

/** a Chinese message naming what is out of range in a builder state, or null */
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

/** the message for a number outside its bounds, or null */
function within(what: string, n: number, bounds: Bounds): string | null {
  return outside(n, bounds) ? `${what}须为${bounds[0]}-${bounds[1]}的整数` : null;
}

function listProblem(what: string, values: number[], bounds: Bounds): string | null {
  if (!values.length) return `请至少选择一个${what}`;
  return values.some((v) => outside(v, bounds)) ? `${what}须为${bounds[0]}-${bounds[1]}的整数` : null;
}

function unitProblem(unit: UnitName, choice: UnitChoice): string | null {
  const spec = UNITS[unit];
  switch (choice.mode) {
    case 'every':
      return null;
    case 'interval':
      return (
        within(`${spec.label}的开始值`, choice.start, spec.start) ??
        within(`${spec.label}的间隔`, choice.step, spec.step)
      );
    case 'specific':
      return listProblem(`指定的${spec.label}`, choice.values, spec.values);
    case 'range':
      return (
        within(`${spec.label}的范围`, choice.from, spec.values) ??
        within(`${spec.label}的范围`, choice.to, spec.values) ??
        (choice.from > choice.to ? `${spec.label}的范围起点不能大于终点` : null)
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
      return within('星期', choice.weekday, DAY.weekday) ?? within('周的间隔天数', choice.step, DAY.weekStep);
    case 'dayInterval':
      return within('日的开始值', choice.start, DAY.day) ?? within('日的间隔', choice.step, DAY.dayStep);
    case 'weekdays':
      return listProblem('星期', choice.weekdays, DAY.weekday);
    case 'days':
      return listProblem('日', choice.days, DAY.day);
    case 'lastWeekday':
      return within('星期', choice.weekday, DAY.weekday);
    case 'beforeEnd':
      return within('月末前的天数', choice.days, DAY.beforeEnd);
    case 'nearestWorkday':
      return within('日', choice.day, DAY.day);
    case 'nthWeekday':
      return within('星期', choice.weekday, DAY.weekday) ?? within('第几个星期', choice.nth, DAY.nth);
  }
}
