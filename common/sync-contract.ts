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
import type { ApiPost } from './contract';

/**
 * Most mutations one push may carry; more is a 422 for the whole batch (nothing applied). 500, from
 * bench:client P4 (docs/decisions.md 'Prays applied as a set'): with prays applied as a set, 500
 * queued prays went in 1.05 s as five pushes of 100 (each a round trip) and in 0.45 s as one.
 */
export const SYNC_PUSH_MAX_MUTATIONS = 500;
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
];
