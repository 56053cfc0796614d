/**
 * The wire contract between the server and its clients (reference 1.1), declared once:
 * the server builds these shapes and the browser reads them, so neither keeps its own copy.
 */

/** every answer: business failures too travel as HTTP 200 with success false */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** a page of records (list, picker, import jobs) */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/**
 * The envelope's codes a client acts on. 400, 401 and 404 are also the HTTP status of those
 * answers; the others travel with HTTP 200.
 */
export const CODE = {
  ok: 200,
  /** an import that landed some rows only: result.fileUrl is the report of the others */
  partial: 201,
  badRequest: 400,
  /** the session is unknown or over */
  unauthorized: 401,
  notFound: 404,
  /** the same file was imported before: the client asks, then sends reimport=1 */
  reimport: 409,
  /** a business failure whose message is shown as it is */
  failure: 500,
  /** the user lacks the permission code of the call */
  noPermission: 510,
} as const;

/** the message of an ended session; a 500 whose message holds TOKEN_EXPIRED also means one */
export const TOKEN_INVALID = 'Token失效，请重新登录!';
export const TOKEN_EXPIRED = 'Token失效';
export const NO_PERMISSION = '没有权限，请联系管理员授权';
/**
 * The header a browser's sign-in sends (value 1) so that its session is bound to that browser by an
 * HttpOnly cookie (src/server/auth/binding.ts); scripts that sign in without it use the token alone.
 */
export const BIND_SESSION_HEADER = 'X-Bind-Session';
/** the headers of such a sign-in */
export const BIND_SESSION = { [BIND_SESSION_HEADER]: '1' };

/** the close code of the notice socket when the session behind it has ended: no reconnecting */
export const SOCKET_SESSION_ENDED = 4001;
/** the close code of a socket beyond the sockets one session may hold on a server instance */
export const SOCKET_TOO_MANY = 4029;
