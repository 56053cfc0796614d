import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BizError } from '../../http/envelope';
import type { Config } from '../../config';

/**
 * An OAuth2 identity provider (authorization-code flow): staff third-party sign-in and the
 * visitors' wxauth use the same client, each with a provider configured by environment variables.
 */
export interface OAuth2Provider {
  /** the thirdType (github, dingtalk, wechat ... or any name), a path segment */
  type: string;
  /** shown on the sign-in button */
  title: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** the userinfo property that identifies the person (default: the first of sub, openid, id) */
  idField?: string;
}

export interface Identity {
  subject: string;
  name: string;
  avatar: string;
}

/** <PREFIX>AUTHORIZE_URL, TOKEN_URL, USERINFO_URL, CLIENT_ID and CLIENT_SECRET set: a provider */
export function oauthFromEnv(
  env: NodeJS.ProcessEnv,
  prefix: string,
  defaults: { type: string; title: string },
): OAuth2Provider | undefined {
  const v = (name: string) => env[prefix + name]?.trim() || undefined;
  const [authorizeUrl, tokenUrl, userinfoUrl, clientId, clientSecret] = [
    'AUTHORIZE_URL',
    'TOKEN_URL',
    'USERINFO_URL',
    'CLIENT_ID',
    'CLIENT_SECRET',
  ].map(v);
  if (!authorizeUrl || !tokenUrl || !userinfoUrl || !clientId || !clientSecret) return undefined;
  const type = v('TYPE') ?? defaults.type;
  if (!/^[a-z][a-z0-9_]{0,29}$/.test(type))
    throw new Error(`${prefix}TYPE must be lower-case letters, digits, _`);
  return {
    type,
    title: v('TITLE') ?? defaults.title,
    authorizeUrl,
    tokenUrl,
    userinfoUrl,
    clientId,
    clientSecret,
    scope: v('SCOPE') ?? '',
    idField: v('ID_FIELD'),
  };
}

/**
 * The address the provider sends the browser back to (an API path): always under PUBLIC_URL, which
 * config.ts requires with a provider, never the request's Host (the redirect_uri decides which site
 * an authorization code is good for).
 */
export function callbackAddress(config: Pick<Config, 'publicUrl' | 'apiBase'>, path: string): string {
  if (!config.publicUrl) throw new Error('PUBLIC_URL is not set (config.ts requires it with OAuth2)');
  return `${config.publicUrl}${config.apiBase}${path}`;
}

const STATE_COOKIE = 'museum_oauth_state';

/**
 * Sends the browser to the provider. The state is a one-time ticket (tickets.ts) and is also set as
 * an HttpOnly cookie: the callback accepts it only from the browser that started the sign-in, so a
 * link carrying someone else's code and state signs no one in (login CSRF).
 */
export function redirectToProvider(
  reply: FastifyReply,
  p: OAuth2Provider,
  redirectUri: string,
  state: string,
  cookiePath: string,
) {
  const url = new URL(p.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (p.scope) url.searchParams.set('scope', p.scope);
  url.searchParams.set('state', state);
  const secure = redirectUri.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${STATE_COOKIE}=${state}; Path=${cookiePath}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`,
  );
  return reply.redirect(url.toString(), 302);
}

/** the state the callback got, if it is the one this browser's cookie holds */
export function callbackState(req: FastifyRequest): string | null {
  const state = (req.query as Record<string, unknown>).state;
  if (typeof state !== 'string' || !/^[\w-]{20,100}$/.test(state)) return null;
  const cookie = String(req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === STATE_COOKIE)?.[1];
  if (!cookie || cookie.length !== state.length) return null;
  return crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(state)) ? state : null;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new BizError(`第三方登录失败：${what}返回 HTTP ${res.status}`);
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new BizError(`第三方登录失败：${what}返回的不是 JSON`);
  }
}

/** exchanges the authorization code for a token, then reads who signed in */
export async function fetchIdentity(p: OAuth2Provider, code: string, redirectUri: string): Promise<Identity> {
  const signal = AbortSignal.timeout(10_000);
  const token = await json(
    await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: p.clientId,
        client_secret: p.clientSecret,
      }),
      signal,
    }).catch(() => {
      throw new BizError('第三方登录失败：无法连接身份提供方');
    }),
    '令牌接口',
  );
  const accessToken = token.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new BizError(`第三方登录失败：${String(token.error_description ?? token.error ?? '授权码无效')}`);
  const info = await json(
    await fetch(p.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal,
    }).catch(() => {
      throw new BizError('第三方登录失败：无法连接身份提供方');
    }),
    '用户信息接口',
  );
  const raw = p.idField ? info[p.idField] : (info.sub ?? info.openid ?? info.id);
  const subject = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  if (!subject || subject.length > 200) throw new BizError('第三方登录失败：身份提供方未返回用户标识');
  const name = info.nickname ?? info.name ?? info.login ?? '';
  const avatar = info.avatar_url ?? info.headimgurl ?? info.picture ?? '';
  return {
    subject,
    name: String(name).slice(0, 100),
    avatar: typeof avatar === 'string' && /^https?:\/\//.test(avatar) ? avatar.slice(0, 500) : '',
  };
}
