import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { ConfigError, type Config } from './config';
import type { AppContext } from './context';
import { declaredActionProblems } from './http/declared-actions';
import { openDatabase, type Database } from './db/connect';
import { migrate } from './db/migrations';
import { syncEntities, type SyncReport } from './db/sync';
import { loadCatalog, type Problem } from '../core/document/load';
import { checkReports } from '../core/document/report-sql';
import { readSchemaFiles } from './docs/load-files';
import { Sessions } from './auth/session';
import { TokenSigner } from './auth/signed-token';
import { VisitorSessions, VISITOR_IDLE_DAYS } from './visitor/sessions';
import { PermissionCache } from './auth/permissions';
import { logSender, webhookSender } from './auth/sms-sender';
import { DictService } from './dict/service';
import { CountCache } from './crud/count';
import { QueryGate } from './crud/cost';
import { accessOf, RouteTable, type RouteSpec } from './http/routes';
import { errorHandler, frameworkErrorHandler } from './http/errors';
import { CODE, NO_PERMISSION, TOKEN_INVALID } from '../core/wire';
import { fail, ok } from './http/envelope';
import { registerLoginRoutes } from './auth/login';
import { registerSelfServiceRoutes } from './auth/register';
import { registerMenuRoutes } from './menu/user-menu';
import { syncMenus } from './menu/sync';
import { registerDictRoutes } from './dict/routes';
import { registerDuplicateRoutes } from './dict/duplicate';
import { registerEntityRoutes } from './crud/routes';
import { registerReportRoutes } from './reports/routes';
import { registerReportHeadRoutes } from './reports/heads';
import { registerSavedQueryRoutes } from './queries/routes';
import { registerStaticRoutes } from './files/static';
import { ExportProgress, registerExportProgressRoute } from './excel/progress';
import { registerUploadRoutes } from './files/upload';
import { registerFileObjectRoutes } from './files/file-objects';
import { startStatisticsRefresh } from './db/statistics';
import { TableSizes } from './db/table-sizes';
import { registerDashboardRoutes } from './dashboard/summary';
import { registerContentRoutes } from './sys/content';
import { openApiDocument } from './docs/openapi';
import { seed } from './seed/seed';
import type { DemoUser } from './sys/demo';
import { Bus } from './socket/bus';
import { requestTenant, TENANT_CHANGED } from './sys/tenant/check';
import { operationLog } from './sys/audit/log';
import { DbScope } from './db/scope';
import { unsafeInput } from './http/params';
import { registerAccessRoutes } from './sys/routes';
import { registerPublicFaceRoutes } from './public/routes';
import { PUBLIC_FACE_PATHS } from '../core/public-face';
import { ImportJobs } from './imports/jobs';
import { Scheduler } from './jobs/scheduler';
import { registerJobRoutes, syncJobKinds } from './jobs/routes';
import { securityHeaders } from './http/security-headers';
import { bindingOf, STAFF_BINDING, VISITOR_BINDING } from './auth/binding';

/** heavy lists at once on PostgreSQL (its read pool has 10 connections; the rest stay for light reads) */
const HEAVY_LANES_ON_SERVER = 4;

/** how long stopping waits for running requests before it closes their connections */
const SHUTDOWN_GRACE_MS = 5_000;

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteTable;
  problems: Problem[];
  sync: SyncReport;
  adminPassword?: string;
  /** the demo users that exist, for the start banner */
  demoUsers: DemoUser[];
  /** this instance's 定时任务 scheduler */
  scheduler: Scheduler;
  close(): Promise<void>;
}

/**
 * the session token: the X-Access-Token header; the token query parameter only where a header cannot
 * be sent (a browser's WebSocket), since a token in a URL ends up in logs and browser history
 */
function tokenOf(req: FastifyRequest, spec: RouteSpec): string | undefined {
  const h = req.headers['x-access-token'];
  if (typeof h === 'string' && h) return h;
  if (!spec.websocket) return undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
}

function guard(ctx: AppContext, spec: RouteSpec) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const access = accessOf(spec, req.query);
    if (access === 'open') {
      const bad = unsafeInput(req);
      return bad ? reply.code(200).send(fail(bad)) : undefined;
    }
    if (access === 'visitor') {
      // a visitor token passes here only; on every other route it fails like any unknown token
      req.visitor =
        (await ctx.visitors.resolve(tokenOf(req, spec), bindingOf(req, VISITOR_BINDING))) ?? undefined;
      if (!req.visitor) return reply.code(CODE.unauthorized).send(fail(TOKEN_INVALID, CODE.unauthorized));
      const bad = unsafeInput(req);
      return bad ? reply.code(200).send(fail(bad)) : undefined;
    }
    const user = await ctx.sessions.resolve(tokenOf(req, spec), bindingOf(req, STAFF_BINDING));
    if (!user || user.status !== 1) {
      // a frozen user's sessions end here too
      if (user) await ctx.sessions.revokeUser(user.id);
      return reply.code(CODE.unauthorized).send(fail(TOKEN_INVALID, CODE.unauthorized));
    }
    const tenantId = await requestTenant(ctx, req, user.tenantIds);
    if (tenantId === null) return reply.code(CODE.unauthorized).send(fail(TENANT_CHANGED, CODE.unauthorized));
    const codes = await ctx.permissions.codes(user.id);
    req.user = {
      id: user.id,
      username: user.username,
      realname: user.realname,
      orgCode: user.orgCode,
      tenantId,
      sessionKey: user.key,
      codes,
    };
    // before anything reads them: a NUL or other control character never reaches SQL or the log
    const bad = unsafeInput(req);
    if (bad) return reply.code(200).send(fail(bad));
    if (typeof access === 'object' && !codes.has(access.perm))
      return reply.code(200).send(fail(NO_PERMISSION, CODE.noPermission));
  };
}

/**
 * A route's handler inside its database scope (db/scope.ts): a signed-in user's logged request
 * writes in one transaction that commits with its operation-log row (sys/audit/log.ts).
 */
function scoped(spec: RouteSpec) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const scope = new DbScope(
      req.user?.id,
      Boolean(req.user) && spec.audit !== false && !spec.commitsAsItGoes,
    );
    req.dbScope = scope;
    return scope.run(() => spec.handler(req, reply));
  };
}

/** a shell answer on a socket Fastify no longer writes to */
function refuseOnSocket(socket: Socket, status: string, message: string): void {
  const body = JSON.stringify(fail(message, CODE.badRequest));
  const head = `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  // destroyed once the answer is handed to the system: nothing waits for the peer to read or close
  socket.write(head + body, () => socket.destroy());
}

/**
 * The app's pages (index.html, and phone.html for the phone area), kept in memory with their
 * precompressed copies (the build writes .br/.gz beside them): history routing answers every page
 * path with one, and a client that never reads holds no file open.
 */
function appPages(webDir: string) {
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  const pages = new Map<string, { br?: Buffer; gzip?: Buffer; identity?: Buffer }>();
  for (const page of ['index.html', 'phone.html']) {
    const file = path.join(webDir, page);
    pages.set(page, { br: read(`${file}.br`), gzip: read(`${file}.gz`), identity: read(file) });
  }
  return (req: FastifyRequest, reply: FastifyReply, page: string) => {
    const variants = pages.get(page)!;
    if (!variants.identity) return reply.code(CODE.notFound).send(fail('页面不存在', CODE.notFound));
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find((e) => variants[e] && accepts.includes(e));
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(variants[encoding ?? 'identity']);
  };
}

export async function createServer(
  config: Config,
  /** database: an already open one to share (tests run two instances on one database); its owner closes it */
  opts: { logger?: boolean | object; database?: Database } = {},
): Promise<Server> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    // a child logger per request (for its reqId) costs about a fifth of a list's CPU: only when
    // requests are logged; error logs name the request themselves (http/errors.ts)
    ...(config.logLevel === 'debug' ? {} : { childLoggerFactory: (logger: FastifyBaseLogger) => logger }),
    trustProxy: config.trustProxy,
    // longer than any path parameter we accept, so our own checks answer most over-long values
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorHandler,
  });
  const database = opts.database ?? (await openDatabase(config));
  const db = database.db;
  const { files, unreadable } = readSchemaFiles(config.schemasDir);
  const { catalog, problems } = loadCatalog(files);
  problems.push(...(await checkReports(catalog)));
  problems.push(...unreadable.map((u) => ({ file: u.file, path: '/', message: u.message })));
  for (const p of problems) app.log.error(`schemas/${p.file} ${p.path}: ${p.message} (document not loaded)`);

  // instances started together on one database take turns at the start-up work
  const { ctx, routes, sync, seeded, scheduler } = await database.withStartupLock(async () => {
    await migrate(db);
    // the 任务类名 dictionary, before the seed's demo jobs name its values
    await syncJobKinds(db);
    const sync = await syncEntities(db, [...catalog.entities.values()]);
    for (const n of sync.notApplied) app.log.warn(`schema difference not applied: ${n}`);

    const bus = await Bus.start(database, app.log);
    const tableSizes = new TableSizes({ db, log: app.log });
    const counts = new CountCache(tableSizes, { bus, db, log: app.log });
    const queries = new QueryGate(
      { ...config.heavyQueries, lanes: database.kind === 'pglite' ? 1 : HEAVY_LANES_ON_SERVER },
      (d, table) => tableSizes.rows(d, table),
    );
    await queries.loadIndexes(db);
    const ctx: AppContext = {
      config,
      db,
      dbKind: database.kind,
      catalog,
      sessions: new Sessions(db, await TokenSigner.load(db, 'session_secret'), config.sessionIdleMinutes),
      visitors: new VisitorSessions(
        db,
        await TokenSigner.load(db, 'visitor_session_secret'),
        VISITOR_IDLE_DAYS,
      ),
      permissions: new PermissionCache(db),
      sms: config.smsWebhookUrl ? webhookSender(config.smsWebhookUrl) : logSender(app.log),
      dicts: new DictService(db, catalog),
      counts,
      tableSizes,
      queries,
      bus,
      imports: new ImportJobs(db, database.kind, app.log),
      exports: new ExportProgress(),
      log: app.log,
    };
    await ctx.imports.start();
    const seeded = await seed(ctx);

    const routes = new RouteTable();
    registerLoginRoutes(routes, ctx);
    registerSelfServiceRoutes(routes, ctx);
    registerMenuRoutes(routes, ctx);
    registerDictRoutes(routes, ctx);
    registerDuplicateRoutes(routes, ctx);
    registerStaticRoutes(routes, ctx);
    registerExportProgressRoute(routes, ctx);
    registerUploadRoutes(routes, ctx);
    registerFileObjectRoutes(routes, ctx);
    registerDashboardRoutes(routes, ctx);
    registerAccessRoutes(routes, ctx);
    registerContentRoutes(routes, ctx);
    registerPublicFaceRoutes(routes, ctx);
    registerSavedQueryRoutes(routes, ctx);
    const scheduler = new Scheduler(ctx);
    registerJobRoutes(routes, ctx, scheduler);
    for (const doc of catalog.entities.values()) registerEntityRoutes(routes, ctx, doc);
    registerReportHeadRoutes(routes, ctx);
    for (const report of catalog.reports.values()) registerReportRoutes(routes, ctx, report);
    const undeclared = declaredActionProblems(catalog, routes);
    if (undeclared.length)
      throw new ConfigError(`documents' actions without their routes:\n${undeclared.join('\n')}`);
    await syncMenus(ctx, routes);
    return { ctx, routes, sync, seeded, scheduler };
  });

  // every instance schedules; each tick runs on one of them (jobs/scheduler.ts)
  await scheduler.start();
  const stopStatisticsRefresh = startStatisticsRefresh(ctx);
  app.setErrorHandler(errorHandler);
  // before any route or plugin, so every answer gets them (hooks reach what is registered after)
  app.addHook('onSend', securityHeaders(config.webDir));
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 } });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // stopping must not wait for peers that never answer a close frame: they reconnect later
    preClose(done) {
      for (const client of this.websocketServer.clients) client.terminate();
      done();
    },
  });
  // an upgrade is for the socket routes only: anywhere else (a page path, an asset, another API
  // route) it is refused and the connection closed at once, holding nothing open
  app.addHook('onRequest', async (req, reply) => {
    if (!req.ws || req.routeOptions.config?.websocket) return;
    reply.hijack();
    refuseOnSocket(req.raw.socket, '400 Bad Request', '该地址不支持 WebSocket 连接');
  });
  // a request whose reply never reached onSend (hijacked, aborted) must not keep its transaction
  app.addHook('onResponse', async (req) => {
    if (req.dbScope && !req.dbScope.closing) await req.dbScope.finish(false);
  });
  const openapi = openApiDocument(routes.routes, config.apiBase);
  await app.register(
    async (api) => {
      for (const spec of routes.routes) {
        api.route({
          method: spec.method,
          url: spec.url,
          preHandler: guard(ctx, spec),
          onSend: operationLog(ctx, spec),
          handler: scoped(spec),
          wsHandler: spec.websocket,
          config: { websocket: Boolean(spec.websocket) },
        });
      }
      api.get('/docs', async () => openapi);
      api.get('/docs/openapi.json', async () => openapi);
      api.setNotFoundHandler((_req, reply) =>
        reply.code(CODE.notFound).send(fail('接口不存在', CODE.notFound)),
      );
    },
    { prefix: config.apiBase },
  );

  const webDir = config.webDir;
  if (webDir && fs.existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // the build writes .br/.gz beside each asset (vite.config.ts); hashed names never change
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // history routing: any non-API path the browser asks for gets the app (index.html carries the
    // static login page and its styles: ~200 kB raw, ~25 kB gzip)
    const shell = appPages(webDir);
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith(config.apiBase + '/') || req.method !== 'GET')
        return reply.code(CODE.notFound).send(fail('接口不存在', CODE.notFound));
      // the phone area and /shouye are a page of their own, without the console (phone.html)
      return shell(req, reply, PUBLIC_FACE_PATHS.test(req.url) ? 'phone.html' : 'index.html');
    });
  } else {
    app.get('/', async () =>
      ok(
        { api: config.apiBase, docs: `${config.apiBase}/docs` },
        'API only: run npm run build for the web app',
      ),
    );
  }

  return {
    app,
    ctx,
    routes,
    problems,
    sync,
    adminPassword: seeded.adminPassword,
    demoUsers: seeded.demoUsers,
    scheduler,
    close: async () => {
      // requests still running after a grace period (a client that stopped reading) are cut off
      const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await app.close();
      clearTimeout(force);
      ctx.imports.stop();
      await scheduler.stop();
      await stopStatisticsRefresh();
      await ctx.tableSizes.stop();
      await ctx.bus.close();
      if (!opts.database) await database.close();
    },
  };
}
