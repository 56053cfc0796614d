import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BIND_SESSION_HEADER } from '../../core/wire';

/**
 * A browser's session is bound to that browser: its sign-in asks for it (BIND_SESSION_HEADER), the
 * answer sets an HttpOnly cookie holding a random value, and the session row keeps only its sha256.
 * The token lives in local storage, where a script could read it; the cookie no script can, so a
 * token taken from the page is refused anywhere the cookie is not sent along. Sign-ins that do not
 * ask (scripts, the API tests) get a session that the token alone opens, as before.
 */

/** a staff session's cookie and a phone visitor's: each principal ends its own (logout) */
export const STAFF_BINDING = 'console_binding';
export const VISITOR_BINDING = 'visitor_binding';

/** as long as the app keeps the token in local storage (STORAGE_TTL_MS): the session's idle limit ends it sooner */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

const hashOf = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** the cookie goes with API calls only (path: the API base), and never with another site's request */
function setCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  path: string,
  value: string,
  maxAge: number,
) {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${value}; Path=${path || '/'}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** for a sign-in that asked to be bound: the cookie set on its answer and the hash its session keeps; null otherwise */
export function issueBinding(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  apiBase: string,
): string | null {
  if (req.headers[BIND_SESSION_HEADER.toLowerCase()] !== '1') return null;
  const value = crypto.randomBytes(32).toString('base64url');
  setCookie(req, reply, name, apiBase, value, MAX_AGE_SECONDS);
  return hashOf(value);
}

/** at sign-out: the browser drops the cookie */
export function clearBinding(req: FastifyRequest, reply: FastifyReply, name: string, apiBase: string): void {
  setCookie(req, reply, name, apiBase, '', 0);
}

/** the binding cookie a request carries, if any */
export function bindingOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** whether a request's cookie opens a session that keeps `stored` (null: an unbound session) */
export function bindingMatches(stored: string | null, given: string | undefined): boolean {
  if (!stored) return true;
  if (!given) return false;
  return crypto.timingSafeEqual(Buffer.from(hashOf(given)), Buffer.from(stored));
}
