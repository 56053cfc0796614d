import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { RouteSpec } from '../../http/routes';
import { newId } from '../../db/ids';
import { nowText } from '../../crud/time';

/** sys_log.log_type: the login log and the operation log share one table and one document */
export const LOG_TYPE = { login: 1, operation: 2 } as const;

interface Entry {
  logType: number;
  username: string;
  realname?: string;
  ip: string;
  method?: string;
  url?: string;
  route?: string;
  target?: string;
  success: boolean;
  content: string;
  costMs?: number;
  userAgent?: string;
}

const cut = (s: string | undefined, n: number) => (s ? s.slice(0, n) : null);

/** one log row; a failure to log is reported on the server log and never fails the request */
export async function writeLog(ctx: AppContext, e: Entry): Promise<void> {
  try {
    await ctx.db
      .insertInto('sys_log')
      .values({
        id: newId(),
        log_type: e.logType,
        username: cut(e.username, 100),
        realname: cut(e.realname, 100),
        ip: cut(e.ip, 64),
        request_method: cut(e.method, 10),
        request_url: cut(e.url, 255),
        route: cut(e.route, 255),
        target: cut(e.target, 500),
        success: e.success ? 1 : 0,
        log_content: cut(e.content, 500),
        cost_time: e.costMs ?? null,
        user_agent: cut(e.userAgent, 255),
        create_by: cut(e.username, 50),
        create_time: nowText(),
      })
      .execute();
  } catch (err) {
    ctx.log.error({ err }, 'could not write the audit log');
  }
}

/** a login attempt (any result) or a logout */
export function loginLog(
  ctx: AppContext,
  req: FastifyRequest,
  username: string,
  success: boolean,
  content: string,
  realname?: string,
): Promise<void> {
  return writeLog(ctx, {
    logType: LOG_TYPE.login,
    username,
    realname,
    ip: req.ip,
    method: req.method,
    url: req.url.split('?')[0],
    success,
    content,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });
}

/** the record's id or ids from the query, body or path: what the operation targeted */
function targetOf(req: FastifyRequest): string {
  for (const bag of [req.params, req.query, req.body]) {
    if (!bag || typeof bag !== 'object') continue;
    const b = bag as Record<string, unknown>;
    for (const k of ['id', 'ids', 'roleId', 'departId', 'permissionId', 'userid', 'username'])
      if (typeof b[k] === 'string' || typeof b[k] === 'number') return `${k}=${String(b[k])}`;
  }
  return '';
}

function outcome(payload: unknown): { success: boolean; message: string } {
  if (typeof payload !== 'string') return { success: true, message: '' };
  try {
    const env = JSON.parse(payload) as { success?: boolean; message?: string };
    return { success: env.success !== false, message: String(env.message ?? '') };
  } catch {
    return { success: true, message: '' };
  }
}

/**
 * The operation log as a route's onSend hook: who (the signed-in user; anonymous refusals are not
 * logged, so they cannot flood the table), what route and target, when, from where, and the result
 * (a refusal for lack of permission is logged too). Request bodies are not stored: they may hold
 * passwords.
 */
export function operationLog(ctx: AppContext, spec: RouteSpec) {
  const methods = ([] as string[]).concat(spec.method);
  const logged = spec.audit ?? methods.some((m) => m !== 'GET');
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!logged || !req.user) return payload;
    const { success, message } = outcome(payload);
    await writeLog(ctx, {
      logType: LOG_TYPE.operation,
      username: req.user.username,
      realname: req.user.realname,
      ip: req.ip,
      method: req.method,
      url: req.url.split('?')[0],
      route: spec.url,
      target: targetOf(req),
      success: success && reply.statusCode < 400,
      content: message,
      costMs: Math.round(reply.elapsedTime),
      userAgent: String(req.headers['user-agent'] ?? ''),
    });
    return payload;
  };
}
