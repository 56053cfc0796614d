/** antd's global notices, loaded on first use by notices.ts */
export { message, notification } from 'antd';
