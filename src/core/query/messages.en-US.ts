import type { QUERY_WORDS } from './messages';

/** the advanced query's rule labels in English (typed against messages.ts: none may be missing) */
export default {
  eq: 'Equals',
  like: 'Contains',
  right_like: 'Starts with',
  left_like: 'Ends with',
  in: 'Is one of',
  ne: 'Does not equal',
  gt: 'Greater than',
  ge: 'Greater than or equal to',
  lt: 'Less than',
  le: 'Less than or equal to',
} satisfies Record<keyof typeof QUERY_WORDS, string>;
