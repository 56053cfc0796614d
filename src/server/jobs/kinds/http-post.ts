import { jobKind } from '../kind';

interface Params {
  url: string;
  payload?: unknown;
  timeoutSeconds?: number;
}

/** redirects followed on the same host; a redirect elsewhere fails the run */
const MAX_REDIRECTS = 3;

/**
 * POSTs `payload` as JSON to `url`. Redirects are followed by hand, and only to the host the job
 * names: a configured address must not be turned into a request to some other machine.
 */
async function post(p: Params, signal: AbortSignal): Promise<Response> {
  const origin = new URL(p.url);
  let url = origin;
  for (let hops = 0; ; hops++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(p.payload ?? {}),
      redirect: 'manual',
      signal,
    });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    const next = new URL(location, url);
    if (next.host !== origin.host || !['http:', 'https:'].includes(next.protocol))
      throw new Error(`拒绝跳转到其他主机：${next.protocol}//${next.host}`);
    if (hops >= MAX_REDIRECTS) throw new Error(`跳转次数超过 ${MAX_REDIRECTS} 次`);
    url = next;
  }
}

export const httpPostJob = jobKind<Params>({
  name: 'system.httpPost',
  title: '向指定地址发送 JSON（POST）',
  description:
    '把 payload 以 JSON POST 到 url；超时（默认 10 秒）或非 2xx 应答记为失败；不跟随到其他主机的跳转',
  params: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2000, title: '地址' },
      payload: { title: '发送的 JSON' },
      timeoutSeconds: { type: 'integer', minimum: 1, maximum: 300, title: '超时（秒）' },
    },
  },
  timeoutSeconds: 310,
  async run(params, { signal }) {
    const timeout = AbortSignal.timeout((params.timeoutSeconds ?? 10) * 1000);
    let res: Response;
    try {
      res = await post(params, AbortSignal.any([signal, timeout]));
    } catch (e) {
      if (timeout.aborted) throw new Error(`请求超时（${params.timeoutSeconds ?? 10} 秒）：${params.url}`);
      throw e;
    }
    const text = (await res.text()).slice(0, 500);
    if (!res.ok) throw new Error(`对方应答 HTTP ${res.status}：${text}`);
    return `HTTP ${res.status}${text ? `：${text}` : ''}`;
  },
});
