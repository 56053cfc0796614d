import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError } from '../../core/query/ast';
import { CODE } from '../../core/wire';
import { BadRequest, BizError, fail, NotFound } from './envelope';

/** Postgres error codes a user can act on; everything else is logged and answered generically. */
const PG_MESSAGES: Record<string, string> = {
  '23505': '数据库中已存在该记录',
  '22001': '字段太长,超出数据库字段的长度',
  '22003': '数值超出范围',
  '22007': '日期格式不正确',
  '22008': '日期超出范围',
  '22P02': '参数格式不正确',
  '22021': '参数包含无效字符',
  '57014': '查询超时，请缩小查询范围',
};

/** which request failed (the route pattern, never the URL: a download URL carries its token) */
function where(req: FastifyRequest) {
  return { reqId: req.id, route: `${req.method} ${req.routeOptions.url ?? ''}` };
}

/**
 * Business failures travel as HTTP 200 + success:false. No answer ever carries SQL, a stack trace
 * or a file path: unknown errors are logged with the request id and answered with a fixed text.
 */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BizError) {
    const status = error instanceof BadRequest || error instanceof NotFound ? error.code : CODE.ok;
    return reply.code(status).send(fail(error.message, error.code, error.result));
  }
  if (error instanceof QueryError) return reply.code(200).send(fail(error.message));
  const pgCode = (error as { code?: string }).code;
  if (pgCode && PG_MESSAGES[pgCode]) {
    req.log.warn({ err: error, ...where(req) }, 'database refused a write');
    return reply.code(200).send(fail(PG_MESSAGES[pgCode]));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(200).send(fail('请求体不是合法的 JSON'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.code(200).send(fail('不支持的请求内容类型'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return reply.code(200).send(fail('请求内容过大'));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return reply.code(CODE.badRequest).send(fail('请使用 multipart/form-data 上传文件', CODE.badRequest));
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return reply.code(CODE.badRequest).send(fail('上传的文件或字段个数超出限制', CODE.badRequest));
  }
  // the multipart parser's own refusals (no boundary, a truncated or malformed body)
  if (/^(Multipart: |Unexpected end of |Malformed part header)/.test(error.message))
    return reply
      .code(CODE.badRequest)
      .send(fail('上传内容格式不正确：需要带 boundary 的 multipart/form-data', CODE.badRequest));
  if (error.statusCode === 400 || error.validation) return reply.code(200).send(fail('请求参数格式不正确'));
  req.log.error({ err: error, ...where(req) }, 'unhandled error');
  return reply.code(200).send(fail('操作失败，请联系管理员'));
}

/** Errors the router raises before any route runs (a bad URL, a path parameter over the limit). */
export function frameworkErrorHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求参数过长' : '请求地址格式不正确';
  return reply.code(200).send(fail(message));
}
