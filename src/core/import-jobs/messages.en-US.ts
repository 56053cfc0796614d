import type { IMPORT_JOB_WORDS } from './messages';

/** an import job's states in English (typed against messages.ts: none may be missing) */
export default {
  running: 'Importing',
  committed: 'Completed',
  failed: 'Failed',
  interrupted: 'Interrupted',
} satisfies Record<keyof typeof IMPORT_JOB_WORDS, string>;
