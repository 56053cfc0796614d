import { BizError } from '../http/envelope';

export const TOO_MANY = '请求过于频繁，请稍后再试';

export interface Limit {
  /** names the counter: the same key counts separately per bucket */
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters per bucket and key (an address, a visitor), for the calls anyone may make:
 * the public pages' reads, sign-ins, sign-ups. Kept per server instance; behind several instances
 * each allows its share. What costs money or guards a secret is counted in the database instead,
 * across instances: SMS codes sent (auth/sms.ts), password sign-ins (auth/throttle.ts).
 */
export class RateLimiter {
  private counters = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** counts one call; over the limit it is refused with code 429 and nothing else happens */
  hit(limit: Limit, key: string): void {
    const t = this.now();
    const id = `${limit.bucket}\u0000${key}`;
    const c = this.counters.get(id);
    if (!c || t - c.start >= limit.windowMs) {
      if (this.counters.size >= 100_000) this.sweep(t);
      this.counters.set(id, { start: t, count: 1 });
      return;
    }
    if (c.count >= limit.max) throw new BizError(TOO_MANY, 429);
    c.count++;
  }

  /** forgets windows that have run out (longest window: one hour) */
  private sweep(t: number): void {
    for (const [k, c] of this.counters) if (t - c.start >= 3_600_000) this.counters.delete(k);
    if (this.counters.size >= 100_000) this.counters.clear();
  }
}

const MINUTE = 60_000;

/**
 * The limits of the anonymous calls (per address unless named otherwise). Generous on purpose: the
 * visitors in the museum share its Wi-Fi's address, and so do the staff behind an office gateway.
 */
export const LIMITS = {
  /** reads of the public pages: a person browsing never comes near it, a scraper does */
  read: { bucket: 'read', max: 300, windowMs: MINUTE },
  /** sign-in attempts (SMS code, wxauth, third party, CAS): their secrets are not guessable, this stops floods */
  signIn: { bucket: 'sign-in', max: 120, windowMs: 10 * MINUTE },
  /** sign-ups and cancellations of one visitor */
  signUp: { bucket: 'sign-up', max: 30, windowMs: MINUTE },
} satisfies Record<string, Limit>;
