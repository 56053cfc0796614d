import type { CronModel, DayChoice, UnitChoice } from './model';

/** one unit's field: `*`, `start/step`, `a,b,c` or `from-to` */
export function unitText(choice: UnitChoice): string {
  switch (choice.mode) {
    case 'every':
      return '*';
    case 'interval':
      return `${choice.start}/${choice.step}`;
    case 'specific':
      return choice.values.join(',');
    case 'range':
      return `${choice.from}-${choice.to}`;
  }
}

/** the day-of-month and day-of-week fields of a day mode: the one it does not use is `?` */
export function dayTexts(choice: DayChoice): [dayOfMonth: string, dayOfWeek: string] {
  switch (choice.mode) {
    case 'everyDay':
      return ['*', '?'];
    case 'weekInterval':
      return ['?', `${choice.weekday}/${choice.step}`];
    case 'dayInterval':
      return [`${choice.start}/${choice.step}`, '?'];
    case 'weekdays':
      return ['?', choice.weekdays.join(',')];
    case 'days':
      return [choice.days.join(','), '?'];
    case 'lastDay':
      return ['L', '?'];
    case 'lastWorkday':
      return ['LW', '?'];
    case 'lastWeekday':
      return ['?', `${choice.weekday}L`];
    case 'beforeEnd':
      return [`L-${choice.days}`, '?'];
    case 'nearestWorkday':
      return [`${choice.day}W`, '?'];
    case 'nthWeekday':
      return ['?', `${choice.weekday}#${choice.nth}`];
  }
}

/** the Quartz expression of a builder state: second minute hour day-of-month month day-of-week year */
export function toCron(model: CronModel): string {
  const [dom, dow] = dayTexts(model.day);
  return [
    unitText(model.second),
    unitText(model.minute),
    unitText(model.hour),
    dom,
    unitText(model.month),
    dow,
    unitText(model.year),
  ].join(' ');
}
