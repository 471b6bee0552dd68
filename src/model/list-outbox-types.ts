// Payloads of the list side's named mutations (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'), kept beside outbox-types.ts so the two halves of the sync engine do not edit one file
// line by line. Ids live in `target` only.
import type { SessionResponse, UserResponse } from '../../common/account-contract';
import type {
  CommentBody, CreateListBody, CreateListItemBody, DeletedResponse, ListItemBookmarkResponse, ListItemChangeResponse,
  ListItemChildDeletedResponse, ListItemCommentChangeResponse, ListItemCommentResponse, ListItemDeletedResponse,
  ListItemNoteChangeResponse, ListItemNoteResponse, ListItemPrayResponse, ListItemResponse, ListResponse, NoteBody, ReportBody,
  ReportResponse, UpdateListBody, UpdateListItemBody,
} from '../../common/contract';

// `postId?: never`: code that reads target.postId of any outbox entry (the post side's) still
// type-checks against the union of every op's target, and learns there is none.
type NoPost = { postId?: never };
type ListTarget = NoPost & { listId: number };
type ItemTarget = NoPost & { listId: number; itemId: number };
type ItemNoteTarget = ItemTarget & { itemNoteId: number };
type ItemCommentTarget = ItemTarget & { itemCommentId: number };
type None = Record<string, never>;

type SessionFinishedBody = { items_prayed: number; duration_seconds: number; finished_at: string };

export type ListOps = {
  /** target.listId is the temporary negative id of the list made here; groupId (issue #28 item 4) the group it is made in (its group_id is sent from here). */
  'list.create': { target: ListTarget & { groupId?: number }; body: Omit<CreateListBody, 'group_id'>; response: ListResponse };
  'list.edit': { target: ListTarget; body: UpdateListBody; response: ListResponse };
  'list.delete': { target: ListTarget; body: null; response: DeletedResponse };
  /** target.itemId is the temporary id of the item; it waits for an offline-created list. */
  'listItem.create': { target: ItemTarget; body: CreateListItemBody; response: ListItemChangeResponse };
  'listItem.edit': { target: ItemTarget; body: UpdateListItemBody; response: ListItemResponse };
  'listItem.archive': { target: ItemTarget; body: null; response: ListItemChangeResponse };
  'listItem.restore': { target: ItemTarget; body: null; response: ListItemChangeResponse };
  'listItem.delete': { target: ItemTarget; body: null; response: ListItemDeletedResponse };
  'listItem.pray': { target: ItemTarget; body: null; response: ListItemPrayResponse };
  'listItem.bookmark': { target: ItemTarget; body: null; response: ListItemBookmarkResponse };
  'listItemNote.create': { target: ItemNoteTarget; body: NoteBody; response: ListItemNoteChangeResponse };
  'listItemNote.edit': { target: ItemNoteTarget; body: NoteBody; response: ListItemNoteResponse };
  'listItemNote.delete': { target: ItemNoteTarget; body: null; response: ListItemChildDeletedResponse };
  'listItemComment.create': { target: ItemCommentTarget; body: CommentBody; response: ListItemCommentChangeResponse };
  'listItemComment.edit': { target: ItemCommentTarget; body: CommentBody; response: ListItemCommentResponse };
  'listItemComment.delete': { target: ItemCommentTarget; body: null; response: ListItemChildDeletedResponse };
  'listItemComment.report': { target: ItemCommentTarget; body: ReportBody; response: ReportResponse };
  'user.todaySession': { target: None; body: { items_qtd?: number }; response: SessionResponse };
  'user.sessionFinished': { target: None; body: SessionFinishedBody; response: SessionResponse };
  'user.locale': { target: None; body: { locale: string }; response: UserResponse };
  'user.channel': { target: None; body: { channel_id: number }; response: UserResponse };
  'user.prayerSessionItemsQtd': { target: None; body: { qtd: number }; response: UserResponse & { session_items_qtd: number } };
};

/**
 * The one rule of the user's today count (docs/product.md §4 'praying ... increments the user's today prayer
 * count'; the server counts prayers on posts and list items alike): shown = the server's
 * today_prayer_count (updated from every pray's answer) + the pending entries of these ops.
 */
export const TODAY_PRAY_OPS = ['post.pray', 'listItem.pray'] as const;
