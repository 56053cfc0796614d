import { t } from './i18n/i18n';

/** 'yyyy-MM-dd HH:mm:ss' (the wire's GMT+8 time) → its date ('1月16日 周六') and time ('10:00') */
function parts(stamp: string | null | undefined): { date: string; time: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(stamp ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  const weekday = t('phone.weekdays').split(',')[new Date(Date.UTC(+y, +mo - 1, +d)).getUTCDay()];
  const month = t('phone.months').split(',')[+mo - 1];
  return { date: t('phone.date', { month, day: +d, weekday }), time: `${h}:${mi}` };
}

/** a moment in the chosen language: '1月16日 周六 10:00', 'Sat, Jan 16 10:00' */
export function when(stamp: string | null | undefined): string {
  const p = parts(stamp);
  return p ? `${p.date} ${p.time}` : '';
}

/** a start and an end: the end's date is left out when it is the same day */
export function span(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  if (a && b && a.date === b.date) return `${a.date} ${a.time}—${b.time}`;
  return t('phone.span', { start: when(start), end: when(end) });
}
