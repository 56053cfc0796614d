import { useCallback, useEffect, useRef, useState } from 'react';

/** seconds before another SMS code may be asked for (the console's and the phone's sign-in) */
export const SMS_COUNTDOWN_SECONDS = 60;

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
