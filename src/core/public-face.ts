/** the read-only page of one work order's steps, opened by a share link (open without login) */
export const WORK_ORDER_STEPS_PATH = '/workOrderListProcedureStepInfo';

/** what a wrong, revoked or outdated share link is answered, one text for all (no oracle) */
export const SHARE_LINK_INVALID = '链接无效或已撤销';

/**
 * The paths of the public face ('s open phone pages, /shouye and the work-order step page):
 * served by a page of their own (phone.html) by the server, and by the dev and preview servers alike.
 */
export const PUBLIC_FACE_PATHS = /^\/(phone(\/[^.]*)?|shouye|workOrderListProcedureStepInfo)\/?(\?.*)?$/;
