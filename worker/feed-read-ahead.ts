// Issue #10 P5: pages pulled ahead after a "load more" of the unfiltered feed. A reader who reached
// the end of what is held is reading the feed through; without this, each page waited for the
// screen to render the last one and ask again. The pages of a run are fetched one after another
// (each from the last one's end) and stored in one transaction: one commit, one rebase and one
// re-read of the feed's last chunk for the run, where a store per page cost more than its fetch
// (bench P5: 67 ms a store against 24 ms a fetch, as the page re-rendered after each).
// A run starts at READ_AHEAD_PAGES and doubles, up to MAX_READ_AHEAD_PAGES, each time the reader
// reaches the end of what is held while a run is still reading (issue #25 point 4: a reader going
// through the feed faster than runs of 4 came waited at each run's end; bench P5 36.0 s -> 13 s for
// 10,000 posts). A "load more" when nothing is being read ahead starts again at READ_AHEAD_PAGES,
// so a person reading at a person's pace never pulls more than that ahead.
// Issue #25 P5, stop 40: the stops between runs were half of a pull (54 stops, 3.2 s of 6.0 s for
// 10,000 posts), so a reader who keeps up is not made to stop: an ask within CAUGHT_UP_MS of a run's
// end counts as caught up too (the screen asks only once the run's rows are drawn, which is after
// the run), an ask while a run goes on extends it instead of fetching a page of its own beside it,
// and a run that a caught-up reader started is followed by one more before they ask again.
import { SYNC_LOCK } from '../common/constants';
import type { ApiError, ApiPost, PostPage } from '../common/contract';
import { readCallSession, type ApiClient, type CallSession } from './api-client';
import type { FeedQuery, PullResult } from './api-types';
import { frontierAfterPage, frontierScope, readFrontier } from './feed-frontier';
import { withLock } from './locks';
import { fetchFeedPage, pageResult, storePage } from './pull-page';

/** Pages read ahead after a "load more" (80 posts of 20); a new "load more" meanwhile extends the run. */
export const READ_AHEAD_PAGES = 4;
/** The largest run (640 posts), reached by a reader who keeps catching up with the runs. */
export const MAX_READ_AHEAD_PAGES = 32;

/** An ask this soon after a run ended still means the reader caught up with it: no one reads 80 posts in a second. */
export const CAUGHT_UP_MS = 1_000;
/** How long one hold of the sync lock chains runs for a reader reading through: a push waits at most this and one run. */
export const CHAIN_HOLD_MS = 500;

let budget = 0;
let runPages = READ_AHEAD_PAGES;
let isRunning = false;
let running: Promise<void> = Promise.resolve();
let lastRunEnd = Number.NEGATIVE_INFINITY;
/** The run under way was asked for by a caught-up reader: one more follows it before they ask again. */
let isReaderKeepingUp = false;
/** What the last run said of the feed: the answer to an ask that extends a run. */
let lastRun: PullResult | null = null;

/** Resolves when no page is being read ahead (tests, and a caller that must see the store settle). */
export async function readAheadSettled(): Promise<void> {
  await running;
}

/** Pages are being read ahead now. */
export function isReadingAhead(): boolean {
  return isRunning;
}

/** A "load more" asked now means the reader caught up with the pages read ahead: a run goes on, or ended a moment ago. */
export function hasReaderCaughtUp(): boolean {
  return isRunning || Date.now() - lastRunEnd < CAUGHT_UP_MS;
}

/**
 * A caught-up reader's "load more" while a run goes on: the run is extended (its next page is the
 * one they ask for) and they get what the last run said of the feed; null when no run goes on.
 */
export function extendRun(api: ApiClient, query: FeedQuery): PullResult | null {
  if (!isRunning || lastRun === null) return null;
  readAhead(api, query, true);
  return lastRun;
}

/**
 * Starts reading ahead from the frontier, or gives the run under way a full budget again.
 * `readerCaughtUp`: the "load more" that led here was asked while a run was reading (isReadingAhead).
 */
export function readAhead(api: ApiClient, query: FeedQuery, readerCaughtUp: boolean): void {
  runPages = readerCaughtUp ? Math.min(MAX_READ_AHEAD_PAGES, runPages * 2) : READ_AHEAD_PAGES;
  budget = runPages;
  isReaderKeepingUp = readerCaughtUp;
  if (isRunning) return;
  isRunning = true;
  // A failed page ahead costs nothing shown: the reader's own "load more" asks again and reports.
  running = readAheadRuns(api, query).catch((error: unknown) => console.warn('feed read-ahead stopped:', error));
}

async function readAheadRuns(api: ApiClient, query: FeedQuery): Promise<void> {
  try {
    while (budget > 0) {
      // One lock hold for a chain of runs: no ack lands between a page's fetch and its write.
      const result = await withLock(SYNC_LOCK, () => pullChainLocked(api, query));
      if (!result?.ok || result.count === 0 || result.currentPage >= result.lastPage) return;
    }
  } finally {
    // In the same step as the loop's last look at the budget: a "load more" after this starts a new run.
    budget = 0;
    isRunning = false;
    isReaderKeepingUp = false;
    lastRun = null;
    lastRunEnd = Date.now();
  }
}

type FetchedRun = { posts: ApiPost[]; last: PostPage | null; error: ApiError | null };

/** Up to `pages` pages from `cursor`, fetched in turn; a failed fetch ends the run with what came before it. */
async function fetchRun(api: ApiClient, query: FeedQuery, session: CallSession, from: number, pages: number): Promise<FetchedRun> {
  const posts: ApiPost[] = [];
  let last: PostPage | null = null;
  let cursor = from;
  for (let page = 0; page < pages; page += 1) {
    const result = await fetchFeedPage(api, { ...query, loadMore: cursor }, session);
    if (!result.ok) return { posts, last, error: result.error };
    last = result.data;
    posts.push(...last.data);
    const end = last.data.at(-1);
    if (!end || last.current_page >= last.last_page) break;
    cursor = end.id;
  }
  return { posts, last, error: null };
}

/**
 * Runs from the frontier while the budget lasts, for at most CHAIN_HOLD_MS of one lock hold: each
 * run's pages are fetched in turn while the run before is being stored (a run's pages are
 * consecutive, so pruning over their joint window is as exact as page by page; the runs are
 * stored in order). Before, each run's store stood between it and the next run's first fetch:
 * 36 stops, 2.2 s of P5's 5.5 s (docs/decisions.md 'Load more reads 4 pages ahead').
 */
async function pullChainLocked(api: ApiClient, query: FeedQuery): Promise<PullResult | null> {
  const scope = await frontierScope();
  const frontier = await readFrontier(scope);
  if (!frontier) return null;
  // Read once for the chain: a read of the store per page queued behind the page's own reads (a
  // 401 ends the run; the reader's next "load more" goes through the refresh).
  const session = await readCallSession();
  const holdEnds = Date.now() + CHAIN_HOLD_MS;
  let cursor = frontier.id;
  let storing: Promise<void> = Promise.resolve();
  let result: PullResult | null = null;
  try {
    while (budget > 0) {
      const pages = budget;
      budget = 0;
      const run = await fetchRun(api, query, session, cursor, pages);
      if (run.last === null) return result ?? (run.error ? { ok: false, error: run.error } : null);
      await storing;
      storing = storePage(run.posts, { isFirstPage: false }, false, frontierAfterPage(scope, run.posts));
      // Awaited before the next store and when the chain ends; a failure meanwhile is not unhandled.
      storing.catch(() => undefined);
      result = pageResult(run.last, run.posts.length);
      const end = run.posts.at(-1);
      if (run.error || !end || run.last.current_page >= run.last.last_page) return result;
      lastRun = result;
      cursor = end.id;
      // Their ask for this run's rows comes once the screen has drawn them, after the run: the next
      // run is under way by then, and that ask extends it.
      if (budget === 0 && isReaderKeepingUp) budget = runPages;
      isReaderKeepingUp = false;
      if (Date.now() >= holdEnds) return result;
    }
    return result;
  } finally {
    await storing;
  }
}
