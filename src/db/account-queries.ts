// The screens' live reads of the signed-in account's own things and of other people's profiles:
// settings, hidden people, profiles, reminders, notifications, statistics and the moderation
// queue (docs/architecture/sync-protocol.md 'Reads for screens'). Offline: what the worker last
// pulled, with this device's pending changes on top.
import type { ApiUserSettings } from '../../common/account-contract';
import type { ApiUserSummary } from '../../common/contract';
import { useLiveRead } from './live-read';
import { readAccountSettings, readPendingProfileEdit, readPublicProfile, readUserLists, readUserPosts } from './account-reads';
import { readHiddenPeople } from './hidden-people';
import { readModerationQueue, type ModerationQueueView } from './moderation-reads';
import { readNotifications, readUnreadNotifications, type ShownNotification } from './notification-reads';
import { readStatistics } from './prayer-reads';
import { readReminders, type ShownReminder } from './reminders-reads';
import type { StatisticsMeta } from '../model/meta-types';
import type { ProfileEditBody } from '../model/outbox-types';
import type { ShownList } from './shown-lists';
import type { ShownPost } from '../model/shown';
import type { UserRow } from '../model/types';

/** GET user/settings as last read (null: never read on this device). */
export function useAccountSettings(): ApiUserSettings | null | undefined {
  return useLiveRead(readAccountSettings, []);
}

/** Issue #12: the people the viewer hid (Settings, Hidden people), newest first. */
export function useHiddenPeople(): ApiUserSummary[] | undefined {
  return useLiveRead(readHiddenPeople, []);
}

/** A public profile (docs/product.md §2 /profile/{slug}) as last read; null when none is held. */
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

/** GET user/my-statistics as last pulled; null when never pulled here, undefined while loading. */
export function useStatistics(): StatisticsMeta | null | undefined {
  return useLiveRead(async () => readStatistics(), []);
}

/** Issue #11: the review queue with this account's pending decisions on top; null when never pulled here. */
export function useModerationQueue(): ModerationQueueView | null | undefined {
  return useLiveRead(async () => readModerationQueue(), []);
}
