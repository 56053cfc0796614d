import { postAction } from '../../app/http/client';
import { t } from '../../app/i18n/i18n';

/** smsmode of POST /sys/sms: '0' login, '1' register, '2' forgot password */
export type SmsMode = '0' | '1' | '2';

/** asks the server to send a code; a refusal (unknown phone, already registered, too soon) throws its message */
export async function sendSmsCode(mobile: string, smsmode: SmsMode): Promise<void> {
  const res = await postAction('/sys/sms', { mobile, smsmode });
  if (!res.success) throw new Error(res.message || t('user.smsFailed'));
}

export { SMS_COUNTDOWN_SECONDS, useCountdown } from './countdown';
