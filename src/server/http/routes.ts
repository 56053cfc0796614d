import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { WebSocket } from 'ws';

/** an OpenAPI 3.0 schema object */
export type JsonSchema = Record<string, unknown>;

/**
 * Who may call a route: anyone ('open': the login calls and the open pages),
 * any signed-in user ('session': self-service calls), holders of a permission code, or a signed-in
 * visitor of the phone area ('visitor': a principal of its own that no other route accepts).
 */
export type Access = 'open' | 'session' | 'visitor' | { perm: string };

export interface RouteSpec {
  method: HTTPMethods | HTTPMethods[];
  /** path below the API base, e.g. /sys/login */
  url: string;
  access: Access;
  /**
   * A request naming `value` under the query parameter `name` answers to `access` instead: one route,
   * two uses with their own codes (exportXls?type=template, the import template, needs the import
   * code rather than the export one). The access matrix walks both.
   */
  accessByQuery?: { name: string; value: string; access: Access };
  summary: string;
  tag: string;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** query/body parameters described in the OpenAPI document (a string unless `schema` says otherwise) */
  params?: {
    name: string;
    in: 'query' | 'body' | 'path';
    description?: string;
    required?: boolean;
    schema?: JsonSchema;
  }[];
  /** the JSON request body's schema, where the route knows it whole (document writes: from the document) */
  body?: JsonSchema;
  /** multipart upload route */
  upload?: boolean;
  /** responds with a file instead of the envelope */
  file?: boolean;
  /** a GET that also accepts a WebSocket upgrade (after the same access check); handler answers plain GETs */
  websocket?: (socket: WebSocket, req: FastifyRequest) => void;
  /**
   * Operation log: every route other than GET is logged by default. true logs a GET that changes
   * data; false leaves out a write that another log records (login and logout go to the login log).
   */
  audit?: boolean;
  /**
   * The handler commits its own work as it goes (an import's batches, which other requests follow
   * while it runs), instead of in the request's one transaction with its log row (db/scope.ts); the
   * log row is written after it, as for a refusal.
   */
  commitsAsItGoes?: boolean;
}

/** Every route is declared here with its access rule; the OpenAPI document and the access test read this list. */
export class RouteTable {
  readonly routes: RouteSpec[] = [];
  /** permission codes a handler checks itself, beyond its route's access, and the names of their button rows */
  readonly codes = new Map<string, string>();

  /** declares such a code (the menu sync gives it a button row, granted to the admin role): the code */
  code(perm: string, name: string): string {
    this.codes.set(perm, name);
    return perm;
  }

  add(spec: RouteSpec): void {
    const methods = ([] as HTTPMethods[]).concat(spec.method);
    for (const r of this.routes) {
      const other = ([] as HTTPMethods[]).concat(r.method);
      if (r.url === spec.url && methods.some((m) => other.includes(m)))
        throw new Error(`route declared twice: ${methods} ${spec.url}`);
    }
    this.routes.push(spec);
  }
}

/** the access rule a request to the route answers to (see RouteSpec.accessByQuery) */
export function accessOf(spec: Pick<RouteSpec, 'access' | 'accessByQuery'>, query: unknown): Access {
  const alt = spec.accessByQuery;
  if (alt && (query as Record<string, unknown> | undefined)?.[alt.name] === alt.value) return alt.access;
  return spec.access;
}

export function accessLabel(a: Access): string {
  return typeof a === 'string' ? a : a.perm;
}
