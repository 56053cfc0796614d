import type { MessageKey } from '../../app/i18n/zh-CN';

/**
 * Time-of-day greeting (its catalog key): before 9 早上好, to 11 上午好, to 13 中午好, before 20 下午好,
 * else 晚上好. "to 11" and "to 13" include the hour itself, as upstream's timeFix does.
 */
export function greeting(hour: number): MessageKey {
  if (hour < 9) return 'dashboard.morning';
  if (hour <= 11) return 'dashboard.forenoon';
  if (hour <= 13) return 'dashboard.noon';
  if (hour < 20) return 'dashboard.afternoon';
  return 'dashboard.evening';
}
