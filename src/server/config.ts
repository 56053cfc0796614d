import path from 'node:path';
import { oauthFromEnv, type OAuth2Provider } from './auth/third/oauth2';
import { LOGIN_PAGE, type CasConfig } from './auth/third/cas';
import { isStrongPassword, passwordStrengthMessage } from '../core/validation/password';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  /** password given at start to every demo user that has none (DEMO_PASSWORD) */
  demoPassword?: string;
  /** context path of the API, default /api */
  apiBase: string;
  allowRegister: boolean;
  smsWebhookUrl?: string;
  /** minutes of inactivity after which a session ends */
  sessionIdleMinutes: number;
  /** explicit ceiling for list page sizes (lookups ask for 99999) */
  maxPageSize: number;
  schemasDir: string;
  /** demo records per document code, loaded into empty tables on first start */
  demoDir: string;
  /** built browser app served at / (absent in API-only tests) */
  webDir?: string;
  logLevel: string;
  /** behind a reverse proxy: take the client address from X-Forwarded-For */
  trustProxy: boolean;
  /**
   * The app's external address: OAuth2 redirects and the CAS service are built from it, never from a
   * request's Host. Required whenever CAS or an OAuth2 provider is configured (see identityAddresses).
   */
  publicUrl?: string;
  /** staff third-party sign-in (THIRD_LOGIN_*), the visitors' wxauth (VISITOR_OAUTH_*), CAS (CAS_*) */
  thirdLogin?: OAuth2Provider;
  visitorOAuth?: OAuth2Provider;
  cas?: CasConfig;
  /** failed sign-ins from one address (any names) within 10 minutes before that address is locked */
  loginFailuresPerAddress: number;
  /** SMS code requests an hour, from one address and from all together (every code-sending route) */
  smsPerHour: { perAddress: number; overall: number };
  /** statement timeout of a request's reads, in seconds (PostgreSQL) */
  queryTimeoutSeconds: number;
  /** bytes of uploads each user may keep */
  uploadQuotaBytes: number;
  /** how old an upload no record names must be before the cleanup removes it (a form still open may save it) */
  orphanGraceHours: number;
  /** 定时任务 (src/server/jobs/): one catch-up run for ticks missed while no instance ran (JOB_CATCH_UP), and
   * how long a run's instance may stay silent before the run counts as its dead instance's (JOB_LEASE_SECONDS) */
  jobs: { catchUp: boolean; leaseSeconds: number };
  /** expensive lists (crud/cost.ts): at once per user; what makes a list expensive; how long one waits */
  heavyQueries: {
    perUser: number;
    heavyWork: number;
    minRows: number;
    maxUnindexedLikes: number;
    waitMs: number;
  };
}

/** a positive number from the environment, or the default */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function normaliseBase(base: string): string {
  const trimmed = ('/' + base.trim()).replace(/\/+/g, '/').replace(/\/$/, '');
  return trimmed;
}

/** DEMO_PASSWORD is held to the rules every password is: a weak one stops the start */
function demoPassword(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!isStrongPassword(value)) throw new ConfigError(`DEMO_PASSWORD: ${passwordStrengthMessage()}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  const queryTimeoutSeconds = positive(env.QUERY_TIMEOUT_SECONDS, 10);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoPassword: demoPassword(env.DEMO_PASSWORD),
    apiBase: normaliseBase(env.API_BASE ?? '/api'),
    allowRegister: env.ALLOW_REGISTER !== '0',
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    sessionIdleMinutes: positive(env.SESSION_IDLE_MINUTES, 60),
    maxPageSize: 10000,
    schemasDir: path.resolve(root, env.SCHEMAS_DIR ?? './schemas'),
    demoDir: path.resolve(root, 'fixtures/demo'),
    webDir: path.resolve(root, env.WEB_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    loginFailuresPerAddress: positive(env.LOGIN_FAILURES_PER_ADDRESS, 20),
    smsPerHour: {
      perAddress: Math.ceil(positive(env.SMS_PER_ADDRESS_PER_HOUR, 20)),
      overall: Math.ceil(positive(env.SMS_PER_HOUR, 500)),
    },
    queryTimeoutSeconds,
    uploadQuotaBytes: positive(env.UPLOAD_QUOTA_MB, 500) * 1024 * 1024,
    orphanGraceHours: positive(env.UPLOAD_ORPHAN_GRACE_HOURS, 24),
    jobs: { catchUp: env.JOB_CATCH_UP !== '0', leaseSeconds: positive(env.JOB_LEASE_SECONDS, 30) },
    heavyQueries: {
      perUser: positive(env.HEAVY_QUERIES_PER_USER, 2),
      // e.g. one contains-condition on 100,000 rows, or ten on 10,000
      heavyWork: 100_000,
      minRows: 20_000,
      maxUnindexedLikes: 10,
      waitMs: queryTimeoutSeconds * 1000,
    },
    ...identityAddresses(env),
  };
}

/** a refusal to start: the message says what to set */
export class ConfigError extends Error {}

/** an absolute http(s) address from the environment, without a trailing slash */
function address(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol))
    throw new ConfigError(`${name} must be an absolute http(s) address, e.g. https://museum.example`);
  return value.replace(/\/+$/, '');
}

/**
 * Third-party sign-in and the addresses it decides identity by. The CAS service a ticket must have
 * been issued for and the OAuth2 redirect_uri an authorization code is bound to come from
 * PUBLIC_URL (or CAS_SERVICE_URL), never from a request: taken from its Host, a ticket issued for
 * another site the CAS server serves would sign in here when replayed with that site as Host
 * (tests/api/third-login.test.ts). So with a provider configured, the server does not start without them.
 */
function identityAddresses(env: NodeJS.ProcessEnv) {
  const publicUrl = address(env, 'PUBLIC_URL');
  const thirdLogin = oauthFromEnv(env, 'THIRD_LOGIN_', { type: 'oauth2', title: '第三方登录' });
  const visitorOAuth = oauthFromEnv(env, 'VISITOR_OAUTH_', { type: 'wechat', title: '微信授权登录' });
  const providers = [thirdLogin && 'THIRD_LOGIN_…', visitorOAuth && 'VISITOR_OAUTH_…'].filter(Boolean);
  if (providers.length && !publicUrl)
    throw new ConfigError(
      `PUBLIC_URL must be set when OAuth2 sign-in is configured (${providers.join(', ')}): the app's ` +
        'external address, e.g. https://museum.example; the providers send users back to ' +
        '<PUBLIC_URL>/api/…/callback, and that address is never taken from a request.',
    );
  let cas: CasConfig | undefined;
  if (env.CAS_SERVER_URL) {
    const serviceUrl = address(env, 'CAS_SERVICE_URL') ?? (publicUrl && `${publicUrl}${LOGIN_PAGE}`);
    if (!serviceUrl)
      throw new ConfigError(
        'PUBLIC_URL (or CAS_SERVICE_URL) must be set when CAS_SERVER_URL is: the service CAS tickets ' +
          'are issued for, <PUBLIC_URL>/user/login, is never taken from a request.',
      );
    cas = { serverUrl: env.CAS_SERVER_URL, serviceUrl };
  }
  return { publicUrl, thirdLogin, visitorOAuth, cas };
}
