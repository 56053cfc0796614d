import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, CurrentUser } from '../../context';
import type { RouteSpec } from '../../http/routes';
import { newId } from '../../db/ids';
import { nowText } from '../../crud/time';
import { fail } from '../../http/envelope';

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

/** control characters shown as \xNN: a log row can always be written, and shows what was sent */
const visible = (s: string) =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
const cut = (s: string | undefined, n: number) => (s ? visible(s).slice(0, n) : null);

function insertLog(ctx: AppContext, e: Entry) {
  return ctx.db
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
}

/** one log row; a failure to log is reported on the server log and never fails the request */
export async function writeLog(ctx: AppContext, e: Entry): Promise<void> {
  try {
    await insertLog(ctx, e);
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

/** every id the request named (path, query, body): what the operation targeted, as sent */
const TARGET_KEYS = ['id', 'ids', 'roleId', 'departId', 'permissionId', 'userid', 'username', 'anntId'];

function targetOf(req: FastifyRequest): string {
  const found: string[] = [];
  for (const bag of [req.params, req.query, req.body]) {
    if (!bag || typeof bag !== 'object') continue;
    const b = bag as Record<string, unknown>;
    for (const k of TARGET_KEYS)
      if (typeof b[k] === 'string' || typeof b[k] === 'number') found.push(`${k}=${String(b[k])}`);
  }
  return [...new Set(found)].join('; ');
}

/** what the answer said: its envelope's success (and an HTTP status below 400) and message */
interface Outcome {
  success: boolean;
  message: string;
}

function outcome(payload: unknown, status: number): Outcome {
  if (typeof payload !== 'string') return { success: status < 400, message: '' };
  try {
    const env = JSON.parse(payload) as { success?: boolean; message?: string };
    return { success: env.success !== false && status < 400, message: String(env.message ?? '') };
  } catch {
    return { success: status < 400, message: '' };
  }
}

/** the answer when the log row of a change cannot be written: the change is undone with it */
export const LOG_FAILED = '操作日志无法写入，本次操作未保存，请联系管理员';

function entry(
  req: FastifyRequest,
  reply: FastifyReply,
  spec: RouteSpec,
  user: CurrentUser,
  result: Outcome,
): Entry {
  return {
    logType: LOG_TYPE.operation,
    username: user.username,
    realname: user.realname,
    ip: req.ip,
    method: req.method,
    url: req.url.split('?')[0],
    route: spec.url,
    target: targetOf(req),
    success: result.success,
    content: result.message,
    costMs: Math.round(reply.elapsedTime),
    userAgent: String(req.headers['user-agent'] ?? ''),
  };
}

/**
 * The operation log as a route's onSend hook, which also ends the request's database scope
 * (db/scope.ts): a change that succeeded commits together with its log row, and if that row cannot
 * be written the change is rolled back and the answer says so; a failed request's changes are rolled
 * back. Logged: who (the signed-in user; anonymous refusals are not logged, so they cannot flood the
 * table), what route and targets, when, from where, and the result. Every route other than GET is
 * logged, refusals for lack of permission included; a GET is logged when it changed data (or is
 * declared audit: true). Request bodies are not stored: they may hold passwords.
 */
export function operationLog(ctx: AppContext, spec: RouteSpec) {
  const methods = ([] as string[]).concat(spec.method);
  const declared = spec.audit ?? methods.some((m) => m !== 'GET');
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const scope = req.dbScope;
    const user = req.user;
    const logs = Boolean(user) && spec.audit !== false;
    // the answer is parsed (all of it) only when a transaction or a log row needs its result: a read
    // that opened no transaction and is not logged (a list, a queryById) skips that
    let result: Outcome | undefined;
    if (scope?.wrote && logs) {
      const answered = (result = outcome(payload, reply.statusCode));
      if (answered.success) {
        try {
          await scope.finish(true, () =>
            insertLog(ctx, entry(req, reply, spec, user!, answered)).then(() => undefined),
          );
          return payload;
        } catch (err) {
          req.log.error({ err, reqId: req.id, route: spec.url }, 'change rolled back: its log row failed');
          result = { success: false, message: LOG_FAILED };
          payload = JSON.stringify(fail(LOG_FAILED));
        }
      } else await scope.finish(false);
    } else await scope?.finish(() => (result ??= outcome(payload, reply.statusCode)).success);
    if (declared && logs)
      await writeLog(ctx, entry(req, reply, spec, user!, (result ??= outcome(payload, reply.statusCode))));
    return payload;
  };
}
