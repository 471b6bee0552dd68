// The reads behind the prayer screens (docs/product.md §2 /pray, /session, /statistics): one shape for every
// source of a session (a list, the biblical prayers, the quick and community feeds of posts, the
// bookmarks, my own requests), in the order of src/db/session-order.ts, and the statistics last
// pulled. Offline: only Dexie.
import type { StatisticsMeta } from '../model/meta-types';
import { LIST_KEYS } from '../../common/contract';
import { db } from '../model/db';
import { getAuth, getMeta, isEntryOfViewer, viewerId } from '../model/meta';
import { TODAY_PRAY_OPS } from '../model/list-outbox-types';
import { streakDays } from './session-streak';
import { readBookmarkedPosts, readChannel } from './reads';
import { readBookmarkedItems, readSessionItems, readSessionSize } from './list-reads';
import { readMyRequests } from './my-requests';
import { readPendingPrayTimes } from './pending-prays';
import { orderForSession } from './session-order';
import { toShownPost, type ShownPost } from '../model/shown';
import type { ShownListItem } from './shown-lists';

/** Where a session's items come from (docs/product.md §7 list/session/*, post/session/quick|community|bookmark|my-prayers). */
export type SessionSource = { kind: 'list'; listId: number } | { kind: 'biblical' } | { kind: 'quick' } | { kind: 'community' } | { kind: 'bookmarks' } | { kind: 'my-prayers' }
  /** Issue #28 item 4: a group's open requests (post/session/group/{id}, queued as 'group:<id>'). */
  | { kind: 'group'; groupId: number };

/** One thing to pray for, whatever its source. */
export type SessionEntry = {
  type: 'item' | 'post';
  id: number;
  title: string | null;
  text: string;
  reference: string | null;
  /** A post's author's name; '' for an anonymous post (the view says 'Anonymous' in the user's language, issue #12); null for list items. */
  author: string | null;
};

function itemEntry(item: ShownListItem): SessionEntry {
  return { type: 'item', id: item.id, title: item.title, text: item.text, reference: item.reference, author: null };
}

function postEntry(post: ShownPost): SessionEntry {
  return { type: 'post', id: post.id, title: null, text: post.text, reference: null, author: post.user.id === null ? '' : post.user.name };
}

const isOpenRequest = (post: ShownPost) => post.type === 'REQUEST' && !post.atendido;

/**
 * Items and posts in one session, least recently prayed first (src/db/session-order.ts with no
 * server queue): items and posts have ids of their own, so they are ranked by their place here.
 */
function orderMixed(candidates: { entry: SessionEntry; isPrayed: boolean; pendingAt: number | undefined }[], size: number): SessionEntry[] {
  const pending = new Map(candidates.flatMap((candidate, index): [number, number][] => (candidate.pendingAt === undefined ? [] : [[index, candidate.pendingAt]])));
  const ranked = orderForSession(candidates.map((candidate, index) => ({ id: index, isPrayed: candidate.isPrayed, entry: candidate.entry })), undefined, pending, size);
  return ranked.map((candidate) => candidate.entry);
}

/** docs/product.md §7 post/session/bookmark, widened to what /lists/bookmarks shows: bookmarked list items, then bookmarked open requests. */
async function bookmarkSession(size: number): Promise<SessionEntry[]> {
  const [items, posts, itemPrays, postPrays] = await Promise.all([readBookmarkedItems(), readBookmarkedPosts(), readPendingPrayTimes('listItem.pray'), readPendingPrayTimes('post.pray')]);
  return orderMixed(
    [
      ...items.map((item) => ({ entry: itemEntry(item), isPrayed: item.isPrayed, pendingAt: itemPrays.get(item.id) })),
      ...posts.filter(isOpenRequest).map((post) => ({ entry: postEntry(post), isPrayed: post.isPrayed, pendingAt: postPrays.get(post.id) })),
    ],
    size,
  );
}

/** docs/product.md §7 post/session/my-prayers: the viewer's own open requests (what /lists/my-prayers holds). */
async function myPrayersSession(size: number): Promise<SessionEntry[]> {
  const [posts, postPrays] = await Promise.all([readMyRequests(), readPendingPrayTimes('post.pray')]);
  return orderMixed(posts.filter(isOpenRequest).map((post) => ({ entry: postEntry(post), isPrayed: post.isPrayed, pendingAt: postPrays.get(post.id) })), size);
}

async function biblicalListId(): Promise<number | null> {
  const { channelId } = await readChannel();
  const list = await db.lists.where('key').equals(LIST_KEYS.biblicalPrayers).filter((row) => row.channel_id === channelId).first();
  return list?.id ?? null;
}

/** The open requests of a pulled post feed (quick, community, a group's 'group:<id>'), in the feed's order. */
async function postSession(kind: 'quick' | 'community' | `group:${number}`, size: number): Promise<SessionEntry[]> {
  const queue = (await getMeta('sessionQueues'))?.[kind];
  if (!queue) return [];
  const rows = await db.posts.bulkGet(queue.ids);
  const posts = rows
    .flatMap((row) => (row && !row.local.deleted ? [toShownPost(row)] : []))
    .filter(isOpenRequest);
  return orderForSession(posts, queue, await readPendingPrayTimes('post.pray'), size).map(postEntry);
}

/** The entries of a new session from `source`, at most `size` (default: the viewer's session size). */
export async function readSessionEntries(source: SessionSource, options: { size?: number } = {}): Promise<SessionEntry[]> {
  const size = options.size ?? (await readSessionSize());
  if (source.kind === 'quick' || source.kind === 'community') return postSession(source.kind, size);
  if (source.kind === 'group') return postSession(`group:${source.groupId}`, size);
  if (source.kind === 'bookmarks') return bookmarkSession(size);
  if (source.kind === 'my-prayers') return myPrayersSession(size);
  if (source.kind === 'list') return (await readSessionItems(source.listId, { size })).map(itemEntry);
  const listId = await biblicalListId();
  return listId === null ? [] : (await readSessionItems(listId, { size, queueKey: 'biblical' })).map(itemEntry);
}

/** How many posts each pulled feed holds for a session now (the /pray screen's hints). */
export async function readPostSessionCounts(): Promise<{ quick: number | null; community: number | null }> {
  const [quick, community] = await Promise.all([postSession('quick', Number.MAX_SAFE_INTEGER), postSession('community', Number.MAX_SAFE_INTEGER)]);
  const queues = (await getMeta('sessionQueues')) ?? {};
  return { quick: queues.quick ? quick.length : null, community: queues.community ? community.length : null };
}

/** The statistics as last pulled (null: never pulled on this device). */
export async function readStatistics(): Promise<StatisticsMeta | null> {
  return (await getMeta('statistics')) ?? null;
}

/** How many requests the bookmarks and my-prayers sessions hold now (the /pray screen's hints). */
export async function readSavedSessionCounts(): Promise<{ bookmarks: number; myPrayers: number }> {
  const all = Number.MAX_SAFE_INTEGER;
  const [bookmarks, myPrayers] = await Promise.all([bookmarkSession(all), myPrayersSession(all)]);
  return { bookmarks: bookmarks.length, myPrayers: myPrayers.length };
}

/** The streak at the end of a session, offline too (src/db/session-streak.ts). */
export async function readSessionStreak(prayedToday: boolean, now: number): Promise<number> {
  const [pulled, auth, entries] = await Promise.all([
    getMeta('statistics'),
    getAuth(),
    db.outbox.where('op').anyOf([...TODAY_PRAY_OPS, 'user.sessionFinished']).toArray(),
  ]);
  const viewer = viewerId(auth);
  const localTimes = entries.filter((entry) => isEntryOfViewer(entry, viewer)).map((entry) => entry.createdAt);
  return streakDays({ now, pulled: pulled ?? null, localTimes, prayedToday });
}
