// What every route module receives from buildApp.
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { AppMetrics } from '../http/metrics';
import type { ReadCache } from '../http/read-cache';

export type RouteDeps = { db: Db; config: AppConfig; readCache: ReadCache; metrics: AppMetrics };

/** Route options that apply the abuse limit (login, register, check-email, forgot-password, reports) when enabled. */
export function authRateLimit(config: AppConfig) {
  if (!config.rateLimit.enabled) return {};
  return { config: { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs } } };
}

// Why a mutation is never applied inside POST sync/push (mutation()'s singleOnly, docs/api.md
// 'Sync'): whether or not the check is switched on here, the client sends these on their own.
export const RATE_LIMITED = 'it has an abuse limit per request';
export const BOT_CHECKED = 'it has a bot check';
