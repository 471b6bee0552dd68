// The page's handle on the sync engine (DESIGN §1): a module Web Worker reached through comlink.
// Screens call startSync() once; commands call pokeSync(); src/state calls the auth methods.
// Tests (and browsers without module workers) run the same engine in-process instead.
import { proxy, wrap } from 'comlink';
import type { DrainReport, FeedQuery, PostParts, PullResult, SyncApi, SyncHooks } from '../../worker/api-types';
import { initChannel } from '../state/channel';
import { readUnauthorizedAt, startSession, writeUnauthorizedAt } from '../state/session-sync';
import { getBotTokenForSync } from '../platform/bot-check';
import { requestBackgroundSync } from '../platform/sw-register';

export type { DrainReport, FeedQuery, PostParts, PullResult };

let port: SyncApi | null = null;
let starting: Promise<SyncApi> | null = null;

// getBotToken: reCAPTCHA needs the page's DOM; the worker asks for a token at send time, and a
// hidden tab does not mint one (SPEC §5; src/platform/bot-check.ts).
// The worker has no sessionStorage: the SPEC §4 401 timestamp is kept on the page's side.
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
  if (typeof Worker !== 'undefined') {
    const worker = new Worker(new URL('../../worker/sync-worker.ts', import.meta.url), { type: 'module', name: 'sync' });
    // Functions cannot be cloned into the worker: the hooks travel as a comlink proxy.
    return { engine: wrap<SyncApi>(worker), hooks: proxy(pageHooks) };
  }
  // The one place src/ loads worker/ code itself: no worker support, so the engine runs here.
  const { createSyncEngine } = await import('../../worker/engine');
  return { engine: createSyncEngine(), hooks: pageHooks };
}

function listenToPage(engine: SyncApi): void {
  // Wake-ups (docs/architecture.md): online, becoming visible and window focus drain at once; the
  // poll follows online and visible. None is relied on: the engine probes for the network on its
  // own while something waits (worker/wake-ups.ts), and 'offline' is only a hint to it.
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
  if (session.ok && session.session.kind !== 'anonymous') void engine.pullFeed({});
  return engine;
}

/**
 * Starts the sync engine once: channel from the cookie, the worker, the SPEC §4 startup flow of
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

/** A feed page from the server into the local database (filters, search, load more). */
export async function pullFeed(query: FeedQuery = {}): Promise<PullResult> {
  return (await syncEngine()).pullFeed(query);
}

/** SPEC §4: load the new posts that useNewCount() announced. */
export async function loadNewPosts(): Promise<PullResult> {
  return (await syncEngine()).loadNewPosts();
}

/** SPEC §2 post detail when its screen opens: the post, its comments and the viewer's notes (or `parts` of them). */
export async function pullPost(id: number, parts?: PostParts): Promise<PullResult> {
  return (await syncEngine()).pullPost(id, parts);
}

/** Drain the outbox now, ignoring backoff (a "retry now" button). */
export async function syncNow(): Promise<DrainReport> {
  return (await syncEngine()).drain();
}

/** SPEC §2 /lists: my lists and the community's first page into the local database. */
export async function pullLists(): Promise<PullResult> {
  return (await syncEngine()).pullLists();
}

/** SPEC §2 /lists/{id}: the list and its items (`archived`: its archived items, owner only). */
export async function pullList(id: number, archived?: boolean): Promise<PullResult> {
  return (await syncEngine()).pullList(id, archived);
}

/** SPEC §2 /lists/{listId}/item/{itemId}: the item, its comments and the viewer's notes. */
export async function pullListItem(id: number): Promise<PullResult> {
  return (await syncEngine()).pullListItem(id);
}

/** SPEC §2 /lists/biblical-prayers. */
export async function pullBiblicalPrayers(): Promise<PullResult> {
  return (await syncEngine()).pullBiblicalPrayers();
}

/** SPEC §2 /lists/bookmarks (items; post bookmarks come with the BOOKMARKED feed). */
export async function pullBookmarkedItems(): Promise<PullResult> {
  return (await syncEngine()).pullBookmarkedItems();
}

/** SPEC §7 post/session/quick|community: a prayer session's posts into the local database. */
export async function pullPostSession(kind: 'quick' | 'community'): Promise<PullResult> {
  return (await syncEngine()).pullPostSession(kind);
}

/** SPEC §7 list/{id}/session/specific or list/session/biblical-prayers: the server's session order. */
export async function pullListSession(source: { listId: number } | 'biblical'): Promise<PullResult> {
  return (await syncEngine()).pullListSession(source);
}

/** Issue #6: the in-app notifications into the local database (the /notifications screen reads them live). */
export async function pullNotifications(page?: number): Promise<PullResult> {
  return (await syncEngine()).pullNotifications(page);
}

/** Issue #13: the account's prayer reminders into the local database (the reminders screen reads them live). */
export async function pullReminders(): Promise<PullResult> {
  return (await syncEngine()).pullReminders();
}

/** SPEC §7 GET user/my-statistics into the local database (the /statistics screen reads it live). */
export async function pullStatistics(): Promise<PullResult> {
  return (await syncEngine()).pullStatistics();
}

/** Issue #11: the review queue into the local database (the /moderation screen reads it live). */
export async function pullModerationQueue(): Promise<PullResult> {
  return (await syncEngine()).pullModerationQueue();
}
