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
// Issue #25 P5, stop 42: a chain's stores no longer stand between its fetches (one store may wait
// behind the one running, worker/store-queue.ts), and a reader who keeps up gets KEEP_UP_RUNS runs
// after each ask: the screen can ask only once a run is stored and drawn, and the stores run a run
// behind the fetches
// (docs/decisions/0031-load-more-reads-4-pages-ahead-more-for-a-reader-reading.md).
import { SYNC_LOCK } from '../common/constants';
import type { ApiError, ApiPost, PostPage } from '../common/contract';
import { readCallSession, type ApiClient, type CallSession } from './api-client';
import type { FeedQuery, PullResult } from './api-types';
import { frontierAfterPage, frontierScope, readFrontier } from './feed-frontier';
import { hasLockWaiters, withLock } from './locks';
import { fetchFeedPage, pageResult, storePage } from './pull-page';
import { StoreQueue } from './store-queue';

/** Pages read ahead after a "load more" (80 posts of 20); a new "load more" meanwhile extends the run. */
export const READ_AHEAD_PAGES = 4;
/** The largest run (640 posts), reached by a reader who keeps catching up with the runs. */
export const MAX_READ_AHEAD_PAGES = 32;

/** An ask this soon after a run ended still means the reader caught up with it: no one reads 80 posts in a second. */
export const CAUGHT_UP_MS = 1_000;
/**
 * Runs fetched, unasked, after a caught-up reader's ask: their next ask comes once the first is
 * stored and drawn, and on a busy machine that took longer than the second's fetch and store (bench
 * P5, stop 45: with 2, a stop of 130-190 ms every 64 pages;
 * docs/decisions/0031-load-more-reads-4-pages-ahead-more-for-a-reader-reading.md).
 */
export const KEEP_UP_RUNS = 3;
/**
 * How long one hold of the sync lock chains runs for a reader reading through before it asks who
 * waits: past it, a push or a poll waiting for the lock waits at most the run being fetched and the
 * stores queued behind it (pullChainLocked).
 */
export const CHAIN_HOLD_MS = 500;

let budget = 0;
let runPages = READ_AHEAD_PAGES;
let isRunning = false;
let running: Promise<void> = Promise.resolve();
let lastRunEnd = Number.NEGATIVE_INFINITY;
/** Runs fetched since a caught-up reader last asked (isKeepingUp); none asked: as many as allowed. */
let runsSinceAsk = KEEP_UP_RUNS;
/** What the last run said of the feed: the answer to an ask that extends a run. */
let lastRun: PullResult | null = null;
/** Asks that extended a run before it had fetched a page (extendRun). */
let awaitingPage: ((result: PullResult | null) => void)[] = [];

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
 * one they ask for) and they get what its last page said of the feed, or, before it has one, its
 * first page's; null when no run goes on, or the run ended before a page came (the caller pulls).
 */
export async function extendRun(api: ApiClient, query: FeedQuery): Promise<PullResult | null> {
  if (!isRunning) return null;
  readAhead(api, query, true);
  if (lastRun !== null) return lastRun;
  return new Promise((resolve) => awaitingPage.push(resolve));
}

/** Tells the asks waiting on a run's first page what the feed is, or null when the runs ended first. */
function answerAsks(result: PullResult | null): void {
  const asks = awaitingPage;
  awaitingPage = [];
  for (const answer of asks) answer(result);
}

/**
 * Starts reading ahead from the frontier, or gives the run under way a full budget again.
 * `readerCaughtUp`: the "load more" that led here was asked while a run was reading (isReadingAhead).
 */
export function readAhead(api: ApiClient, query: FeedQuery, readerCaughtUp: boolean): void {
  runPages = readerCaughtUp ? Math.min(MAX_READ_AHEAD_PAGES, runPages * 2) : READ_AHEAD_PAGES;
  budget = runPages;
  if (readerCaughtUp) runsSinceAsk = 0;
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
    runsSinceAsk = KEEP_UP_RUNS;
    lastRun = null;
    answerAsks(null);
    lastRunEnd = Date.now();
  }
}

/**
 * A reader who caught up and asked during the last KEEP_UP_RUNS runs is still reading through: the
 * next run goes without waiting for their ask, which the screen makes only once it has stored and
 * drawn the rows before (bench P5: 150-320 ms after each store, with the stores a run behind the
 * fetches). One who stops has pulled at most KEEP_UP_RUNS runs they did not ask for.
 */
function isKeepingUp(): boolean {
  return runsSinceAsk < KEEP_UP_RUNS;
}

type FetchedRun = { posts: ApiPost[]; last: PostPage | null; error: ApiError | null };

/** Said during a run: another run follows it (an ask extended the budget, or the reader keeps up; pullChainLocked). */
function willChainGoOn(): boolean {
  return budget > 0 || runsSinceAsk + 1 < KEEP_UP_RUNS;
}

/**
 * A chain's requests by cursor, two in flight while a reader reads through: each page names the
 * next page's last post (`ahead_cursor`, docs/api.md 'GET posts'), and the page after next is asked
 * for while the next one comes. The pages are still taken in order, each from the last one's end:
 * one asked on a word the next page did not keep (a post came or went between) is never taken.
 * Before (stop 44), 500 pages one after another at about 11 ms each, the worker idle between.
 */
type Asked = Map<number, ReturnType<typeof fetchFeedPage>>;

function ask(asked: Asked, api: ApiClient, query: FeedQuery, session: CallSession, cursor: number): ReturnType<typeof fetchFeedPage> {
  let answer = asked.get(cursor);
  if (!answer) {
    answer = fetchFeedPage(api, { ...query, loadMore: cursor }, session);
    asked.set(cursor, answer);
  }
  return answer;
}

/** Up to `pages` pages from `cursor`, in turn; a failed fetch ends the run with what came before it. */
async function fetchRun(api: ApiClient, query: FeedQuery, session: CallSession, from: number, pages: number, asked: Asked): Promise<FetchedRun> {
  const posts: ApiPost[] = [];
  let last: PostPage | null = null;
  let cursor = from;
  for (let page = 0; page < pages; page += 1) {
    const result = await ask(asked, api, query, session, cursor);
    asked.delete(cursor);
    if (!result.ok) return { posts, last, error: result.error };
    last = result.data;
    posts.push(...last.data);
    // An ask that extends the run is answered from the page fetched last (extendRun).
    lastRun = pageResult(last);
    answerAsks(lastRun);
    const end = last.data.at(-1);
    if (!end || last.current_page >= last.last_page) break;
    cursor = end.id;
    // The next page and the one after it, as far as this run goes or the chain will go on after it.
    const goesOn = willChainGoOn();
    if (page + 1 < pages || goesOn) void ask(asked, api, query, session, cursor);
    if (last.ahead_cursor !== undefined && (page + 2 < pages || goesOn)) void ask(asked, api, query, session, last.ahead_cursor);
  }
  return { posts, last, error: null };
}

/**
 * Runs from the frontier while the budget lasts, in one hold of the sync lock: each run's pages are
 * fetched in turn while the runs before are being stored (a run's pages are consecutive, so pruning
 * over their joint window is as exact as page by page; the runs are stored in order, and the hold
 * ends only once every store has). Past CHAIN_HOLD_MS it goes on only while nobody waits for the
 * lock. Before stop 40, each run's store stood between it and the next run's first fetch: 36 stops,
 * 2.2 s of P5's 5.5 s
 * (docs/decisions/0031-load-more-reads-4-pages-ahead-more-for-a-reader-reading.md).
 */
async function pullChainLocked(api: ApiClient, query: FeedQuery): Promise<PullResult | null> {
  const scope = await frontierScope();
  const frontier = await readFrontier(scope);
  if (!frontier) return null;
  // Read once for the chain: a read of the store per page queued behind the page's own reads (a
  // 401 ends the run; the reader's next "load more" goes through the refresh).
  const session = await readCallSession();
  const holdEnds = Date.now() + CHAIN_HOLD_MS;
  const stores = new StoreQueue();
  const asked: Asked = new Map();
  let cursor = frontier.id;
  let result: PullResult | null = null;
  try {
    for (;;) {
      if (budget === 0) {
        // Out of budget: the stores finish, and an ask meanwhile goes on in this hold.
        await stores.settled();
        if (budget === 0) return result;
      }
      const pages = budget;
      budget = 0;
      const run = await fetchRun(api, query, session, cursor, pages, asked);
      if (run.last === null) return result ?? (run.error ? { ok: false, error: run.error } : null);
      const { posts } = run;
      runsSinceAsk += 1;
      await stores.add(() => storePage(posts, { isFirstPage: false }, false, frontierAfterPage(scope, posts)));
      result = pageResult(run.last, posts.length);
      const end = posts.at(-1);
      if (run.error || !end || run.last.current_page >= run.last.last_page) return result;
      cursor = end.id;
      // Their ask for this run's rows comes once the screen has drawn them, after the run: the next
      // run is under way by then, and that ask extends it.
      if (budget === 0 && isKeepingUp()) budget = runPages;
      // Past the hold, the chain goes on only while nobody waits for the lock (a push, a poll).
      if (Date.now() >= holdEnds && (await hasLockWaiters(SYNC_LOCK))) return result;
    }
  } finally {
    await stores.settled();
  }
}
