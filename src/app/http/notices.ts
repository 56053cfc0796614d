import { NOTICE_SECONDS } from '../../core/constants';

/**
 * The global notices of the error catalogue; they last 4 s. antd's message and
 * notification load with the first notice, so the sign-in screen does not download them.
 * Kept apart so tests can spy.
 */
const antd = () => import('./notice-display');

export const notices = {
  error: (title: string, description?: string) =>
    void antd().then((m) => m.notification.error({ title, description, duration: NOTICE_SECONDS })),
  warning: (text: string) => void antd().then((m) => m.message.warning(text, NOTICE_SECONDS)),
  success: (text: string) => void antd().then((m) => m.message.success(text, NOTICE_SECONDS)),
  info: (text: string) => void antd().then((m) => m.message.info(text, NOTICE_SECONDS)),
};
