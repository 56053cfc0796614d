import { defineMessages } from '../messages';

/** an import job's state as the import dialog shows it (src/core/messages.ts); English in messages.en-US.ts */
export const IMPORT_JOB_WORDS = {
  running: '导入中',
  committed: '已完成',
  failed: '失败',
  interrupted: '已中断',
};

export const t = defineMessages('src/core/import-jobs', IMPORT_JOB_WORDS);
