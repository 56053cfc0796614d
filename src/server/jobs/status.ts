/** sys_quartz_job.status (dictionary valid_status): 启用 runs, 停用 does not */
export const ENABLED = '1';
export const DISABLED = '0';
/** the bus topic that makes every instance's scheduler read the jobs again */
export const JOBS_CHANGED = 'quartzJob';
