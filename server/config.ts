// Server configuration from the environment, with overrides for tests. Nothing else reads process.env.
import { readFileSync } from 'node:fs';
import { LIVE_MAX_STREAMS_PER_ADDRESS } from '../common/live-contract';
import { loadAccountsConfig, type AccountsConfig } from './accounts-config';
import { DEFAULT_PASSWORD_HASH_COST } from './domain/passwords';
import { loadFcmConfig, type FcmConfig } from './push/fcm-config';
import { loadWebPushConfig, type WebPushConfig } from './push/vapid';
import { loadWebBuildConfig, type WebBuildConfig } from './web-build-config';

type RateLimitConfig = { enabled: boolean; max: number; timeWindowMs: number };

export type AppConfig = AccountsConfig & {
  /** Lifetime of an access token (env TOKEN_TTL_SECONDS, default 30 days). */
  tokenTtlSeconds: number;
  /** How long an expired token may still be exchanged through refresh (365 days, docs/product.md §9 cookie life). */
  refreshWindowSeconds: number;
  /** Limit on auth/login, auth/register and guest/login attempts per client IP. */
  rateLimit: RateLimitConfig;
  /** Largest accepted request body; the longest text is a 5,000-character note (docs/product.md §10). */
  bodyLimitBytes: number;
  /** Built SPA to serve beside /api/v1 (start.ts); undefined in tests. */
  staticDir?: string;
  /**
   * How many proxies of yours stand in front (env TRUST_PROXY=N, default 0): the client address is
   * read from X-Forwarded-For that many hops back, so a client cannot spoof it (the abuse limit
   * keys on it). 1 behind one nginx or load balancer (docs/deploy.md).
   */
  trustProxy: number;
  logger: boolean;
  /** Push through FCM HTTP v1 (env FCM_*, server/push/fcm-config.ts); null: standard Web Push (webPush). */
  push: FcmConfig | null;
  /** Web Push's VAPID identity (env VAPID_*, server/push/vapid.ts), used when FCM is not configured. */
  webPush: WebPushConfig;
  /** The served app's build-time features (VITE_*): the CSP admits their hosts (server/http/security.ts). */
  webBuild: WebBuildConfig;
  /** Members who review reports (env MODERATOR_EMAILS, comma-separated; issue #11), lower-cased. */
  moderatorEmails: ReadonlySet<string>;
  /** How often the reminder scheduler ticks (env REMINDER_TICK_MS, default 30 s; 0: off). Issue #13. */
  reminderTickMs: number;
  /** HOUSEKEEPING_TICK_MS: notification retention and the change stamps' prune (server/http/housekeeping.ts); 0: off. */
  housekeepingTickMs: number;
  /** Keep GET /posts answers until the next write (env READ_CACHE=0: off). Issue #14, server/http/read-cache.ts. */
  readCache: boolean;
  /**
   * Serve https with this certificate and key (PEM), read at start from the files env TLS_CERT and
   * TLS_KEY name; null: plain http (behind a proxy that does TLS, docs/deploy.md). Local https is for
   * browsers that drop `Secure` cookies on http://127.0.0.1 (WebKit; the cross-engine suite).
   */
  tls: TlsConfig | null;
  /**
   * GET /metrics answers a request bearing this token (env METRICS_TOKEN, issue #27 item 2,
   * server/http/metrics.ts); null: off, and /metrics is a 404.
   */
  metricsToken: string | null;
  /** log2 of scrypt's N for new password hashes (env PASSWORD_HASH_COST, 10-20, default 14; server/domain/passwords.ts). */
  passwordHashCost: number;
  /**
   * Live streams one client address may hold on a process (env LIVE_MAX_STREAMS_PER_ADDRESS, default
   * LIVE_MAX_STREAMS_PER_ADDRESS of common/live-contract.ts; issue #48): raise it for a network
   * with more devices behind one address, or for a load test from one machine.
   */
  liveMaxStreamsPerAddress: number;
};

export type TlsConfig = { cert: string; key: string };

type Overrides = { [K in keyof AppConfig]?: AppConfig[K] | undefined };

const DAY_SECONDS = 24 * 60 * 60;

function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Expected a non-negative integer, got '${value}'`);
  return parsed;
}

/** Stored emails are trimmed and lower-cased (server/domain/users.ts normalizeEmail); so are these. */
function emailSet(value: string | undefined): ReadonlySet<string> {
  return new Set((value ?? '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== ''));
}

/** METRICS_TOKEN: unset or empty is off; a short one stops the start (docs/deploy.md 'Metrics'). */
function metricsToken(value: string | undefined): string | null {
  const token = value?.trim() ?? '';
  if (token === '') return null;
  if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)');
  return token;
}

/** PASSWORD_HASH_COST: log2 of scrypt's N; below 10 is too weak for a stored password, above 20 too slow for a login. */
function passwordHashCost(value: string | undefined): number {
  const cost = intFromEnv(value, DEFAULT_PASSWORD_HASH_COST);
  if (cost < 10 || cost > 20) throw new Error(`PASSWORD_HASH_COST must be from 10 to 20 (log2 of scrypt's N; default ${String(DEFAULT_PASSWORD_HASH_COST)}), got ${String(cost)}`);
  return cost;
}

/** TLS_CERT and TLS_KEY: both or neither; a file that cannot be read stops the start with its path. */
function loadTls(env: NodeJS.ProcessEnv): TlsConfig | null {
  const certFile = env.TLS_CERT?.trim() ?? '';
  const keyFile = env.TLS_KEY?.trim() ?? '';
  if (certFile === '' && keyFile === '') return null;
  if (certFile === '' || keyFile === '') throw new Error('TLS_CERT and TLS_KEY go together: set both (PEM file paths) for https, or neither for http');
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Overrides = {}): AppConfig {
  const accounts = loadAccountsConfig(env);
  const base: AppConfig = {
    ...accounts,
    tokenTtlSeconds: intFromEnv(env.TOKEN_TTL_SECONDS, 30 * DAY_SECONDS),
    refreshWindowSeconds: intFromEnv(env.REFRESH_WINDOW_SECONDS, 365 * DAY_SECONDS),
    rateLimit: {
      enabled: env.RATE_LIMIT !== '0',
      max: intFromEnv(env.RATE_LIMIT_MAX, 10),
      timeWindowMs: intFromEnv(env.RATE_LIMIT_WINDOW_MS, 60_000),
    },
    bodyLimitBytes: intFromEnv(env.BODY_LIMIT_BYTES, 64 * 1024),
    staticDir: env.STATIC_DIR,
    trustProxy: intFromEnv(env.TRUST_PROXY, 0),
    logger: env.LOG !== '0',
    push: loadFcmConfig(env),
    webPush: loadWebPushConfig(env, accounts),
    webBuild: loadWebBuildConfig(env),
    moderatorEmails: emailSet(env.MODERATOR_EMAILS),
    reminderTickMs: intFromEnv(env.REMINDER_TICK_MS, 30_000),
    housekeepingTickMs: intFromEnv(env.HOUSEKEEPING_TICK_MS, 10 * 60_000),
    readCache: env.READ_CACHE !== '0',
    tls: loadTls(env),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    passwordHashCost: passwordHashCost(env.PASSWORD_HASH_COST),
    liveMaxStreamsPerAddress: intFromEnv(env.LIVE_MAX_STREAMS_PER_ADDRESS, LIVE_MAX_STREAMS_PER_ADDRESS),
  };
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return { ...base, ...defined };
}
