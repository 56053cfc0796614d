import { message, notification } from 'antd';
import { NOTICE_SECONDS } from '../../core/constants';

/** The global notices of the error catalogue (spec 8); they last 4 s. Kept apart so tests can spy. */
export const notices = {
  error: (title: string, description?: string) =>
    notification.error({ title, description, duration: NOTICE_SECONDS }),
  warning: (text: string) => message.warning(text, NOTICE_SECONDS),
  success: (text: string) => message.success(text, NOTICE_SECONDS),
  info: (text: string) => message.info(text, NOTICE_SECONDS),
};
