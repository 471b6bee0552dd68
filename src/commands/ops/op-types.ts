// The contract of one named mutation (DESIGN §4). Each op module says how the mutation changes
// the local rows (apply), what request carries it (request), how the server's answer is folded
// back (onAck) and how a refusal is undone (onRefuse). The sync worker supplies OpContext, so
// that reconciliation rules (src/db merge, rebase, id rewrite) live in one place: worker/.
import type { BotCheckAction } from '../../../common/constants';
import type { ApiComment, ApiError, ApiNote, ApiPost } from '../../../common/contract';
import type { NewOutboxEntryOf, OpName, OpResponse } from '../../db/outbox-types';
import type { RowRef } from '../../db/types';

export type HttpMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * A request relative to /api/v1; the drain adds headers and the Idempotency-Key, and, when
 * `botCheck` names an action (SPEC §5), a fresh bot-check token at send time. `single`: the
 * route may not go inside a batch (POST sync/push refuses a batch holding it, e.g. a rate-limited
 * route), so the drain sends it on its own; a `botCheck` request always goes on its own too.
 */
export type OpRequest = { method: HttpMethod; path: string; body?: Record<string, unknown>; botCheck?: BotCheckAction; single?: true };

/** The entry as an op sees it; `seq` is not needed (and absent while a command builds it). */
export type EntryOf<K extends OpName> = NewOutboxEntryOf<K>;

/** Reconciliation primitives, given by the sync worker; all run inside the drain's transaction. */
export type OpContext = {
  /** Store posts as the server sent them, keeping local intent (see worker/reconcile.ts). */
  putServerPosts(posts: ApiPost[]): Promise<void>;
  /** The same for comments and notes of posts. */
  putServerComments(comments: ApiComment[]): Promise<void>;
  putServerNotes(notes: ApiNote[]): Promise<void>;
  /** The server deleted the post: its row, comments and notes go. */
  forgetPost(postId: number): Promise<void>;
  /** Recompute the local intent of these rows: server values + the still-pending entries. */
  rebase(rows: RowRef[]): Promise<void>;
  /** An offline-created post got its real id: rewrite it in every table and pending entry. */
  rewritePostId(tempId: number, realId: number): Promise<void>;
  /** The same for a comment or a note written offline. */
  rewriteChildId(table: 'comments' | 'notes', tempId: number, realId: number): Promise<void>;
  /** The creation of an offline entity was refused: refuse the pending entries that need it. */
  refuseDependents(tempId: number, error: ApiError): Promise<void>;
  /** SPEC §4: praying updates the user's today prayer count from the response. */
  setTodayPrayerCount(count: number): Promise<void>;
};

export type OpModule<K extends OpName> = {
  name: K;
  /** The rows `apply` touches; a rebase resets and re-applies exactly these. */
  rows(entry: EntryOf<K>): RowRef[];
  /**
   * The optimistic change. Runs in the command's transaction, and again on top of fresh server
   * rows after a pull or an ack (the rebase), so it must only touch local intent (or, for a
   * create, put the whole temporary row) and must tolerate a missing row.
   */
  apply(entry: EntryOf<K>): Promise<void>;
  request(entry: EntryOf<K>): OpRequest;
  /**
   * Ids that must exist on the server before this entry can be sent; default: every target id.
   * A create names its own temporary id as target but requires nothing.
   */
  requires?(entry: EntryOf<K>): number[];
  /** Fold the server's answer into the rows; rebase what it wrote. The entry is already removed. */
  onAck(entry: EntryOf<K>, response: OpResponse<K>, ctx: OpContext): Promise<void>;
  /** Permanent refusal: undo the optimistic change. The entry is already removed. */
  onRefuse(entry: EntryOf<K>, error: ApiError, ctx: OpContext): Promise<void>;
};

/** Rows of one post: the common case of post ops. */
export function postRow(postId: number): RowRef[] {
  return [{ table: 'posts', id: postId }];
}

export function commentRow(commentId: number): RowRef[] {
  return [{ table: 'comments', id: commentId }];
}

export function noteRow(noteId: number): RowRef[] {
  return [{ table: 'notes', id: noteId }];
}

/** A comment and its post (whose commentCount a create or delete moves). */
export function commentRows(target: { postId: number; commentId: number }): RowRef[] {
  return [{ table: 'comments', id: target.commentId }, { table: 'posts', id: target.postId }];
}

/** A note and its post (whose noteCount a create or delete moves). */
export function noteRows(target: { postId: number; noteId: number }): RowRef[] {
  return [{ table: 'notes', id: target.noteId }, { table: 'posts', id: target.postId }];
}
