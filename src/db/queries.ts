// The read side for screens (DESIGN §1): live queries over the local database. Screens import
// only this module (plus src/commands, src/state and src/sync/client); nothing here touches
// the network, so every screen works offline and updates as soon as a row changes.
import { useEffect, useState } from 'react';
import { useLiveRead } from './live-read';
// Issue #23: a failed live read is kept off the screen and listed for one app-wide notice.
export { retryFailedReads, useReadFailure } from './live-read';
import type { ApiUserSettings } from '../../common/account-contract';
import type { ApiUserSummary } from '../../common/contract';
import { readHiddenPeople } from './hidden-people';
import type { ChannelMeta } from './meta-types';
import type { FeedItem, FeedWindow } from './feed-reads';
import {
  LOADING_SESSION,
  isStalled,
  readBookmarkedPosts,
  readChannel,
  readComments,
  readFailed,
  readNewCount,
  readNotes,
  readPost,
  readSession,
  readSyncSnapshot,
  type Session,
  type SessionKind,
} from './reads';
import { withUnreadPrays, type FeedFilter, type ShownPost } from './shown';
import { committedUpTo, forgetReadIntents, unreadIntents, useIntents, type IntentKey } from './intents';
import { primedPost, type PostRead } from './first-screen';
import {
  readBiblicalPrayers, readBookmarkedItems, readCommunityLists, readItemComments, readItemNotes, readList, readListItem,
  readListItems, readMyLists, readSessionItems, readSessionSize,
} from './list-reads';
import type { ShownItemComment, ShownItemNote, ShownList, ShownListItem } from './shown-lists';
import { readMyRequests } from './my-requests';
import type { ShownComment, ShownNote } from './shown-children';
import type { FailedMutation } from './types';
import { readRefusedChanges, readWaitingChanges, type RefusedChange, type Resend, type WaitingChange } from './change-reads';
export { watchDelivery, type Delivery } from './change-reads';
import {
  readPostSessionCounts, readSavedSessionCounts, readSessionEntries, readSessionStreak, readStatistics, type SessionEntry, type SessionSource,
} from './prayer-reads';
import type { StatisticsMeta } from './meta-types';
import { readModerationQueue, type ModerationQueueView } from './moderation-reads';
import { readAccountSettings, readPendingProfileEdit, readPublicProfile, readUserLists, readUserPosts } from './account-reads';
import type { ProfileEditBody } from './outbox-types';
import type { UserRow } from './types';
import { readNotifications, readUnreadNotifications, type ShownNotification } from './notification-reads';
import { readReminders, type ShownReminder } from './reminders-reads';
import { useOnline } from '../state/online';
import { sharedLiveQuery } from './shared-live-query';

export type { ShownNotification } from './notification-reads';
export type { FeedItem, FeedWindow };
export type { RefusedChange, Resend, WaitingChange };
export type { ChannelMeta, FailedMutation, FeedFilter, Session, SessionKind, ShownComment, ShownNote, ShownPost };
export type { ShownItemComment, ShownItemNote, ShownList, ShownListItem };
export type { ModerationQueueView, SessionEntry, SessionSource, StatisticsMeta };
export type { ProfileEditBody, UserRow };
// Pure helpers screens call on what the hooks return (SPEC §4 actions menu, feed collapsing).
export { actionsMenu, commentActionsMenu, noteActionsMenu, personActionsMenu, type PersonAction, type Viewer } from './actions-menu';
export { applyItemChange, itemActionsMenu, itemCommentActionsMenu, type ItemAction, type ItemChange } from './item-actions-menu';
export { isUnfiltered } from './feed-collapse';
export { loadFirstScreen } from './first-screen';
export type { ShownReminder } from './reminders-reads';
export { nextReminderAt } from './reminder-time';
// Issue #10: the community feed's window (chunks of the feed index without a filter).
export { feedWindowQuerier, useFeedWindow, type FeedWindowView } from './feed-window-hooks';

/** The current channel's bookmarked posts, newest first (/lists/bookmarks). */
export function useBookmarkedPosts(): ShownPost[] | undefined {
  return useLiveRead(async () => readBookmarkedPosts(), []);
}

/** A post's comments, oldest first, with this device's pending changes; undefined while loading. */
export function useComments(postId: number): ShownComment[] | undefined {
  return useLiveRead(async () => readComments(postId), [postId]);
}

/** The viewer's private notes on a post, oldest first; undefined while loading. */
export function useNotes(postId: number): ShownNote[] | undefined {
  return useLiveRead(async () => readNotes(postId), [postId]);
}

/**
 * One post: undefined while loading, null if it is not in the local database. A pray tapped on it
 * shows in the same frame (src/db/intents.ts): the read carries the commit number it is sure to
 * include, and the taps after that number are added on top until a later read carries them. Each
 * commit re-runs the read (the dep), so an intent never outlives its transaction by more than a read.
 */
export function usePost(id: number): ShownPost | null | undefined {
  const key: IntentKey = `post:${id}`;
  const intents = useIntents(key);
  const read = useLiveRead(
    async (): Promise<PostRead> => {
      const upTo = committedUpTo();
      return { post: await readPost(id), upTo };
    },
    [id, intents.lastCommit],
    // A cold start's first cards are read with the route (src/db/first-screen.ts).
    primedPost(id),
  );
  useEffect(() => {
    if (read) forgetReadIntents(key, read.upTo);
  }, [key, read]);
  if (!read) return undefined;
  return read.post && withUnreadPrays(read.post, unreadIntents(intents, read.upTo));
}

// Lists (SPEC §2 /lists...). Every querier is an async function (see feedQuerier): several of
// the reads await more than one table, and Dexie must keep tracking after the first await.

/** The viewer's own lists, newest change first; undefined while loading. */
export function useMyLists(): ShownList[] | undefined {
  return useLiveRead(async () => readMyLists(), []);
}

/** Others' public lists of the current channel, most prayed first. */
export function useCommunityLists(): ShownList[] | undefined {
  return useLiveRead(async () => readCommunityLists(), []);
}

/** One list (temporary ids followed): undefined while loading, null if not held locally. */
export function useList(id: number): ShownList | null | undefined {
  return useLiveRead(async () => readList(id), [id]);
}

/** A list's active items in list order, or (archived) its archived ones (SPEC §4). */
export function useListItems(listId: number, options: { archived?: boolean } = {}): ShownListItem[] | undefined {
  const archived = options.archived ?? false;
  return useLiveRead(async () => readListItems(listId, archived), [listId, archived]);
}

export function useListItem(id: number): ShownListItem | null | undefined {
  return useLiveRead(async () => readListItem(id), [id]);
}

/** The current channel's biblical prayers, in order. */
export function useBiblicalPrayers(): ShownListItem[] | undefined {
  return useLiveRead(async () => readBiblicalPrayers(), []);
}

export function useBookmarkedItems(): ShownListItem[] | undefined {
  return useLiveRead(async () => readBookmarkedItems(), []);
}

/** SPEC §2 /lists/my-prayers: the viewer's own requests, newest first (src/db/my-requests.ts). */
export function useMyRequests(): ShownPost[] | undefined {
  return useLiveRead(async () => readMyRequests(), []);
}

/** The viewer's private notes on an item, oldest first. */
export function useItemNotes(itemId: number): ShownItemNote[] | undefined {
  return useLiveRead(async () => readItemNotes(itemId), [itemId]);
}

/** An item's comments, oldest first. */
export function useItemComments(itemId: number): ShownItemComment[] | undefined {
  return useLiveRead(async () => readItemComments(itemId), [itemId]);
}

/** A prayer session over a list, offline: at most the user's prayer_session_items_qtd items. */
export function useSessionItems(listId: number): ShownListItem[] | undefined {
  return useLiveRead(async () => readSessionItems(listId), [listId]);
}

/** A new prayer session from any source (SPEC §2 /session), in session order; offline. `all`: not cut to the session size. */
export function useSessionEntries(source: SessionSource | null, options: { all?: boolean } = {}): SessionEntry[] | undefined {
  const key = source === null ? '' : source.kind === 'list' ? `list:${source.listId}` : source.kind;
  const size = options.all ? Number.MAX_SAFE_INTEGER : undefined;
  // `key` stands for `source`, which callers may rebuild on every render.
  return useLiveRead(async () => (source === null ? [] : readSessionEntries(source, { size })), [key, size]);
}

/** How many requests the bookmarks and my-prayers sessions hold now. */
export function useSavedSessionCounts(): { bookmarks: number; myPrayers: number } | undefined {
  return useLiveRead(async () => readSavedSessionCounts(), []);
}

/** The prayer streak in days, from the last statistics and this device's unsent work (src/db/session-streak.ts). */
export function useSessionStreak(prayedToday: boolean): number | undefined {
  return useLiveRead(async () => readSessionStreak(prayedToday, Date.now()), [prayedToday]);
}

/** How many posts the pulled quick and community feeds offer now (null: never pulled). */
export function usePostSessionCounts(): { quick: number | null; community: number | null } | undefined {
  return useLiveRead(async () => readPostSessionCounts(), []);
}

/** GET user/my-statistics as last pulled; null when never pulled here, undefined while loading. */
export function useStatistics(): StatisticsMeta | null | undefined {
  return useLiveRead(async () => readStatistics(), []);
}

/** Issue #11: the review queue with this account's pending decisions on top; null when never pulled here. */
export function useModerationQueue(): ModerationQueueView | null | undefined {
  return useLiveRead(async () => readModerationQueue(), []);
}

/** The user's prayer_session_items_qtd as shown (a pending change first). */
export function useSessionSize(): number | undefined {
  return useLiveRead(async () => readSessionSize(), []);
}

/** DESIGN §4 observability: what the sync indicator shows. */
export type SyncStatus = {
  online: boolean;
  /** Outbox entries of the signed-in account not yet acknowledged. */
  pending: number;
  /** Entries of another account, kept until that account signs in again (DESIGN §4). */
  held: number;
  /** A drain is running. */
  syncing: boolean;
  /** Refused mutations recorded for the user to see. */
  failed: number;
  /** Online, something pending, and no progress for 60 s. */
  stalled: boolean;
};

const STALL_TICK_MS = 5_000;

export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const snapshot = useLiveRead(readSyncSnapshot, []);
  // The stall is a matter of time passing, which no table change announces: tick while pending.
  const now = useNow(snapshot !== undefined && snapshot.pending > 0 ? STALL_TICK_MS : null);
  if (!snapshot) return { online, pending: 0, held: 0, syncing: false, failed: 0, stalled: false };
  return {
    online,
    pending: snapshot.pending,
    held: snapshot.held,
    syncing: snapshot.syncing,
    failed: snapshot.failed,
    stalled: isStalled(snapshot, online, now),
  };
}

/** Who is signed in (SPEC §4, §6). `ready` is false until the local session copy is read. */
export function useSession(): Session {
  return sharedSession.use();
}

// Every feed card's menu reads the session: one query for all of them (src/db/shared-live-query.ts).
const sharedSession = sharedLiveQuery(readSession, LOADING_SESSION);

/** SPEC §4 new-post polling: how many newer posts the server has (0 when unknown). */
export function useNewCount(): number {
  return useLiveRead(readNewCount, [], 0);
}

/** The current channel and language (SPEC §4 channel/locale state). */
export function useChannel(): ChannelMeta | undefined {
  return useLiveRead(readChannel, []);
}

/** GET user/settings as last read (null: never read on this device). */
export function useAccountSettings(): ApiUserSettings | null | undefined {
  return useLiveRead(readAccountSettings, []);
}

/** Issue #12: the people the viewer hid (Settings, Hidden people), newest first. */
export function useHiddenPeople(): ApiUserSummary[] | undefined {
  return useLiveRead(readHiddenPeople, []);
}

/** A public profile (SPEC §2 /profile/{slug}) as last read; null when none is held. */
export function usePublicProfile(slug: string): UserRow | null | undefined {
  return useLiveRead(() => readPublicProfile(slug), [slug]);
}

/** Profile edits waiting in the outbox ('user.profile'), merged; null when none. */
export function usePendingProfileEdit(): ProfileEditBody | null | undefined {
  return useLiveRead(readPendingProfileEdit, []);
}

/** A person's public requests and lists held on this device (for their profile). */
export function useUserPosts(userId: number | undefined): ShownPost[] | undefined {
  return useLiveRead(async () => (userId === undefined ? [] : readUserPosts(userId)), [userId]);
}

export function useUserLists(userId: number | undefined): ShownList[] | undefined {
  return useLiveRead(async () => (userId === undefined ? [] : readUserLists(userId)), [userId]);
}

/** Issue #13: the signed-in account's prayer reminders, by time of day (undefined while loading). */
export function useReminders(): ShownReminder[] | undefined {
  // An async querier: Dexie tracks the reads across readReminders' awaits only then.
  return useLiveRead(async () => readReminders(), []);
}

/** Issue #6: the signed-in account's notifications, newest change first (undefined while loading). */
export function useNotifications(): ShownNotification[] | undefined {
  return useLiveRead(readNotifications, []);
}

/** Issue #6: the unread count of the header bell. */
export function useUnreadNotifications(): number {
  return useLiveRead(readUnreadNotifications, [], 0);
}

/** Mutations the server refused and that were rolled back, newest first (DESIGN §4). */
export function useFailedMutations(): FailedMutation[] | undefined {
  return useLiveRead(readFailed, []);
}

/** Issue #12: refused changes with the user's words and how to send them again (src/db/change-reads.ts). */
export function useRefusedChanges(): RefusedChange[] | undefined {
  return useLiveRead(readRefusedChanges, []);
}

/** Issue #12: what this account has queued and not yet had acknowledged, oldest first. */
export function useWaitingChanges(): WaitingChange[] | undefined {
  return useLiveRead(readWaitingChanges, []);
}

/** Epoch ms, refreshed every `intervalMs` (null: not ticking). */
function useNow(intervalMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
