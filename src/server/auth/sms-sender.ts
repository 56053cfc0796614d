import type { FastifyBaseLogger } from 'fastify';

/** Delivers a verification code. The gateway is outside our control, so it sits behind this seam. */
export interface SmsSender {
  send(mobile: string, code: string, mode: string): Promise<void>;
}

/** Default: the code goes to the server log (development and demo installs). */
export function logSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(mobile, code, mode) {
      log.info({ mobile, mode }, `短信验证码 ${code}`);
    },
  };
}

/** SMS_WEBHOOK_URL: POSTs {mobile, code, mode} as JSON to an HTTP gateway. */
export function webhookSender(url: string): SmsSender {
  return {
    async send(mobile, code, mode) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, code, mode }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
