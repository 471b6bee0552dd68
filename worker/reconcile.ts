// Rules of the sync engine as pure functions (docs/architecture/sync-protocol.md 'Decisions of the
// sync engine'): how long to back off, what a response status means, which local posts a page
// proves gone. How a server row merges with the local one is the model's (src/model/merge.ts). No
// Dexie, no network: tests/unit/reconcile.test.ts reads as a table.
import { FIRST_RETRY_MS, MAX_RETRY_MS } from '../common/constants';
import type { ApiPost } from '../common/contract';
import type { PostRow } from '../src/model/types';

/**
 * Backoff before retry number `attempts` (1-based): FIRST_RETRY_MS (first retry within 5 s,
 * docs/architecture/sync-protocol.md 'Outbox and sync protocol'), doubling, capped at MAX_RETRY_MS,
 * with up to 20% jitter so many devices coming back online together do not retry in lockstep.
 * `random` is in [0, 1).
 */
export function retryDelay(attempts: number, random: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (1 - 0.2 * random));
}

/** What the drain does with an answer (docs/architecture/sync-protocol.md 'Outbox and sync protocol' Failures). Status 0 = no answer at all. */
type Outcome = 'ack' | 'retry' | 'unauthorized' | 'refuse';

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
