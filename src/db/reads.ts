// The read functions behind the hooks of queries.ts. Plain async functions over Dexie, so tests
// call them directly and useLiveQuery re-runs them whenever a table they read changes.
import { Dexie } from 'dexie';
import { DEFAULT_CHANNEL_ID, SYNC_STALL_MS } from '../../common/constants';
import { CHANNELS, type ApiUser } from '../../common/contract';
import { db } from './db';
import { getAuth, getMeta } from './meta';
import type { ChannelMeta } from './meta-types';
import { selectFeed, toShownPost, type FeedFilter, type ShownPost } from './shown';
import type { FailedMutation } from './types';

/** A channel id and its locale (SPEC §3 channels; unknown ids fall back to the first). */
export function channelById(id: number): ChannelMeta {
  const channel = CHANNELS.find((c) => c.id === id) ?? CHANNELS[0];
  return { channelId: channel.id, lang: channel.locale };
}

/** The current channel; SPEC §9 default 1 until src/state/channel.ts has stored one. */
export async function readChannel(): Promise<ChannelMeta> {
  return (await getMeta('channel')) ?? channelById(DEFAULT_CHANNEL_ID);
}

/** The current channel's posts, newest first, as shown (SPEC §2 community feed). */
export async function readFeed(filter: FeedFilter): Promise<ShownPost[]> {
  const { channelId } = await readChannel();
  const rows = await db.posts
    .where('[channel_id+createdAtMs]')
    .between([channelId, Dexie.minKey], [channelId, Dexie.maxKey])
    .reverse()
    .toArray();
  return selectFeed(rows, filter);
}

/** A post by id; a temporary id whose post has since got its real id is followed. Null = absent. */
export async function readPost(id: number): Promise<ShownPost | null> {
  let row = await db.posts.get(id);
  if (!row && id < 0) {
    const realId = (await getMeta('postIdMap'))?.[String(id)];
    if (realId !== undefined) row = await db.posts.get(realId);
  }
  return row ? toShownPost(row) : null;
}

/** The raw inputs of the sync indicator; `stalled` depends on the clock, see isStalled. */
export type SyncSnapshot = {
  pending: number;
  syncing: boolean;
  failed: number;
  /** Epoch ms since which the queue has made no progress (0 when nothing is pending). */
  waitingSince: number;
};

export async function readSyncSnapshot(): Promise<SyncSnapshot> {
  const [pending, failed, syncing, lastProgressAt, oldest] = await Promise.all([
    db.outbox.count(),
    db.failed.count(),
    getMeta('syncing'),
    getMeta('lastProgressAt'),
    db.outbox.orderBy('seq').first(),
  ]);
  const waitingSince = oldest ? Math.max(oldest.createdAt, lastProgressAt ?? 0) : 0;
  return { pending, failed, syncing: syncing ?? false, waitingSince };
}

/** DESIGN §4: stalled = online, something pending, and no progress for SYNC_STALL_MS. */
export function isStalled(snapshot: SyncSnapshot, online: boolean, now: number): boolean {
  return online && snapshot.pending > 0 && now - snapshot.waitingSince >= SYNC_STALL_MS;
}

export type SessionKind = 'member' | 'guest' | 'anonymous';

export type Session = {
  /** Follows the tokens (SPEC §6 roles): a member token wins over a guest token. */
  kind: SessionKind;
  /** The member or guest profile; null while it has not been loaded yet (e.g. offline start). */
  user: ApiUser | null;
  /** False until the local copy of the session has been read. */
  ready: boolean;
  /** The token could not be refreshed: the user must sign in again; unsent changes are kept. */
  expired: boolean;
  /** Today's prayers: the server's count plus this device's unacknowledged prays. */
  todayPrayerCount: number;
};

export const LOADING_SESSION: Session = { kind: 'anonymous', user: null, ready: false, expired: false, todayPrayerCount: 0 };

export async function readSession(): Promise<Session> {
  const [auth, pendingPrays] = await Promise.all([getAuth(), db.outbox.where('op').equals('post.pray').count()]);
  const kind: SessionKind = auth.memberToken ? 'member' : auth.guestToken ? 'guest' : 'anonymous';
  const user = kind === 'member' ? auth.user : kind === 'guest' ? auth.guest : null;
  return {
    kind,
    user,
    ready: true,
    expired: auth.expired,
    todayPrayerCount: (user?.today_prayer_count ?? 0) + (user ? pendingPrays : 0),
  };
}

export async function readNewCount(): Promise<number> {
  return (await getMeta('newCount')) ?? 0;
}

/** Refused mutations, newest first, for the user to review (DESIGN §4). */
export async function readFailed(): Promise<FailedMutation[]> {
  return db.failed.orderBy('failedAt').reverse().toArray();
}
