// The contract of one named mutation (docs/architecture/ops-and-screens.md 'The op registry'). Each
// op module says how the mutation changes the local rows (apply), what request carries it
// (request), how the server's answer is folded back (onAck) and how a refusal is undone (onRefuse).
// The rules of reconciliation (merge, temporary ids, rebase) live in one place, src/model/, for
// every kind of row; an op folds an answer through src/model/rows.ts and through OpContext, which
// holds what the drain settles once per batch (worker/drain-settle.ts).
import type { BotCheckAction } from '../../../common/constants';
import type { ApiError, ApiPost } from '../../../common/contract';
import type { NewOutboxEntryOf, OpName, OpResponse } from '../../model/outbox-types';
import type { RowRef } from '../../model/types';

type HttpMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * A request relative to /api/v1; the drain adds headers and the Idempotency-Key, and, when
 * `botCheck` names an action (docs/product.md §5), a fresh bot-check token at send time. `single`: the
 * route may not go inside a batch (POST sync/push refuses a batch holding it, e.g. a rate-limited
 * route), so the drain sends it on its own; a `botCheck` request always goes on its own too.
 */
type OpRequest = { method: HttpMethod; path: string; body?: Record<string, unknown>; botCheck?: BotCheckAction; single?: true };

/** The entry as an op sees it; `seq` is not needed (and absent while a command builds it). */
export type EntryOf<K extends OpName> = NewOutboxEntryOf<K>;

/** An acknowledged entry and the server's answer to exactly its request. */
export type AckOf<K extends OpName> = { entry: EntryOf<K>; response: OpResponse<K> };

/**
 * Given by the sync worker (worker/local-store.ts); all run inside the drain's transaction. A
 * batch (worker/drain-settle.ts) writes its posts, today count and rebase once at the end, so
 * the writes of posts go through here; forgetting or re-keying a post drops its pending write.
 */
export type OpContext = {
  /** Store posts as the server sent them (src/model/rows.ts putServerRows); the rebase puts intent back. */
  putServerPosts(posts: ApiPost[]): Promise<void>;
  /** The server deleted the post: its row, comments and notes go. */
  forgetPost(postId: number): Promise<void>;
  /** Recompute the local intent of these rows: server values + the still-pending entries. */
  rebase(rows: RowRef[]): Promise<void>;
  /** An offline-created post got its real id: rewrite it in every table and pending entry. */
  rewritePostId(tempId: number, realId: number): Promise<void>;
  /** The creation of an offline entity was refused: refuse the pending entries that need it. */
  refuseDependents(tempId: number, error: ApiError): Promise<void>;
  /** docs/product.md §4: praying updates the user's today prayer count from the response. */
  setTodayPrayerCount(count: number): Promise<void>;
};

export type OpModule<K extends OpName> = OpModuleOf<K, EntryOf<K>, OpResponse<K>>;

/**
 * An op module over the entries `E` and answers `R` it reads. Written once for a family of ops
 * whose payloads share a shape (text-child.ts: comments and notes of posts and of list items);
 * the registry then checks each of them against its own op's payload (OpModule<K>).
 */
export type OpModuleOf<K extends OpName, E, R> = {
  name: K;
  /** The rows `apply` touches; a rebase resets and re-applies exactly these. */
  rows(entry: E): RowRef[];
  /**
   * The optimistic change. Runs in the command's transaction, and again on top of fresh server
   * rows after a pull or an ack (the rebase), so it must only touch local intent (or, for a
   * create, put the whole temporary row) and must tolerate a missing row.
   */
  apply(entry: E): Promise<void>;
  /**
   * Consecutive entries of this op applied at once, exactly as `apply` one by one in order would
   * (issue #25: a rebase re-applies what is still queued, and 400 prays waiting on one post must
   * not cost 400 writes each time a batch is settled). Optional: without it, one at a time.
   */
  applyRun?(entries: E[]): Promise<void>;
  request(entry: E): OpRequest;
  /**
   * Ids that must exist on the server before this entry can be sent; default: every target id.
   * A create names its own temporary id as target but requires nothing.
   */
  requires?(entry: E): number[];
  /** Fold the server's answer into the rows; rebase what it wrote. The entry is already removed. */
  onAck(entry: E, response: R, ctx: OpContext): Promise<void>;
  /**
   * Consecutive acknowledged entries of this op folded at once, exactly as `onAck` one by one in
   * order would (issue #25 P4: a push of 1,000 prays settles in one step, not 1,000). Optional:
   * without it, one at a time. The entries are already removed.
   */
  ackRun?(acks: { entry: E; response: R }[], ctx: OpContext): Promise<void>;
  /** Permanent refusal: undo the optimistic change. The entry is already removed. */
  onRefuse(entry: E, error: ApiError, ctx: OpContext): Promise<void>;
};

// The rows an op touches (its `rows`), and what its ack or refusal rebases.

/** Rows of one post: the common case of post ops. */
export function postRow(postId: number): RowRef[] {
  return [{ table: 'posts', id: postId }];
}

export const listRow = (listId: number): RowRef[] => [{ table: 'lists', id: listId }];
export const itemRow = (itemId: number): RowRef[] => [{ table: 'listItems', id: itemId }];
/** An item and its list (whose shown config.qtd the create, archive, restore and delete move). */
export const itemRows = (target: { listId: number; itemId: number }): RowRef[] => [...itemRow(target.itemId), ...listRow(target.listId)];
/** The path of an item's routes, relative to /api/v1. */
export const itemPath = (target: { listId: number; itemId: number }): string => `list/${target.listId}/item/${target.itemId}`;
