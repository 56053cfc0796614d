import { CODE, type Envelope, type Page } from '../../core/wire';

/** The server's builders of the wire contract's shapes (src/core/wire.ts). */

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: CODE.ok, result, timestamp: Date.now() };
}

/** "OK with message": the text goes in both message and result, as upstream v3.4+ does */
export function okMessage(message: string): Envelope<string> {
  return ok(message, message);
}

export function fail(message: string, code: number = CODE.failure, result: unknown = null): Envelope {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export function page<T>(records: T[], total: number, size: number, current: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** A business failure whose message is safe to show (Chinese, no internals). */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code: number = CODE.failure,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'BizError';
  }
}

/** a request the server cannot read as sent (malformed multipart, a second file): HTTP 400 */
export class BadRequest extends BizError {
  constructor(message: string) {
    super(message, CODE.badRequest);
    this.name = 'BadRequest';
  }
}

/** nothing there for this caller: HTTP 404 */
export class NotFound extends BizError {
  constructor(message: string) {
    super(message, CODE.notFound);
    this.name = 'NotFound';
  }
}
