// Reconciliation rules of the sync engine as pure functions (DESIGN §3, §4): how a server row
// merges with the local one, which rows a rebase must recompute, how long to back off, what a
// response status means. No Dexie, no network: tests/unit/reconcile.test.ts reads as a table.
import { FIRST_RETRY_MS, MAX_RETRY_MS } from '../common/constants';
import type { ApiComment, ApiNote, ApiPost } from '../common/contract';
import { EMPTY_COMMENT_LOCAL, EMPTY_NOTE_LOCAL, EMPTY_POST_LOCAL, type CommentRow, type NoteRow, type PostRow } from '../src/db/types';

/**
 * A server post over the local row. The row leaves with no local intent: the caller rebases it
 * (re-applies the pending entries), so intent always comes from the outbox and never survives
 * by accident. prayedCount and isPrayed only grow (DESIGN §7: a prayer is never taken back), so
 * an older answer, such as the stored response replayed for an Idempotency-Key, never lowers
 * what a newer pull brought.
 */
export function mergeServerPost(existing: PostRow | undefined, incoming: ApiPost): PostRow {
  return {
    ...incoming,
    prayedCount: Math.max(existing?.prayedCount ?? 0, incoming.prayedCount),
    isPrayed: (existing?.isPrayed ?? false) || incoming.isPrayed,
    createdAtMs: timeOf(incoming.created_at, existing?.createdAtMs),
    local: { ...EMPTY_POST_LOCAL },
    // Issue #12: the viewer hid the author (src/db/hidden-people.ts); a signed post stays hidden.
    ...(existing?.hiddenAuthor === true && incoming.user_id !== null && incoming.user_id === existing.user_id ? { hiddenAuthor: true as const } : {}),
    // Issue #12: a post this viewer reported stays out of their feeds (the server's feed leaves it out too).
    ...(existing?.reportedHere === true ? { reportedHere: true as const } : {}),
  };
}

/**
 * Two answers about one post, folded into one before it is written (a batch's acks,
 * worker/drain-settle.ts): the later answer, with the growth rules of mergeServerPost, so that
 * mergeServerPost(row, combineServerPosts(a, b)) = mergeServerPost(mergeServerPost(row, a), b).
 */
export function combineServerPosts(earlier: ApiPost | undefined, later: ApiPost): ApiPost {
  if (!earlier) return later;
  return { ...later, prayedCount: Math.max(earlier.prayedCount, later.prayedCount), isPrayed: earlier.isPrayed || later.isPrayed };
}

function timeOf(iso: string, fallback: number | undefined): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? (fallback ?? 0) : ms;
}

/** A server comment over the local row: like posts, local intent comes back only from the rebase. */
export function mergeServerComment(existing: CommentRow | undefined, incoming: ApiComment): CommentRow {
  return { ...incoming, createdAtMs: timeOf(incoming.created_at, existing?.createdAtMs), local: { ...EMPTY_COMMENT_LOCAL } };
}

export function mergeServerNote(existing: NoteRow | undefined, incoming: ApiNote): NoteRow {
  return { ...incoming, createdAtMs: timeOf(incoming.created_at, existing?.createdAtMs), local: { ...EMPTY_NOTE_LOCAL } };
}

// The rebase plan is shared with the commands (a cancelled offline create rebases in the page).
export { rebasePlan, type RebasePlan } from '../src/commands/ops/rebase';

/**
 * Backoff before retry number `attempts` (1-based): FIRST_RETRY_MS (first retry within 5 s,
 * DESIGN §4), doubling, capped at MAX_RETRY_MS, with up to 20% jitter so many devices coming
 * back online together do not retry in lockstep. `random` is in [0, 1).
 */
export function retryDelay(attempts: number, random: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (1 - 0.2 * random));
}

/** What the drain does with an answer (DESIGN §4 Failures). Status 0 = no answer at all. */
export type Outcome = 'ack' | 'retry' | 'unauthorized' | 'refuse';

export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'ack';
  if (status === 401) return 'unauthorized';
  // No answer, a server error, a timeout or rate limiting: the request may succeed later.
  if (status === 0 || status >= 500 || status === 408 || status === 429) return 'retry';
  return 'refuse';
}

/**
 * Local posts that a fresh unfiltered page proves gone (deleted or hidden on the server): server
 * ids (positive) inside the page's time window that the page does not contain. `isFirstPage`
 * opens the window upwards, since nothing newer than page 1 exists.
 */
export function stalePostIds(local: Pick<PostRow, 'id' | 'createdAtMs'>[], page: ApiPost[], isFirstPage: boolean): number[] {
  if (page.length === 0) return [];
  const times = page.map((p) => Date.parse(p.created_at));
  const oldest = Math.min(...times);
  const newest = isFirstPage ? Number.POSITIVE_INFINITY : Math.max(...times);
  const onPage = new Set(page.map((p) => p.id));
  return local
    .filter((row) => row.id > 0 && row.createdAtMs > oldest && row.createdAtMs < newest && !onPage.has(row.id))
    .map((row) => row.id);
}

/** The newest created_at among posts (ISO strings from the server), or the fallback. */
export function newestCreatedAt(posts: ApiPost[], fallback: string | null): string | null {
  let newest = fallback;
  let newestMs = fallback === null ? Number.NEGATIVE_INFINITY : Date.parse(fallback);
  for (const post of posts) {
    const ms = Date.parse(post.created_at);
    if (ms > newestMs) {
      newest = post.created_at;
      newestMs = ms;
    }
  }
  return newest;
}
