import { defineMessages } from '../messages';

/**
 * The cron builder's core words (src/core/messages.ts): the units and weekdays as its checks name
 * them, and the messages of check.ts and parse.ts; English in messages.en-US.ts.
 */
export const CRON_CORE_WORDS = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  week: '周',
  month: '月',
  year: '年',
  // a weekday by its Quartz name (model.ts WEEKDAY_NAMES)
  SUN: '周日',
  MON: '周一',
  TUE: '周二',
  WED: '周三',
  THU: '周四',
  FRI: '周五',
  SAT: '周六',
  weekday: '星期',
  weekStep: '周的间隔天数',
  beforeEnd: '月末前的天数',
  nth: '第几个星期',
  startOf: '{unit}的开始值',
  stepOf: '{unit}的间隔',
  specificOf: '指定的{unit}',
  rangeOf: '{unit}的范围',
  rangeReversed: '{unit}的范围起点不能大于终点',
  outOfBounds: '{what}须为{min}-{max}的整数',
  pickOne: '请至少选择一个{what}',
  unreadable: '{what}字段“{text}”无法识别',
  bothDays: '日和周不能同时指定，其中一个须为?',
  fieldCount: 'Cron表达式须为6或7个字段：秒 分 时 日 月 周 [年]',
};

export const t = defineMessages('src/core/cron', CRON_CORE_WORDS);
