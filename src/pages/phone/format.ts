const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** 'yyyy-MM-dd HH:mm:ss' (the wire's GMT+8 time) → '1月16日 周六 10:00' */
export function when(stamp: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(stamp ?? '');
  if (!m) return '';
  const [, y, mo, d, h, mi] = m;
  const weekday = WEEKDAYS[new Date(Date.UTC(+y, +mo - 1, +d)).getUTCDay()];
  return `${+mo}月${+d}日 周${weekday} ${h}:${mi}`;
}

/** a start and an end: the end's date is left out when it is the same day */
export function span(start: string, end: string): string {
  const a = when(start);
  const b = when(end);
  return a.slice(0, -6) === b.slice(0, -6) ? `${a}—${b.slice(-5)}` : `${a} 至 ${b}`;
}
