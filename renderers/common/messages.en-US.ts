import type { COMMON_WORDS } from './messages';

/** the shared screen parts' words in English (typed against messages.ts: none may be missing) */
export default {
  forbidden: 'Access denied',
  forbiddenText: 'Sorry, you are not allowed to view this page. Ask an administrator to grant it.',
  backHome: 'Back to home',
  expandRow: 'Expand {name}',
  collapseRow: 'Collapse {name}',
  systemDictsFailed: 'Failed to load the system dictionaries',
  dictFailed: 'Failed to load dictionary {code}',
  notice: 'Notice',
  readFailed: 'Query failed',
  done: 'Done',
  failed: 'Failed',
  heartbeatFailed: 'Failed to send the heartbeat',
  passwordMismatch: 'The two passwords do not match!',
  enterPassword: 'Enter a password',
  enterPasswordAgain: 'Enter the password again',
  uploaded: '{name} uploaded',
  pageMissing: 'Page not found',
  pageMissingText: 'The page does not exist or you may not view it',
  loadFailed: 'Failed to load',
  loadFailedText: 'The page failed to load, please try again later',
  networkDown: 'Network error, please check your connection',
  notEntity: 'Document {code} is not an entity document',
} satisfies Record<keyof typeof COMMON_WORDS, string>;
