// The read functions behind the hooks of queries.ts. Plain functions over Dexie, so tests call
// them directly and useLiveQuery re-runs them whenever a table they read changes.
import { Dexie, type PromiseExtended } from 'dexie';
import { DEFAULT_CHANNEL_ID, SYNC_STALL_MS } from '../../common/constants';
import { CHANNELS, type ApiUser } from '../../common/contract';
import { db } from '../model/db';
import { collapseFeed, isUnfiltered, type CollapsedPost } from './feed-collapse';
import { getAuth, getMeta, mappedId, viewerId } from '../model/meta';
import { acctsOfViewer } from '../model/outbox-index';
import type { AuthMeta, ChannelMeta } from '../model/meta-types';
import { selectFeed, toShownPost, type FeedFilter, type ShownPost } from '../model/shown';
import { selectComments, selectNotes, type ShownComment, type ShownNote } from './shown-children';

/** A channel id and its locale (docs/product.md §3 channels; unknown ids fall back to the first). */
export function channelById(id: number): ChannelMeta {
  const channel = CHANNELS.find((c) => c.id === id) ?? CHANNELS[0];
  return { channelId: channel.id, lang: channel.locale };
}

/** The current channel; docs/product.md §9 default 1 until src/state/channel.ts has stored one. */
export async function readChannel(): Promise<ChannelMeta> {
  return (await getMeta('channel')) ?? channelById(DEFAULT_CHANNEL_ID);
}

/** The current channel's posts, newest first, as shown (docs/product.md §2 community feed). */
export async function readFeed(filter: FeedFilter): Promise<ShownPost[]> {
  const { channelId } = await readChannel();
  const [rows, since] = await Promise.all([
    db.posts.where('[channel_id+createdAtMs]').between([channelId, Dexie.minKey], [channelId, Dexie.maxKey]).reverse().toArray(),
    getMeta('feedSince'),
  ]);
  return selectFeed(isUnfiltered(filter) ? rows.filter(beforeNewPosts(since)) : rows, filter);
}

/**
 * docs/product.md §4: other people's posts newer than the feed's cursor come in through the new-posts control
 * only, even when another pull (a prayer-session feed, a post opened from a notification) has
 * already stored them; the user's own posts show at once.
 */
function beforeNewPosts(since: string | null | undefined): (row: { id: number; is_mine: boolean; createdAtMs: number }) => boolean {
  const horizon = since ? Date.parse(since) : Number.POSITIVE_INFINITY;
  return (row) => row.id < 0 || row.is_mine || !(row.createdAtMs > horizon);
}

/**
 * The current channel's bookmarked posts as shown, newest first, through the `bookmarked` index
 * (issue #10: only the bookmarked rows are read, however large the store).
 */
export async function readBookmarkedPosts(): Promise<ShownPost[]> {
  const { channelId } = await readChannel();
  const rows = await db.posts.orderBy('bookmarked').reverse().toArray();
  return selectFeed(rows.filter((row) => row.channel_id === channelId), { type: 'BOOKMARKED' });
}

/** docs/product.md §4 feed collapsing over the feed as shown (unfiltered feeds only; see feed-collapse.ts). */
export async function readCollapsedFeed(filter: FeedFilter): Promise<CollapsedPost[]> {
  const [posts, auth] = await Promise.all([readFeed(filter), getAuth()]);
  return collapseFeed(posts, viewerId(auth), filter);
}

/** The id a post has now: a temporary id whose post has since got its real id is followed. */
async function currentPostId(id: number): Promise<number> {
  if (id > 0 || (await db.posts.get(id))) return id;
  return (await mappedId('postIdMap', id)) ?? id;
}

/** A post by id (temporary ids followed). Null = absent, or deleted here pending the server. */
export async function readPost(id: number): Promise<ShownPost | null> {
  // A pray shows before this read sees it through src/db/intents.ts (usePost): Dexie applies a
  // write to its live-query cache only after an explicit rw transaction commits (Dexie.js #1881).
  const row = await db.posts.where('id').equals(await currentPostId(id)).first();
  return row && !row.local.deleted ? toShownPost(row) : null;
}

/** A post's comments as shown, oldest first (docs/product.md §2 post detail). */
export async function readComments(postId: number): Promise<ShownComment[]> {
  return selectComments(await db.comments.where('post_id').equals(await currentPostId(postId)).toArray());
}

/** The viewer's notes on a post, oldest first (private, docs/architecture/server.md 'Reference server'). */
export async function readNotes(postId: number): Promise<ShownNote[]> {
  return selectNotes(await db.notes.where('post_id').equals(await currentPostId(postId)).toArray());
}

/**
 * Pending entries split by whose they are (docs/architecture/sync-protocol.md 'Outbox and sync
 * protocol': another account's are held), from the counts every write of the outbox keeps
 * (src/model/queue-counts.ts: issue #25, the status reads one row however long the queue), with the
 * oldest of the viewer's: within one account the `acct` index is in seq order, so its first row is
 * the oldest. A chain of Dexie promises: it runs inside readSyncSnapshot's transaction (see
 * inTransaction).
 */
function outboxOfViewer(): PromiseExtended<{ mine: number; held: number; oldestCreatedAt: number | null }> {
  return Dexie.Promise.all([getAuth(), getMeta('queueCounts')])
    .then(([auth, counts = {}]) => {
      const accts = acctsOfViewer(viewerId(auth));
      const total = Object.values(counts).reduce((sum, count) => sum + count.all, 0);
      const mine = accts.reduce((sum, acct) => sum + (counts[String(acct)]?.all ?? 0), 0);
      return Dexie.Promise.all(accts.map((acct) => db.outbox.where('acct').equals(acct).first())).then((oldest) => ({ total, mine, oldest }));
    })
    .then(({ total, mine, oldest }) => {
      const times = oldest.flatMap((entry) => (entry ? [entry.createdAt] : []));
      return { mine, held: total - mine, oldestCreatedAt: times.length > 0 ? Math.min(...times) : null };
    });
}

/** The raw inputs of the sync indicator; `stalled` depends on the clock, see isStalled. */
type SyncSnapshot = {
  /** Entries of the signed-in account not yet acknowledged. */
  pending: number;
  /** Entries of another account, kept until it signs in again (not sent, not 'stalled'). */
  held: number;
  syncing: boolean;
  failed: number;
  /** Epoch ms since which the queue has made no progress (0 when nothing is pending). */
  waitingSince: number;
};

/**
 * The body of an explicit read transaction is a chain of Dexie promises, never a native `await`:
 * Dexie keeps a transaction across its own promises, but across a native one only by a best
 * effort that failed when many live queries started with the page. The reads after it then ran
 * outside the transaction, which committed with them still to come: PrematureCommitError, and
 * the screen fell to the error page (issue #23;
 * docs/decisions/0037-explicit-read-transactions-keep-to-dexie-promises.md).
 */
export async function readSyncSnapshot(): Promise<SyncSnapshot> {
  // One read transaction, not one per read: this query re-runs on every outbox change, and a
  // stream of small transactions from the page kept the sync worker's writes waiting (issue #10).
  const [outbox, failed, syncing, lastProgressAt] = await db.transaction('r', db.outbox, db.failed, db.meta, () =>
    Dexie.Promise.all([outboxOfViewer(), db.failed.count(), getMeta('syncing'), getMeta('lastProgressAt')]),
  );
  const waitingSince = outbox.oldestCreatedAt === null ? 0 : Math.max(outbox.oldestCreatedAt, lastProgressAt ?? 0);
  return { pending: outbox.mine, held: outbox.held, failed, syncing: syncing ?? false, waitingSince };
}

/** docs/architecture/sync-protocol.md 'Outbox and sync protocol': stalled = online, something pending, and no progress for SYNC_STALL_MS. */
export function isStalled(snapshot: SyncSnapshot, online: boolean, now: number): boolean {
  return online && snapshot.pending > 0 && now - snapshot.waitingSince >= SYNC_STALL_MS;
}

type SessionKind = 'member' | 'guest' | 'anonymous';

export type Session = {
  /** Follows the tokens (docs/product.md §6 roles): a member token wins over a guest token. */
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

/** The auth and the queue's counts in one transaction, so the pending prays are the auth's (a chain: see readSyncSnapshot). */
export async function readSession(): Promise<Session> {
  return db.transaction('r', db.meta, () =>
    // The prays waiting, from the counts every write of the outbox keeps (src/model/queue-counts.ts):
    // this re-runs on every tap, and a count of the queue walked it (issue #25).
    Dexie.Promise.all([getAuth(), getMeta('queueCounts')]).then(([auth, counts = {}]) =>
      sessionOf(auth, acctsOfViewer(viewerId(auth)).map((acct) => counts[String(acct)]?.prays ?? 0)),
    ),
  );
}

function sessionOf(auth: AuthMeta, counts: number[]): Session {
  const pendingPrays = counts.reduce((sum, count) => sum + count, 0);
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
