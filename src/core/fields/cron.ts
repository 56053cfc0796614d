import { cronProblem } from '../cron/parse';
import { textType } from './families';

/**
 * A Quartz cron expression (seven fields) made in the cron builder. The server refuses
 * what the builder could not show again (a bad field, day and weekday both given, a value outside
 *), with the builder's message.
 */
export const cron = textType(
  { type: 'string', length: 64 },
  { check: ([text], field) => (text ? prefixed(field.title, cronProblem(text)) : null) },
);

function prefixed(title: string, problem: string | null): string | null {
  return problem && `${title}：${problem}`;
}
