import { defineMessages } from '../messages';

/** the advanced query's rule labels by rule (src/core/messages.ts); English in messages.en-US.ts */
export const QUERY_WORDS = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};

export const t = defineMessages('src/core/query', QUERY_WORDS);
