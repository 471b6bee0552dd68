// The reads behind the prayer screens (SPEC §2 /pray, /session, /statistics): one shape for every
// source of a session (a list, the biblical prayers, the quick and community feeds of posts), in
// the order of src/db/session-order.ts, and the statistics last pulled. Offline: only Dexie.
import type { StatisticsMeta } from './meta-types';
import { LIST_KEYS } from '../../common/contract';
import { db } from './db';
import { getMeta } from './meta';
import { readChannel } from './reads';
import { readSessionItems, readSessionSize } from './list-reads';
import { readPendingPrayTimes } from './pending-prays';
import { orderForSession } from './session-order';
import { toShownPost } from './shown';
import type { ShownListItem } from './shown-lists';

/** Where a session's items come from (SPEC §7 list/session/*, post/session/quick|community). */
export type SessionSource = { kind: 'list'; listId: number } | { kind: 'biblical' } | { kind: 'quick' } | { kind: 'community' };

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

async function biblicalListId(): Promise<number | null> {
  const { channelId } = await readChannel();
  const list = await db.lists.where('key').equals(LIST_KEYS.biblicalPrayers).filter((row) => row.channel_id === channelId).first();
  return list?.id ?? null;
}

/** The open requests of a pulled post feed (quick, community), in the feed's order. */
async function postSession(kind: 'quick' | 'community', size: number): Promise<SessionEntry[]> {
  const queue = (await getMeta('sessionQueues'))?.[kind];
  if (!queue) return [];
  const rows = await db.posts.bulkGet(queue.ids);
  const posts = rows
    .flatMap((row) => (row && !row.local.deleted ? [toShownPost(row)] : []))
    .filter((post) => post.type === 'REQUEST' && !post.atendido);
  const ordered = orderForSession(posts, queue, await readPendingPrayTimes('post.pray'), size);
  return ordered.map((post) => ({ type: 'post', id: post.id, title: null, text: post.text, reference: null, author: post.user.id === null ? '' : post.user.name }));
}

/** The entries of a new session from `source`, at most the viewer's session size. */
export async function readSessionEntries(source: SessionSource): Promise<SessionEntry[]> {
  const size = await readSessionSize();
  if (source.kind === 'quick' || source.kind === 'community') return postSession(source.kind, size);
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
