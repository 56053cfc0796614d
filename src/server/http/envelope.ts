/** The response envelope of the contract (spec 7, reference 1.1). */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** "OK with message": the text goes in both message and result, as upstream v3.4+ does */
export function okMessage(message: string): Envelope<string> {
  return ok(message, message);
}

export function fail(message: string, code = 500, result: unknown = null): Envelope {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function page<T>(records: T[], total: number, size: number, current: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

export const TOKEN_INVALID = 'Token失效，请重新登录!';
export const NO_PERMISSION = '没有权限，请联系管理员授权';

/** A business failure whose message is safe to show (Chinese, no internals). */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code = 500,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'BizError';
  }
}

/** a request the server cannot read as sent (malformed multipart, a second file): HTTP 400 */
export class BadRequest extends BizError {
  constructor(message: string) {
    super(message, 400);
    this.name = 'BadRequest';
  }
}

/** nothing there for this caller: HTTP 404 */
export class NotFound extends BizError {
  constructor(message: string) {
    super(message, 404);
    this.name = 'NotFound';
  }
}
