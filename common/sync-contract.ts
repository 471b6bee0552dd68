// Issue #10: the wire contract of the two sync calls that keep a member's local store fast at
// scale, shared by the server (server/routes/sync-routes.ts) and the sync worker.
//
// POST /api/v1/sync/push: an ordered batch of mutations. Each item is exactly one docs/product.md §7
// mutation (same method, path and body as its single call) with its own Idempotency-Key; each is
// applied in its own savepoint inside the batch's transaction and answered with exactly the
// status and body its single call would have given. The stored answer is per key: a key replayed
// through the batch or through the single route applies nothing twice.
//
// GET /api/v1/posts/changes?since=<cursor>: what changed in the caller's channel since a cursor
// (a delta pull), so every locally held post's counters stay fresh while online.
//
// GET /api/v1/sync/pull?cursor=<cursor> (issue #25 item 1): everything that changed for this
// device since its cursor in one answer (SyncPull below; docs/api.md 'Sync').
import type { ApiUserSettings } from './account-contract';
import type { ApiList, ApiListItem, ApiPost, ListIndexResponse, ListSessionResponse } from './contract';
import type { GroupsResponse } from './group-contract';
import type { HiddenPeopleResponse } from './hidden-people-contract';
import type { ModerationQueueResponse } from './moderation-contract';
import type { NotificationPage } from './notifications-contract';
import type { RemindersResponse } from './reminders-contract';

/**
 * Most mutations one push may carry; more is a 422 for the whole batch (nothing applied). 1,000,
 * from bench:client P4 at 5,000 queued prays over +100 ms
 * (docs/decisions/0022-prays-applied-as-a-set.md): pushes of 500 delivered them in 2.81 s, of 1,000
 * in 1.81 s, of 2,000 in 1.65 s with the first prays on the server 0.8 s after going online instead
 * of 0.46 s.
 */
export const SYNC_PUSH_MAX_MUTATIONS = 1000;
/** Largest push body in bytes; more is a 413 for the whole batch (nothing applied). */
export const SYNC_PUSH_MAX_BYTES = 1_048_576;
/** Most posts one page of `posts/changes` returns; `has_more` says another page follows. */
export const SYNC_CHANGES_PAGE_SIZE = 200;

export type PushMethod = 'POST' | 'PUT' | 'DELETE';

/** One mutation: `path` is relative to /api/v1 with no leading slash and no query, e.g. 'post/12/pray'. */
export type PushMutation = {
  key: string;
  method: PushMethod;
  path: string;
  body?: Record<string, unknown> | null;
};

export type PushBody = { mutations: PushMutation[] };

/**
 * The answer to one mutation: `status` and `body` are exactly what its single call answers (an
 * Envelope on success, an ApiError otherwise); `replayed` is true when it is the stored answer
 * of a key already applied (the single call's `idempotent-replayed` header).
 */
export type PushResult = { key: string; status: number; body: unknown; replayed: boolean };

/** `data` of a 200 from sync/push: one result per mutation, in the order sent. */
export type PushResponse = { results: PushResult[] };

/**
 * `data` of GET posts/changes. Without `since`: no rows, only the current cursor (start from
 * here). With it: posts of the caller's channel that changed after the cursor as the caller
 * sees them (oldest change first, at most SYNC_CHANGES_PAGE_SIZE), the ids of posts that were
 * deleted or are no longer visible to the caller, the cursor to ask from next, and whether more
 * changes wait behind it.
 */
export type PostChanges = { posts: ApiPost[]; deleted: number[]; cursor: string; has_more: boolean };

/**
 * Mutations that POST sync/push refuses (a 422 for the whole push, nothing applied): the client
 * sends these on their own, whatever the server's configuration (bot check, abuse limit, upload).
 * 'METHOD path' with the server's `:param` placeholders. Calls that are not mutations (auth/*,
 * guest/*, reads, sync/push itself) are refused too.
 */
export const SYNC_PUSH_SINGLE_ONLY: readonly string[] = [
  'POST post',
  'POST post/:id/report',
  'POST post/:id/comment/:cid/report',
  'POST list/:listId/item/:id/comment/:cid/report',
  'POST user/avatar',
  'POST group/:groupId/picture',
];

/** Most pages of 20 one item section of sync/pull carries (a list's items, the biblical prayers, bookmarks). */
export const SYNC_PULL_MAX_PAGES = 10;
/** A cursor older than this is answered with `refresh` (docs/decisions/0021-one-pull.md). */
export const SYNC_CURSOR_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Most posts the `note_counts` section of sync/pull names (the newest posts first). */
export const SYNC_PULL_MAX_NOTED_POSTS = 1000;

/**
 * This account's notes count on each post it may see and holds live notes on (ApiPost.noteCount;
 * private, so no post change carries it), newest posts first, as far as SYNC_PULL_MAX_NOTED_POSTS;
 * `complete`: all of them, so a held post not named has no note left.
 */
export type SyncNoteCounts = { posts: { post_id: number; count: number }[]; complete: boolean };

/** Items of a list (or of the biblical prayers, or the bookmarks) as far as SYNC_PULL_MAX_PAGES; `complete`: all of them. */
export type SyncItems = { list: ApiList | null; items: ApiListItem[]; complete: boolean };
export type SyncPostSessionKind = 'quick' | 'community' | 'my-prayers' | 'bookmark';

/**
 * The parts of a sync/pull answer beyond the posts: each is present only when its content differs
 * from what the cursor's device last received (all of them without a cursor or with `refresh`),
 * and each is what its single route answers. The item and session parts come only with `full=1`.
 */
export type SyncPullSections = {
  settings?: ApiUserSettings;
  reminders?: RemindersResponse;
  hidden_people?: HiddenPeopleResponse;
  /** Page 1, as GET notifications. */
  notifications?: NotificationPage;
  /** Moderators only: page 1, as GET moderation/reports. */
  moderation?: ModerationQueueResponse;
  /**
   * Issue #28: GET groups, the account's live groups (every pull with a session). A device drops the
   * rows of a group it does not name: left, removed, or deleted
   * (docs/decisions/0185-groups-on-the-device.md).
   */
  groups?: GroupsResponse;
  /** The notes counts of this account's posts with notes (a note written or deleted on another device). */
  note_counts?: SyncNoteCounts;
  /** GET list: my lists and the community's first page. */
  lists?: ListIndexResponse;
  /** My lists whose active items changed: GET list/{id} of every page. */
  list_items?: SyncItems[];
  biblical?: SyncItems;
  bookmarks?: SyncItems;
  post_sessions?: Partial<Record<SyncPostSessionKind, ApiPost[]>>;
  /** 'biblical' or 'list:<id>', as GET list/session/biblical-prayers and list/{id}/session/specific. */
  list_sessions?: { key: string; session: ListSessionResponse }[];
  /** Issue #28 item 4: each of my groups' lists (complete: a device drops the group's lists it does not name); their items come in list_items. */
  group_lists?: { group_id: number; lists: ApiList[] }[];
  /** Issue #28 item 4: the first page of GET post/session/group/{id} for each of my groups. */
  group_sessions?: { group_id: number; posts: ApiPost[] }[];
};

/**
 * `data` of GET sync/pull. `cursor`: ask from here next time (opaque; per account and channel).
 * `refresh`: the cursor sent cannot be served (too old, another account or channel, another
 * database): nothing in it is a delta, every section is present, and the device refreshes what it
 * holds. `posts`, `deleted` and `has_more` are GET posts/changes's page after the cursor (none
 * without a cursor or with `refresh`); `new_count` is GET posts/new-count's answer for `since`
 * (null without it); `unread_count` the notifications' (null without a session).
 */
export type SyncPull = SyncPullSections & {
  cursor: string;
  refresh: boolean;
  posts: ApiPost[];
  deleted: number[];
  has_more: boolean;
  new_count: number | null;
  unread_count: number | null;
};
