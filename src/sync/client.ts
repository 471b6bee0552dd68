// The page's handle on the sync engine (docs/architecture.md 'The shape'): a module Web Worker reached through comlink.
// Screens call startSync() once; commands call pokeSync(); src/state calls the auth methods.
// Tests, WebKit and browsers without module workers run the same engine in-process instead.
import { proxy, wrap } from 'comlink';
import type { PullName, PullResult, Pulls, SyncApi, SyncHooks } from '../../worker/api-types';
import { initChannel } from '../state/channel';
import { readUnauthorizedAt, startSession, writeUnauthorizedAt } from '../state/session-sync';
import { getBotTokenForSync } from '../platform/bot-check';
import { requestBackgroundSync } from '../platform/sw-register';
import { currentBrowser, isWebKitEngine } from '../platform/environment';

export type { PullResult };

let port: SyncApi | null = null;
let starting: Promise<SyncApi> | null = null;

// getBotToken: reCAPTCHA needs the page's DOM; the worker asks for a token at send time, and a
// hidden tab does not mint one (docs/product.md §5; src/platform/bot-check.ts).
// The worker has no sessionStorage: the docs/product.md §4 401 timestamp is kept on the page's side.
const pageHooks: SyncHooks = { requestBackgroundSync, getBotToken: getBotTokenForSync, readUnauthorizedAt, writeUnauthorizedAt };

/**
 * Runs the engine in this thread (tests, or no module workers). Call before startSync(); the
 * caller starts the engine itself.
 */
export function connectSyncEngine(engine: SyncApi | null): void {
  port = engine;
  starting = engine ? Promise.resolve(engine) : null;
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

async function createPort(): Promise<{ engine: SyncApi; hooks: SyncHooks }> {
  // WebKit keeps an object store locked for good when a worker is stopped mid-transaction (a page
  // left or reloaded): there the engine runs on the page's thread, whose transactions end with it
  // (docs/decisions/0174-the-webkit-store-wedge-the-engine-on-the-page.md).
  if (typeof Worker !== 'undefined' && !isWebKitEngine(currentBrowser())) {
    const worker = new Worker(new URL('../../worker/sync-worker.ts', import.meta.url), { type: 'module', name: 'sync' });
    // Functions cannot be cloned into the worker: the hooks travel as a comlink proxy.
    return { engine: wrap<SyncApi>(worker), hooks: proxy(pageHooks) };
  }
  // The one place src/ loads worker/ code itself: WebKit, or no module workers, so the engine runs here.
  const { createSyncEngine } = await import('../../worker/engine');
  return { engine: createSyncEngine(), hooks: pageHooks };
}

function listenToPage(engine: SyncApi): void {
  // Wake-ups (docs/architecture/sync-protocol.md 'Wake-ups of the drain'): online, becoming visible
  // and window focus drain at once; the poll follows online and visible. None is relied on: the
  // engine probes for the network on its own while something waits (worker/wake-ups.ts), and
  // 'offline' is only a hint to it.
  window.addEventListener('online', () => void engine.setOnline(true));
  window.addEventListener('offline', () => void engine.setOnline(false));
  document.addEventListener('visibilitychange', () => void engine.setVisible(isVisible()));
  // Focus comes without a visibility change (another window closed over this one, a phone unlocked).
  window.addEventListener('focus', () => void engine.setVisible(isVisible()));
}

async function boot(): Promise<SyncApi> {
  await initChannel();
  const { engine, hooks } = await createPort();
  await engine.start({ apiBase: `${location.origin}/api/v1`, online: navigator.onLine, visible: isVisible() }, hooks);
  port = engine;
  listenToPage(engine);
  const session = await startSession(engine);
  // The same arguments as the feed screen's first pull, so the two share one request (worker/single-flight.ts).
  if (session.ok && session.session.kind !== 'anonymous') void engine.pull('feed', [{}]);
  return engine;
}

/**
 * Starts the sync engine once: channel from the cookie, the worker, the docs/product.md §4 startup flow of
 * the session, a first drain and a first feed page. Safe to call more than once.
 */
export function startSync(): Promise<SyncApi> {
  starting ??= boot().catch((err: unknown) => {
    // A failed start (e.g. storage blocked) may be retried by the next caller.
    starting = null;
    throw err;
  });
  return starting;
}

/** After a command: the engine drains soon (a no-op until startSync has run). */
export function pokeSync(): void {
  if (port) void port.poke();
}

/** The engine, starting it if needed (for src/state's auth calls). */
export function syncEngine(): Promise<SyncApi> {
  return startSync();
}

/** Every pull of the map, each a function of its arguments: `pulls.post(id)`. */
export type PullClient = { readonly [K in PullName]: (...args: Pulls[K]) => Promise<PullResult> };

const pullFunctions = new Map<PullName, (...args: never[]) => Promise<PullResult>>();

/**
 * The pulls the screens call, following the one declaration of each (worker/api-types.ts Pulls:
 * its name, arguments and what it reads; worker/pulls.ts implements it): each starts the engine if
 * needed. One function per name, so a screen may keep it as a dependency
 * (docs/decisions/0227-the-page-calls-a-pull-by-its-name.md).
 */
export const pulls: PullClient = new Proxy({} as PullClient, {
  get(_target, name) {
    // Not a thenable (an awaited value is asked for `then`), and no symbol is a pull.
    if (typeof name !== 'string' || name === 'then') return undefined;
    const key = name as PullName;
    let pull = pullFunctions.get(key);
    if (pull === undefined) pullFunctions.set(key, (pull = async (...args: never[]) => (await syncEngine()).pull(key, args as Pulls[typeof key])));
    return pull;
  },
});
