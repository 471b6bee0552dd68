// Issue #10 P2 (cold start): the feed's first screen read while the router is still resolving the
// route, instead of after the screen's first paint. A live query subscribes in an effect, after
// the paint; then each card's query does the same, so a cold start waited two IndexedDB round
// trips behind two paints before the first card showed. The route's loader reads the first window
// and the rows of its first cards in one go; the feed's and the cards' live queries start from
// these values (their default result) and take over with their own first result, so what is shown
// is Dexie's as always, only sooner. A read that takes longer than FIRST_SCREEN_WAIT_MS is not
// waited for: the screen renders and its live queries read as before.
import { committedUpTo } from './intents';
import { db } from '../model/db';
import { readFeedWindow, type FeedWindow } from './feed-reads';
import { toShownPost, type ShownPost } from '../model/shown';

/** How many cards a phone's first screen can show (the first rows are read with the window). */
const FIRST_CARDS = 8;
const FIRST_SCREEN_WAIT_MS = 300;
/** A primed card read is a default only this long: a card mounted later reads for itself. */
const PRIMED_FOR_MS = 2_000;

/** A card's read as usePost keeps it: the post, and the last commit the read is sure to carry. */
export type PostRead = { post: ShownPost | null; upTo: number };
type FirstScreen = { window: FeedWindow; limit: number };

const primed = new Map<number, PostRead>();
let primedAt = 0;

async function readFirstScreen(limit: number): Promise<FirstScreen> {
  const upTo = committedUpTo();
  const window = await readFeedWindow({}, limit);
  const ids = window.items.slice(0, FIRST_CARDS).map((item) => item.id);
  const rows = await db.posts.bulkGet(ids);
  primed.clear();
  primedAt = Date.now();
  rows.forEach((row, index) => {
    const id = ids[index];
    if (id !== undefined) primed.set(id, { post: row && !row.local.deleted ? toShownPost(row) : null, upTo });
  });
  return { window, limit };
}

/** The route loader's read: the first screen, or undefined when it is slow or fails. */
export async function loadFirstScreen(limit: number): Promise<FirstScreen | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), FIRST_SCREEN_WAIT_MS)));
  try {
    return await Promise.race([readFirstScreen(limit), late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** A card's primed read: its live query's default result, until that query's own result comes. */
export function primedPost(id: number): PostRead | undefined {
  return Date.now() - primedAt <= PRIMED_FOR_MS ? primed.get(id) : undefined;
}
