import { useCallback, useEffect, useRef, useState } from 'react';
import { postAction } from '../../app/http/client';

/** smsmode of POST /sys/sms: '0' login, '1' register, '2' forgot password */
export type SmsMode = '0' | '1' | '2';

export const SMS_COUNTDOWN_SECONDS = 60;

/** asks the server to send a code; a refusal (unknown phone, already registered, too soon) throws its message */
export async function sendSmsCode(mobile: string, smsmode: SmsMode): Promise<void> {
  const res = await postAction('/sys/sms', { mobile, smsmode });
  if (!res.success) throw new Error(res.message || '验证码发送失败');
}

/** a seconds countdown: [left, start]; left is 0 when idle */
export function useCountdown(seconds = SMS_COUNTDOWN_SECONDS): [number, () => void] {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  useEffect(() => {
    if (left === 0) stop();
  }, [left]);
  const start = useCallback(() => {
    stop();
    setLeft(seconds);
    timer.current = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
  }, [seconds]);
  return [left, start];
}
