// Which route a batched mutation names (issue #10, POST sync/push). Every route of /api/v1 is
// seen as it is registered (Fastify's onRoute hook) and put in a find-my-way router (Fastify's
// own router, with Fastify's default options), so `method + /api/v1/<path>` matches exactly what
// the single call would match, with the same decoded params. A route is batchable only when it is
// a mutation() with nothing that must run per request: no singleOnly reason (bot check, abuse
// limit, upload), no hook of its own (preHandler...), no body limit of its own, no rate limit.
import FindMyWay from 'find-my-way';
import type { HTTPMethods, RouteOptions } from 'fastify';
import type { PushMethod } from '../../common/sync-contract';
import { registeredMutation, type RegisteredMutation } from './mutation';

/** What a route is to sync/push. */
type RouteKind =
  | { kind: 'mutation'; mutation: RegisteredMutation }
  | { kind: 'single'; reason: string }
  | { kind: 'other' };

/** The route a batched item names: found (with its params), not a route (404) or a param over Fastify's limit (414). */
type RouteMatch =
  | { found: true; route: RouteKind; params: Record<string, string | undefined> }
  | { found: false; status: 404 | 414 };

export type MutationRegistry = {
  onRoute(route: RouteOptions): void;
  match(method: PushMethod, url: string): RouteMatch;
};

type Handler = () => void;
type Method = Parameters<ReturnType<typeof FindMyWay>['on']>[0];

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

function hasHook(route: RouteOptions): boolean {
  return HOOKS.some((hook) => {
    const value: unknown = route[hook];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
  });
}

function isRateLimited(route: RouteOptions): boolean {
  const config: unknown = route.config;
  return typeof config === 'object' && config !== null && 'rateLimit' in config && config.rateLimit !== undefined && config.rateLimit !== false;
}

export function classifyRoute(route: RouteOptions): RouteKind {
  const mutation = registeredMutation(route.handler);
  if (mutation === undefined) return { kind: 'other' };
  if (mutation.options.singleOnly !== undefined) return { kind: 'single', reason: mutation.options.singleOnly };
  if (isRateLimited(route)) return { kind: 'single', reason: 'it is rate limited' };
  if (hasHook(route)) return { kind: 'single', reason: 'it has a check of its own' };
  if (route.bodyLimit !== undefined) return { kind: 'single', reason: 'it takes a body of its own size' };
  return { kind: 'mutation', mutation };
}

const ROUTER_METHODS: readonly Method[] = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

/** The route's methods as find-my-way spells them (Fastify's `HTTPMethods` also allows lower case). */
function methodsOf(method: HTTPMethods | HTTPMethods[]): Method[] {
  const methods = Array.isArray(method) ? method : [method];
  return methods.flatMap((m) => ROUTER_METHODS.filter((known) => known === m.toUpperCase()));
}

export function createMutationRegistry(): MutationRegistry {
  const routes = new Map<object, RouteKind>();
  // onMaxParamLength is set so that an over-long param is told apart from an unknown route, as
  // Fastify does (414); onBadUrl is not, the caller refuses malformed paths before matching.
  const router = FindMyWay({ onMaxParamLength: () => undefined });
  return {
    onRoute(route) {
      const handler: Handler = () => undefined;
      routes.set(handler, classifyRoute(route));
      for (const method of methodsOf(route.method)) router.on(method, route.url, handler);
    },
    match(method, url) {
      const found = router.find(method, url);
      if (found === null) return { found: false, status: 404 };
      const route = routes.get(found.handler);
      if (route === undefined) return { found: false, status: 414 };
      return { found: true, route, params: { ...found.params } };
    },
  };
}
