// The one pull (issue #25 item 1; docs/decisions/0021-one-pull.md): GET sync/pull from the stored
// cursor answers everything that changed for this device, written by worker/sync-apply.ts. The
// start, each poll tick, 'online', becoming visible, a sign-in and the service worker's periodic
// sync catch up through it; the item and session sections are asked for (`full`) at most every
// PREFETCH_INTERVAL_MS unless a caller needs them now. One pull at a time per context: a caller
// joins the pull in flight when it asks no more than it (worker/single-flight.ts's rule).
import { PAGE_SIZE, SYNC_LOCK } from '../common/constants';
import type { ApiError } from '../common/contract';
import type { SyncPull } from '../common/sync-contract';
import { readChannel } from '../src/db/reads';
import { getAuth, getMeta, setMeta, viewerId } from '../src/model/meta';
import type { PostChangesCursorMeta } from '../src/model/meta-types';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';
import { pullFeed } from './pull';
import { explainGoneGroups } from './pull-groups';
import { applySyncPull } from './sync-apply';

/** How often the item and session sections are asked for without a caller needing them: the old prefetch's period. */
export const FULL_PULL_INTERVAL_MS = 5 * 60_000;
/** Bound on the answers followed in one catch-up (200 changed posts each); the rest waits for the next. */
const MAX_PULL_PAGES = 10;
/** A feed screen opened this soon after a catch-up ended takes its answer (the start's boot and screen pulls). */
const FRESH_MS = 5_000;

export type CatchUp = { ok: true; refreshed: boolean } | { ok: false; error: ApiError };
/**
 * 'full': the item and session sections now (start, online, a screen's prefetch); 'due': when
 * FULL_PULL_INTERVAL_MS has passed; 'viewer': a full one for a viewer just known (a sign-in, a
 * session adopted from the cookie), which never joins a pull in flight: that pull may have been
 * asked without the session and already passed its account check
 * (docs/decisions/0186-a-new-viewer-s-catch-up-is-its-own.md).
 */
export type CatchUpKind = 'full' | 'due' | 'viewer';

type Scope = Omit<PostChangesCursorMeta, 'cursor'>;

let current: { full: boolean; promise: Promise<CatchUp> } | null = null;
let lastFullAt = Number.NEGATIVE_INFINITY;
let lastEnded: { at: number; result: CatchUp } | null = null;

async function scopeNow(): Promise<Scope> {
  const [{ channelId }, auth] = await Promise.all([readChannel(), getAuth()]);
  return { channelId, viewer: viewerId(auth) };
}

const sameScope = (a: Scope, b: Scope) => a.channelId === b.channelId && a.viewer === b.viewer;

/** One catch-up under SYNC_LOCK; 'moved' when the channel or account changed while a call was out. */
async function pullLocked(api: ApiClient, full: boolean): Promise<CatchUp | 'moved'> {
  const scope = await scopeNow();
  const stored = await getMeta('syncCursor');
  let cursor = stored && sameScope(stored, scope) ? stored.cursor : undefined;
  const since = (await getMeta('feedSince')) ?? undefined;
  let refreshed = false;
  for (let page = 0; page < MAX_PULL_PAGES; page += 1) {
    const result = await api.call<SyncPull>({ path: 'sync/pull', query: { cursor, since, full: full && page === 0 ? 1 : undefined } });
    if (!result.ok) {
      console.warn(`sync/pull failed (${result.status}): ${result.error.message}`);
      return { ok: false, error: result.error };
    }
    if (!sameScope(await scopeNow(), scope)) return 'moved';
    const goneGroups = await applySyncPull(result.data, scope.viewer);
    await setMeta('syncCursor', { ...scope, cursor: result.data.cursor });
    // Issue #49 major 4: a group that went is asked why (removed, left, deleted), for its page offline too.
    await explainGoneGroups(api, goneGroups);
    refreshed ||= result.data.refresh;
    cursor = result.data.cursor;
    if (!result.data.has_more) break;
  }
  return { ok: true, refreshed };
}

async function run(api: ApiClient, full: boolean): Promise<CatchUp> {
  let outcome: CatchUp | 'moved' = 'moved';
  // A sign-in during the call: the answer was not for this account; ask once more for the new one.
  for (let attempt = 0; attempt < 2 && outcome === 'moved'; attempt += 1) outcome = await withLock(SYNC_LOCK, () => pullLocked(api, full));
  const result: CatchUp = outcome === 'moved' ? { ok: false, error: { status: 0, message: 'The account or channel changed during the pull' } } : outcome;
  if (result.ok && full) lastFullAt = Date.now();
  // A refresh dropped the held posts: the feed's first page comes back at once (outside the lock, which pullFeed takes).
  if (result.ok && result.refreshed) await pullFeed(api, {});
  return result;
}

/** Forgets the catch-ups of this context, as a reopened app starts (tests/sync/one-pull.test.ts). */
export function forgetCatchUps(): void {
  current = null;
  lastFullAt = Number.NEGATIVE_INFINITY;
  lastEnded = null;
}

/** Catches this device up; asked while a pull that covers it runs, it shares that pull's answer. */
export function catchUp(api: ApiClient, kind: CatchUpKind): Promise<CatchUp> {
  const full = kind !== 'due' || Date.now() - lastFullAt >= FULL_PULL_INTERVAL_MS;
  if (current && kind !== 'viewer' && (current.full || !full)) return current.promise;
  const after = current?.promise ?? Promise.resolve();
  const promise: Promise<CatchUp> = after.then(() => run(api, full)).then((result) => {
    lastEnded = { at: Date.now(), result };
    return result;
  }).finally(() => {
    if (current?.promise === promise) current = null;
  });
  current = { full, promise };
  return promise;
}

/** The catch-up in flight, or one that ended within FRESH_MS, or a new one ('due'). */
export function recentCatchUp(api: ApiClient): Promise<CatchUp> {
  if (current) return current.promise;
  if (lastEnded?.result.ok && Date.now() - lastEnded.at < FRESH_MS) return Promise.resolve(lastEnded.result);
  return catchUp(api, 'due');
}

/**
 * The unfiltered feed's first page (docs/product.md §4): when the store holds it for this channel
 * and viewer, the one pull keeps it current (changed and deleted posts, the new count) and no
 * page is asked for unless new posts wait; otherwise, or with new posts, GET posts as before.
 */
export async function firstFeedPage(api: ApiClient): Promise<PullResult> {
  const [scope, held, since] = await Promise.all([scopeNow(), getMeta('feedFirstPage'), getMeta('feedSince')]);
  if (!held || !sameScope(held, scope) || !since) return pullFeed(api, {});
  const caught = await recentCatchUp(api);
  if (!caught.ok) return { ok: false, error: caught.error };
  if (((await getMeta('newCount')) ?? 0) > 0) return pullFeed(api, {});
  const stored = await getMeta('feedFirstPage');
  const page = stored && sameScope(stored, scope) ? stored : held;
  return { ok: true, currentPage: 1, lastPage: page.lastPage, total: page.total, count: Math.min(PAGE_SIZE, page.total) };
}
