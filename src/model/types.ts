// Row types of the local database (docs/architecture/local-store.md 'Local database'). Server
// values and this device's intent are kept apart: a row holds what the server said; `local` holds
// what this device has done and the server has not yet acknowledged. What screens show is derived
// from both (src/model/shown.ts).
import type {
  ApiComment, ApiError, ApiList, ApiListItem, ApiListItemComment, ApiListItemNote, ApiNote, ApiPost, ApiPostUpdate, PostKind, Visibility,
} from '../../common/contract';
import type { ApiPublicProfile } from '../../common/account-contract';
import type { FeedKey, GroupFeedKey, GroupOthersKey } from './feed-key';
import type { OutboxEntry, TargetIds, UserOpName } from './outbox-types';

/** A pending edit of a post (docs/product.md §7 PUT post/{id}): only the fields the user changed. */
type PostEdit = { text?: string; type?: PostKind; is_anonymous?: boolean };

/** A pending answer (POST post/answer, `at` = when the user answered) or removal of one. */
type AnswerIntent = { answered: true; answer_text: string | null; at: string } | { answered: false };

/**
 * This device's unacknowledged intent on a post. Never edited by hand: it is recomputed from
 * the pending outbox entries (apply on top of the server row), so it cannot drift.
 */
export type PostLocal = {
  /** Prays in the outbox not yet acknowledged; shown count = prayedCount + pendingPrays. */
  pendingPrays: number;
  /** The bookmark state the user last chose, while the toggle is unacknowledged; null = none. */
  bookmarked: boolean | null;
  /** Pending edits, merged in seq order; null = none. */
  edit: PostEdit | null;
  /** The last pending answer or answer removal; null = none. */
  answer: AnswerIntent | null;
  /** A delete is pending: the post is hidden until the server confirms or refuses it. */
  deleted: boolean;
  /** A report is pending (the menu does not offer it twice). */
  reported: boolean;
  /** Comments created (+1) and deleted (−1) here, not yet acknowledged: shown = commentCount + this. */
  commentDelta: number;
  /** The same for the viewer's notes on the post. */
  noteDelta: number;
  /** Issue #28 item 3: updates the author wrote here (temporary ids), unacknowledged; absent = none. */
  addedUpdates?: ApiPostUpdate[];
  /** The same for the server's updates the author removed here. */
  removedUpdates?: number[];
};

export const EMPTY_POST_LOCAL: PostLocal = {
  pendingPrays: 0,
  bookmarked: null,
  edit: null,
  answer: null,
  deleted: false,
  reported: false,
  commentDelta: 0,
  noteDelta: 0,
};

/** A post as the server sent it (or as created offline, with a negative id) plus local intent. */
export type PostRow = ApiPost & {
  /** created_at as epoch ms: indexed with channel_id so the feed sorts without parsing strings. */
  createdAtMs: number;
  local: PostLocal;
  /** Derived on every write by db.ts (src/model/feed-key.ts): the community feed's index key. */
  feed?: FeedKey;
  /** Derived: the feed position of the viewer's own posts, absent on others' (index `mine`). */
  mine?: number;
  /** Derived: the feed position of bookmarked posts, absent otherwise (index `bookmarked`). */
  bookmarked?: number;
  /** Derived (issue #28): a group post's key in its group's feed, absent on community posts (index `groupFeed`). */
  groupFeed?: GroupFeedKey;
  /** Derived (issue #49 item 4): [group id, createdAtMs] of a group post by someone else, shown in its feed (index `groupOthers`). */
  groupOthers?: GroupOthersKey;
  /** Issue #12: the viewer hid the author ("Hide posts from this person", src/db/hidden-people.ts). */
  hiddenAuthor?: true;
  /** Issue #12: the viewer's report of this post was acknowledged: it stays out of their feeds. */
  reportedHere?: true;
};

// List rows (the list side of the sync engine): server values plus this device's intent, like
// posts. Intent is recomputed from the outbox by the rebase (src/commands/ops/rebase.ts).
export type ListEdit = { name?: string; description?: string | null; visibility?: Visibility };
type ListLocal = {
  edit: ListEdit | null;
  /** A delete is pending: hidden until the server confirms or refuses it. */
  deleted: boolean;
  /** Active items added (+1) or archived/deleted (−1) here, unacknowledged: shown config.qtd moves by it. */
  itemDelta: number;
};
export const EMPTY_LIST_LOCAL: ListLocal = { edit: null, deleted: false, itemDelta: 0 };
export type ListRow = ApiList & { local: ListLocal };

type ListItemEdit = { text?: string; title?: string | null; reference?: string | null };
export type ListItemLocal = {
  /** Prays not yet acknowledged; shown prayedCount = prayedCount + pendingPrays (docs/architecture/local-store.md 'Local database'). */
  pendingPrays: number;
  bookmarked: boolean | null;
  edit: ListItemEdit | null;
  /** The last pending archive (true) or restore (false); null = none (docs/product.md §4 List item). */
  archived: boolean | null;
  deleted: boolean;
  noteDelta: number;
  commentDelta: number;
};
export const EMPTY_LIST_ITEM_LOCAL: ListItemLocal = {
  pendingPrays: 0, bookmarked: null, edit: null, archived: null, deleted: false, noteDelta: 0, commentDelta: 0,
};
export type ListItemRow = ApiListItem & { local: ListItemLocal };

/** A comment on a list item, or one of the viewer's notes on it, plus intent (like CommentRow/NoteRow). */
export type ItemCommentRow = ApiListItemComment & { createdAtMs: number; local: CommentLocal };
export type ItemNoteRow = ApiListItemNote & { createdAtMs: number; local: NoteLocal };

/** This device's unacknowledged intent on a comment (recomputed like PostLocal). */
export type CommentLocal = {
  /** The text of the last pending edit; null = none. */
  edit: string | null;
  deleted: boolean;
  /** The like state the user last chose, while the toggle is unacknowledged; null = none. */
  liked: boolean | null;
  reported: boolean;
};
export const EMPTY_COMMENT_LOCAL: CommentLocal = { edit: null, deleted: false, liked: null, reported: false };

/** A comment on a post as the server sent it (or written offline, negative id) plus local intent. */
export type CommentRow = ApiComment & { createdAtMs: number; local: CommentLocal };

type NoteLocal = { edit: string | null; deleted: boolean };
export const EMPTY_NOTE_LOCAL: NoteLocal = { edit: null, deleted: false };

/** One of the viewer's private notes on a post (negative id while written offline) plus local intent. */
export type NoteRow = ApiNote & { createdAtMs: number; local: NoteLocal };
/** A public profile (GET user/profile/{slug}) as last read, for /profile/{slug} offline. */
export type UserRow = ApiPublicProfile & { fetchedAt: number };

/** A mutation the server refused for good (4xx): kept so the user can see what was undone (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). */
export type FailedMutation = {
  id: number;
  key: string;
  op: UserOpName;
  target: TargetIds;
  status: number;
  /** The server's `message` (docs/product.md §5 maps some statuses to fixed banner texts in the UI). */
  message: string;
  /**
   * Issue #12: the request body as the user wrote it, so a refusal never loses their words (the
   * refused list shows, copies and sends them again). Absent in records kept before issue #12.
   */
  requestBody?: OutboxEntry['body'];
  /** Refused because a change it depended on was refused (not for a fault of its own). */
  isDependent?: boolean;
  createdAt: number;
  failedAt: number;
  // The error's stable code with its params and field codes (issue #12), which the UI translates;
  // absent in records kept before issue #12 (the UI falls back to the status).
  // requestId: the answer's X-Request-Id, shown as the refusal's reference (issue #27 item 3).
} & Pick<ApiError, 'errors' | 'code' | 'params' | 'fieldCodes' | 'requestId'>;

/** The tables whose rows carry local intent and are reset and re-applied by a rebase. */
export type LocalTable = 'posts' | 'comments' | 'notes' | 'lists' | 'listItems' | 'itemComments' | 'itemNotes' | 'groups';
/** One row an outbox entry's `apply` touches. */
export type RowRef = { table: LocalTable; id: number };
