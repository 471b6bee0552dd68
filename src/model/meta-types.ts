// The key/value rows of the `meta` table (docs/architecture/local-store.md 'Local database'): auth
// for the worker and the service worker, sync cursors and sync status. One typed map, so every
// reader and writer agrees.
import type { QueueCounts } from './queue-counts';
import type { ApiStatistics, ApiUserSettings } from '../../common/account-contract';
import type { ApiUser, ApiUserSummary, ChannelId } from '../../common/contract';
import type { ApiReportedItem } from '../../common/moderation-contract';
import type { GroupAdminMeta } from './group-admin-types';
import type { EndedGroupsMeta } from './ended-groups';
import type { NotificationsUnreadMeta } from './notification-types';

/**
 * A copy of the session that the sync worker and the service worker can read (they cannot read
 * cookies). The page mirrors the tokens into cookies (docs/product.md §4, src/state/cookies.ts).
 */
export type AuthMeta = {
  memberToken: string | null;
  guestToken: string | null;
  user: ApiUser | null;
  guest: ApiUser | null;
  /** The last token refresh failed: unsent entries stay in the outbox until a new sign-in. */
  expired: boolean;
};

export const EMPTY_AUTH: AuthMeta = { memberToken: null, guestToken: null, user: null, guest: null, expired: false };

export type ChannelMeta = { channelId: ChannelId; lang: string };

export type MetaValues = {
  auth: AuthMeta;
  channel: ChannelMeta;
  /** docs/product.md §4 new-post polling: posts newer than `feedSince`, from posts/new-count. */
  newCount: number;
  /** created_at (server clock) of the newest post pulled into the unfiltered feed. */
  feedSince: string | null;
  /** True while a drain runs in some context (worker or service worker). */
  syncing: boolean;
  /** Outbox seqs the drain has sent and not settled (src/model/in-flight.ts). */
  inFlight: number[];
  /** Epoch ms of the last acknowledged or refused entry: the stall detector's clock (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). */
  lastProgressAt: number;
  /** The last temporary id handed out; temporary ids are negative and decrease. */
  tempIdSeq: number;
  /** temporary id -> real id of posts created offline, so a screen holding the old id follows. */
  postIdMap: Record<string, number>;
  /** The same for lists and list items created offline (src/commands/ops/list-store.ts). */
  listIdMap: Record<string, number>;
  /** The same for prayer groups created offline (issue #28, src/model/group-types.ts). */
  groupIdMap: Record<string, number>;
  /** The user's prayer_session_items_qtd as the server last said (GET user/settings, or the ack). */
  sessionItemsQtd: number;
  /**
   * The account whose viewer-specific values (isPrayed, is_mine, notes...) the local rows hold;
   * a sign-in as anyone else rebuilds them (worker/viewer.ts).
   */
  rowsViewer: number | null;
  /** docs/product.md §4: the push token the server last acknowledged and when it was sent (refreshed after 7 days). */
  pushToken: PushTokenMeta;
  /** GET user/my-statistics as last pulled, for the statistics screen offline (worker/pull-statistics.ts). */
  statistics: StatisticsMeta;
  /**
   * The server's order of the next prayer session (least recently prayed first) per source:
   * 'list:<id>', 'biblical', 'quick', 'community' (worker/pull-session.ts; src/db/session-order.ts).
   */
  sessionQueues: Record<string, SessionQueue>;
  /** GET user/settings as last read, for the settings screens offline (worker/account.ts). */
  accountSettings: ApiUserSettings;
  /** GET notifications/unread-count as last polled (worker/pull-notifications.ts). */
  notificationsUnread: NotificationsUnreadMeta;
  /**
   * Issue #10 delta pull: where GET posts/changes goes on from, for the channel and viewer it was
   * asked for (another channel or viewer starts again without one; worker/pull-changes.ts).
   */
  postChangesCursor: PostChangesCursorMeta;
  /**
   * Issue #25 item 1: where GET sync/pull goes on from, for the channel and viewer it was asked
   * for (worker/sync-pull.ts; the cursor itself is opaque and also names them).
   */
  syncCursor: PostChangesCursorMeta;
  /** The server's page count of the unfiltered feed at its last first-page pull (worker/pull.ts), for a first page answered by the one pull. */
  feedFirstPage: FeedFirstPageMeta;
  /**
   * Issue #10 P5: the last post of the run of unfiltered feed pages pulled from the top, for the
   * channel and viewer it was pulled for: where the next "load more" goes on from (worker/feed-frontier.ts).
   */
  feedFrontier: FeedFrontierMeta;
  /** The outbox's counts per account, kept by every write of it (src/model/queue-counts.ts). */
  queueCounts: QueueCounts;
  /** Issue #11: the first page of the review queue as last pulled by a moderator (worker/pull-moderation.ts). */
  moderationQueue: ModerationQueueMeta;
  /** Issue #12: the people this viewer hid, newest first (src/db/hidden-people.ts). */
  hiddenPeople: HiddenPeopleMeta;
  /** Issue #28: the admin screen's members and requests to join, per group (src/model/group-admin-cache.ts). */
  groupAdmin: GroupAdminMeta;
  /** Issue #49 major 4: the groups this account was removed from or left, by name only (src/model/ended-groups.ts). */
  endedGroups: EndedGroupsMeta;
  /** Issue #49 item 4: how far the viewer has seen each group's posts by others (src/state/group-seen.ts). */
  groupsSeen: GroupsSeenMeta;
};

/**
 * `viewer`: the rowsViewer the marks were kept for (another account's marks count as none);
 * `marks`: per group id, the createdAtMs (server clock) of the newest post by others held when the
 * viewer last had its page open. Posts above it are unread (src/db/group-unread-reads.ts).
 * `from`: when this device began to count (the upgrade to version 13): older posts never count.
 */
export type GroupsSeenMeta = { viewer: number | null; marks: Record<string, number>; from?: number };

/** `viewer`: whose list it is; another account never reads it. */
type HiddenPeopleMeta = { viewer: number; people: ApiUserSummary[] };

/** `viewer`: the moderator it was pulled for; another account never reads it. */
export type ModerationQueueMeta = { viewer: number; items: ApiReportedItem[]; total: number; pulledAt: number };

export type FeedFrontierMeta = { channelId: ChannelId; viewer: number | null; id: number; createdAtMs: number };

export type PostChangesCursorMeta = { channelId: ChannelId; viewer: number | null; cursor: string };
export type FeedFirstPageMeta = { channelId: ChannelId; viewer: number | null; lastPage: number; total: number };

export type StatisticsMeta = { statistics: ApiStatistics; pulledAt: number };
/** Item or post ids in the server's session order, and when they were pulled (epoch ms). */
export type SessionQueue = { ids: number[]; pulledAt: number };

export type PushTokenMeta = { token: string; registeredAt: number };

export type MetaKey = keyof MetaValues;
/**
 * A stored meta row keeps its value under a property named by its key
 * ({ key: 'auth', value: { auth } }), so reads and writes stay typed per key without casts.
 */
export type MetaRow = { key: MetaKey; value: Partial<MetaValues> };
