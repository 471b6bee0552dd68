// Service worker updates (docs/product.md §4, §9; docs/architecture/service-worker.md 'Service
// worker'). Three rules:
//   1. A new worker is activated as soon as it is installed, and the page reloads when the
//      controlling worker changes (our update, or one activated by another tab), at most once
//      per RELOAD_GUARD_MS (10 s) so a broken deployment cannot loop. A hidden page reloads at
//      once; a visible one on its next navigation, never under the user's hands
//      (docs/decisions/0043-platform-updates-activate-at-once-and-never-reload-under-the.md).
//   2. Every SW_UPDATE_CHECK_MS (20 s) while online, /sw.js is fetched (HEAD, no cache); only a
//      200 lets registration.update() run (offline, a 404 or an error page must not even try).
//   3. /build.json is polled on the same tick; a build id other than this bundle's marks the page
//      stale, and the NEXT navigation is a full load (never in the middle of what the user does).
// None of this touches IndexedDB: unsent outbox entries survive any reload or worker swap
// (tests/platform/sw-update.test.ts checks it).
import { RELOAD_GUARD_MS, SW_UPDATE_CHECK_MS } from '../../common/constants';
import type { SkipWaitingMessage } from '../../common/sw-protocol';
import type { Clock, KeyValueStore } from './runtime';

export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';
const BUILD_MANIFEST_URL = '/build.json';
/** sessionStorage: the last reload this module caused (epoch ms); per tab, like the loop it stops. */
export const RELOAD_GUARD_KEY = 'prayer-sw-reload-at';

export type WorkerLike = {
  readonly state: string;
  postMessage(message: SkipWaitingMessage): void;
  addEventListener(type: 'statechange', listener: () => void): void;
};

export type RegistrationLike = {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  update(): Promise<unknown>;
  addEventListener(type: 'updatefound', listener: () => void): void;
};

export type ContainerLike = {
  readonly controller: object | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
};

export type FetchLike = (url: string, init: RequestInit) => Promise<{ status: number; json(): Promise<unknown> }>;

export type SwUpdateEnv = {
  container: ContainerLike;
  fetch: FetchLike;
  session: KeyValueStore;
  clock: Clock;
  isOnline(): boolean;
  reload(): void;
  /** The page is not on screen (document.visibilityState 'hidden'): a reload now goes unnoticed. */
  isHidden(): boolean;
  /** A full page load of `href`. */
  assign(href: string): void;
  /** This bundle's build id (build/build-id-plugin.ts); null without one (dev, tests). */
  buildId: string | null;
};

export type SwUpdater = {
  /** Once: watches the registration (null: no service worker; the build poll still runs) and starts the 20 s checks. */
  start(registration: RegistrationLike | null): void;
  /** One check now: the worker file, then the build manifest. */
  check(): Promise<void>;
  /** True once a newer build was seen (or a reload was held back by the guard). */
  shouldReloadOnNavigate(): boolean;
  /** Router hook: when stale, loads `href` in full and returns true (the router then stops). */
  reloadForNavigation(href: string): boolean;
  stop(): void;
};

type ReloadGuard = {
  /** True (and remembered) when no guarded reload happened in the last 10 s. */
  allow(): boolean;
};

export function createReloadGuard(session: KeyValueStore, clock: Clock): ReloadGuard {
  return {
    allow() {
      const now = clock.now();
      const last = Number(session.getItem(RELOAD_GUARD_KEY) ?? Number.NaN);
      // |now - last|: a clock set back must not hold reloads off until it catches up.
      if (Number.isFinite(last) && Math.abs(now - last) < RELOAD_GUARD_MS) return false;
      session.setItem(RELOAD_GUARD_KEY, String(now));
      return true;
    },
  };
}

/** The build id of a /build.json body; null for anything else. */
export function buildIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('buildId' in body)) return null;
  return typeof body.buildId === 'string' && body.buildId !== '' ? body.buildId : null;
}

const SKIP_WAITING: SkipWaitingMessage = { type: 'SKIP_WAITING' };

/**
 * Rule 1, the page side: when the controller changes, a hidden page reloads now; a visible one
 * (or one the guard holds back) calls `deferred`, so its next navigation loads in full.
 */
function watchController(env: SwUpdateEnv, guard: ReloadGuard, deferred: () => void): () => void {
  // The first claim of an uncontrolled page (first visit) is not an update: no reload for it.
  let controlled = env.container.controller !== null;
  const onControllerChange = () => {
    const wasControlled = controlled;
    controlled = true;
    if (!wasControlled) return;
    if (env.isHidden() && guard.allow()) env.reload();
    else deferred();
  };
  env.container.addEventListener('controllerchange', onControllerChange);
  return () => env.container.removeEventListener('controllerchange', onControllerChange);
}

/** Rule 1, the worker side: a waiting worker, or one that finishes installing, takes over now. */
function activateUpdates(registration: RegistrationLike, container: ContainerLike): void {
  // 'installed' with a controller = an update waiting; without one it activates by itself.
  if (registration.waiting && container.controller) registration.waiting.postMessage(SKIP_WAITING);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) worker.postMessage(SKIP_WAITING);
    });
  });
}

/** Rule 2: update() only after the worker file answered 200. */
async function checkWorker(env: SwUpdateEnv, registration: RegistrationLike | null): Promise<void> {
  if (!registration || registration.installing) return;
  // HEAD: the status is all this check needs; every 20 s a full download of the worker
  // (Firebase included) would cost each open tab megabytes an hour. update() itself then
  // revalidates the script against the HTTP cache (a 304 when unchanged).
  const response = await env.fetch(SW_URL, { method: 'HEAD', cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
  if (response.status === 200) await registration.update();
}

/** Rule 3: true when the served build is not this bundle's. */
async function isNewerBuildServed(env: SwUpdateEnv): Promise<boolean> {
  if (env.buildId === null) return false;
  const response = await env.fetch(BUILD_MANIFEST_URL, { cache: 'no-store' });
  if (response.status !== 200) return false;
  const latest = buildIdOf(await response.json());
  // The server serves the newest build, so any other id than ours is newer.
  return latest !== null && latest !== env.buildId;
}

export function createSwUpdater(env: SwUpdateEnv): SwUpdater {
  const guard = createReloadGuard(env.session, env.clock);
  let stale = false;
  let registration: RegistrationLike | null = null;
  const stops: (() => void)[] = [];

  async function check(): Promise<void> {
    if (!env.isOnline()) return;
    // Offline flickers and server hiccups end a check quietly; the next tick tries again.
    await checkWorker(env, registration).catch(() => undefined);
    if (await isNewerBuildServed(env).catch(() => false)) stale = true;
  }

  return {
    start(reg) {
      // Deferred or held back by the guard: the page still runs the old code, so the next navigation loads in full.
      stops.push(watchController(env, guard, () => (stale = true)));
      registration = reg;
      if (reg) activateUpdates(reg, env.container);
      stops.push(env.clock.every(SW_UPDATE_CHECK_MS, () => void check()));
    },
    check,
    shouldReloadOnNavigate: () => stale,
    reloadForNavigation(href) {
      // A worker still installing would not serve the load yet: the old one would hand back the
      // old shell. Its controllerchange marks the page stale again, and the navigation after it loads.
      if (!stale || registration?.installing || registration?.waiting) return false;
      if (!guard.allow()) return false;
      env.assign(href);
      return true;
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
