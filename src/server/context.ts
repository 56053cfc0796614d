import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../core/document/load';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { Sessions } from './auth/session';
import type { PermissionCache } from './auth/permissions';
import type { SmsSender } from './auth/sms-sender';
import type { DictService } from './dict/service';
import type { CountCache } from './crud/count';
import type { QueryGate } from './crud/cost';
import type { Bus } from './socket/bus';
import type { DbScope } from './db/scope';
import type { Visitor, VisitorSessions } from './visitor/sessions';
import type { ImportJobs } from './imports/jobs';
import type { TableSizes } from './db/table-sizes';
import type { ExportProgress } from './excel/progress';

/** What every module needs, built once at start and passed explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  catalog: Catalog;
  sessions: Sessions;
  /** sessions of the phone area's visitors (a principal of their own) */
  visitors: VisitorSessions;
  permissions: PermissionCache;
  sms: SmsSender;
  dicts: DictService;
  counts: CountCache;
  /** rows per table as the planner sees them, kept true by analysing after bulk writes */
  tableSizes: TableSizes;
  /** what lists may cost: heavy ones are limited per user and run through lanes */
  queries: QueryGate;
  /** messages to every server instance on this database (cache invalidation, live notices) */
  bus: Bus;
  /** spreadsheet imports as recorded jobs */
  imports: ImportJobs;
  /** how far the exports running here are, for the browser's progress bar */
  exports: ExportProgress;
  log: FastifyBaseLogger;
}

export interface CurrentUser {
  id: string;
  username: string;
  realname: string;
  /** org_code of the selected department: #{sys_org_code} of the data rules */
  orgCode: string | null;
  /** the tenant the request acts in (tenant-id header, checked against the user's tenants); '' for none */
  tenantId: string;
  sessionKey: string;
  codes: Set<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: CurrentUser;
    /** set by the guard on 'visitor' routes */
    visitor?: Visitor;
    /** the handler's database scope (db/scope.ts), ended by the operation log's onSend */
    dbScope?: DbScope;
  }
  interface FastifyContextConfig {
    /** the route also accepts a WebSocket upgrade; every other route refuses one */
    websocket?: boolean;
  }
}
