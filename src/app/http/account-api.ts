import { getAction, postAction, putAction } from './client';

/**
 * The app's own account calls (registration, password, department switch, page access), one named
 * method per route so no screen writes an address. Sign-in and the menu are the session store's
 * (stores/session.ts), the notices the header's (header/notice/notice-api.ts).
 */
export const account = {
  register: (body: { username: string; password: string; phone: string; smscode: string; email?: string }) =>
    postAction('/sys/user/register', body),
  /** the account of a phone, proven by its SMS code */
  verifyPhone: (phone: string, smscode: string) =>
    postAction<{ username: string }>('/sys/user/phoneVerification', { phone, smscode }),
  /** a forgotten password replaced, with the proof verifyPhone accepted */
  changeForgottenPassword: (body: { phone: string; smscode: string; username: string; password: string }) =>
    postAction('/sys/user/passwordChange', body),
  updatePassword: (body: Record<string, unknown>) => putAction('/sys/user/updatePassword', body),
  currentDeparts: <T>() => getAction<T>('/sys/user/getCurrentUserDeparts'),
  selectDepart: <T>(body: { username?: string; selectDepartId?: string; selectPositionId?: string }) =>
    postAction<T>('/sys/selectDepart', body),
  /** whether a path is a page, and whether the user may open it */
  pageAccess: (path: string) =>
    getAction<{ exists: boolean; granted: boolean }>('/sys/permission/pageAccess', { path }),
};
