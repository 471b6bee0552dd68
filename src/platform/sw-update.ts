// Service worker updates (SPEC §4, §9; DESIGN §5). Three rules:
//   1. A new worker is activated as soon as it is installed, and the page reloads when the
//      controlling worker changes (our update, or one activated by another tab), at most once
//      per RELOAD_GUARD_MS (10 s) so a broken deployment cannot loop.
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
export const BUILD_MANIFEST_URL = '/build.json';
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
  /** A full page load of `href`. */
  assign(href: string): void;
  /** This bundle's build id (build/build-id-plugin.ts); null without one (dev, tests). */
  buildId: string | null;
};

export type SwUpdater = {
  /** Watches the registration (null: no service worker; the build poll still runs) and starts the 20 s checks. */
  start(registration: RegistrationLike | null): void;
  /** One check now: the worker file, then the build manifest. */
  check(): Promise<void>;
  /** True once a newer build was seen (or a reload was held back by the guard). */
  shouldReloadOnNavigate(): boolean;
  /** Router hook: when stale, loads `href` in full and returns true (the router then stops). */
  reloadForNavigation(href: string): boolean;
  stop(): void;
};

export type ReloadGuard = {
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

export function createSwUpdater(env: SwUpdateEnv): SwUpdater {
  const guard = createReloadGuard(env.session, env.clock);
  let stale = false;
  let registration: RegistrationLike | null = null;
  let stopTimer: (() => void) | null = null;
  // The first claim of an uncontrolled page (first visit) is not an update: no reload for it.
  let controlled = env.container.controller !== null;

  const onControllerChange = () => {
    const wasControlled = controlled;
    controlled = true;
    if (!wasControlled) return;
    if (guard.allow()) env.reload();
    // Held back by the guard: the page still runs the old code, so the next navigation loads in full.
    else stale = true;
  };

  const activate = (worker: WorkerLike) => worker.postMessage(SKIP_WAITING);

  const watchInstall = (reg: RegistrationLike) => {
    const worker = reg.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      // 'installed' with a controller = an update waiting; without one it activates by itself.
      if (worker.state === 'installed' && env.container.controller) activate(worker);
    });
  };

  async function checkWorker(): Promise<void> {
    if (!registration || registration.installing) return;
    // HEAD: the status is all this check needs; every 20 s a full download of the worker
    // (Firebase included) would cost each open tab megabytes an hour. update() itself then
    // revalidates the script against the HTTP cache (a 304 when unchanged).
    const response = await env.fetch(SW_URL, { method: 'HEAD', cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
    if (response.status === 200) await registration.update();
  }

  async function checkBuild(): Promise<void> {
    if (env.buildId === null) return;
    const response = await env.fetch(BUILD_MANIFEST_URL, { cache: 'no-store' });
    if (response.status !== 200) return;
    const latest = buildIdOf(await response.json());
    // The server serves the newest build, so any other id than ours is newer.
    if (latest !== null && latest !== env.buildId) stale = true;
  }

  async function check(): Promise<void> {
    if (!env.isOnline()) return;
    // Offline flickers and server hiccups end a check quietly; the next tick tries again.
    await checkWorker().catch(() => undefined);
    await checkBuild().catch(() => undefined);
  }

  return {
    start(reg) {
      env.container.addEventListener('controllerchange', onControllerChange);
      registration = reg;
      if (reg) {
        if (reg.waiting && env.container.controller) activate(reg.waiting);
        reg.addEventListener('updatefound', () => watchInstall(reg));
      }
      stopTimer?.();
      stopTimer = env.clock.every(SW_UPDATE_CHECK_MS, () => void check());
    },
    check,
    shouldReloadOnNavigate: () => stale,
    reloadForNavigation(href) {
      if (!stale || !guard.allow()) return false;
      env.assign(href);
      return true;
    },
    stop() {
      stopTimer?.();
      stopTimer = null;
      env.container.removeEventListener('controllerchange', onControllerChange);
    },
  };
}
