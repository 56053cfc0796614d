import { BizError } from '../../http/envelope';

/** the browser's login page: CAS sends users back to it with their ticket, OAuth2 callbacks send the browser on to it */
export const LOGIN_PAGE = '/user/login';

export interface CasConfig {
  /** the CAS server's prefix, e.g. https://cas.example.com/cas */
  serverUrl: string;
  /** the service tickets must have been issued for: CAS_SERVICE_URL, or <PUBLIC_URL>/user/login (config.ts) */
  serviceUrl: string;
}

const TICKET = /^(ST|PT)-[A-Za-z0-9._-]{1,256}$/;

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Asks the CAS server who a service ticket belongs to (CAS 3 /p3/serviceValidate). The service is
 * always ours: a ticket issued for another site is refused by the CAS server itself.
 */
export async function validateTicket(cas: CasConfig, ticket: string, service: string): Promise<string> {
  if (!TICKET.test(ticket)) throw new BizError('CAS 票据格式不正确');
  const url = new URL(`${cas.serverUrl.replace(/\/$/, '')}/p3/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let xml: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(String(res.status));
    xml = await res.text();
  } catch {
    throw new BizError('CAS 认证失败：无法连接 CAS 服务器');
  }
  const user = /<cas:authenticationSuccess>[\s\S]*?<cas:user>([^<]{1,200})<\/cas:user>/.exec(xml)?.[1];
  if (user) return unescapeXml(user.trim());
  const failure = /<cas:authenticationFailure[^>]*>([\s\S]*?)<\/cas:authenticationFailure>/.exec(xml)?.[1];
  throw new BizError(`CAS 认证失败：${failure ? unescapeXml(failure.trim()).slice(0, 200) : '票据无效'}`);
}
