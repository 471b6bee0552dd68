// What a poke of the live stream does to the store (issue #48; docs/architecture/live.md 'Live
// stream'; the wire in common/live-contract.ts). A poke carries the change itself when that is
// enough:
//   - counts: the server's prayedCount and commentCount of posts; only the posts held here are
//     written, their server fields only (a row's `local` stays: shown = server value + pending
//     intent, src/model/shown.ts), in one transaction that reads those ids and nothing else;
//   - new_posts: the new-posts pill (meta.newCount) grows by the ids neither held nor counted;
//   - pull: anything else: a catch-up through the one pull (worker/sync-pull.ts) at a random
//     moment within the spread the server gives, so devices poked together do not pull together.
import { SYNC_LOCK } from '../common/constants';
import type { LiveCount } from '../common/live-contract';
import { db } from '../src/model/db';
import { getMeta, setMeta } from '../src/model/meta';
import { withLock } from './locks';

/**
 * The counts onto the posts held here; how many rows changed. Under SYNC_LOCK: the drain holds it
 * from a pray's send to its ack, so a count that already holds this device's pray never lands
 * while that pray is still pending here (it would be shown twice). prayedCount only grows, as in
 * every merge (src/model/merge.ts): a poke computed before an ack that landed first cannot lower it.
 */
export async function applyCounts(counts: readonly LiveCount[]): Promise<number> {
  if (counts.length === 0) return 0;
  return withLock(SYNC_LOCK, () => writeCounts(counts));
}

/** For callers already holding SYNC_LOCK (locks are not re-entrant). */
export function writeCounts(counts: readonly LiveCount[]): Promise<number> {
  // The last count of an id wins, should a poke name one twice.
  const byId = new Map(counts.map(([id, prayed, comments]) => [id, { prayed, comments }]));
  const ids = [...byId.keys()];
  return db.transaction('rw', db.posts, async () => {
    const rows = await db.posts.bulkGet(ids);
    const changes: { key: number; changes: { prayedCount: number; commentCount: number } }[] = [];
    for (const row of rows) {
      const count = row ? byId.get(row.id) : undefined;
      if (!row || !count) continue;
      const prayedCount = Math.max(row.prayedCount, count.prayed);
      if (prayedCount === row.prayedCount && count.comments === row.commentCount) continue;
      changes.push({ key: row.id, changes: { prayedCount, commentCount: count.comments } });
    }
    if (changes.length > 0) await db.posts.bulkUpdate(changes);
    return changes.length;
  });
}

/** How many new-post ids are remembered as counted (a church's busiest hour is far fewer). */
export const COUNTED_IDS_MAX = 2_000;

/** The ids already added to meta.newCount, for the feedSince they were counted against. */
let counted: { since: string; ids: Set<number> } | null = null;

/** Forgets the counted ids (tests: a fresh device). */
export function forgetCountedPosts(): void {
  counted = null;
}

function remember(since: string, ids: readonly number[]): void {
  if (counted?.since !== since) counted = { since, ids: new Set() };
  for (const id of ids) counted.ids.add(id);
  // A Set keeps its insertion order: the oldest go first.
  for (const id of counted.ids) {
    if (counted.ids.size <= COUNTED_IDS_MAX) break;
    counted.ids.delete(id);
  }
}

/**
 * The pill grows by the new posts neither held nor counted before; only once the feed has a
 * horizon (meta.feedSince: nothing is "new" before a first pull). How many it grew by. A later
 * count of the one pull (worker/sync-apply.ts) replaces it with the server's, which includes them.
 */
export async function applyNewPosts(ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction('rw', db.posts, db.meta, async () => {
    const since = await getMeta('feedSince');
    if (!since) return 0;
    const unique = [...new Set(ids)];
    const held = await db.posts.bulkGet(unique);
    const seen = counted?.since === since ? counted.ids : new Set<number>();
    const fresh = unique.filter((id, i) => !held[i] && !seen.has(id));
    if (fresh.length === 0) return 0;
    await setMeta('newCount', ((await getMeta('newCount')) ?? 0) + fresh.length);
    remember(since, fresh);
    return fresh.length;
  });
}

export type PullSpreader = {
  /** A catch-up within `spreadMs`; asked again before it ran, the one already set covers it. */
  ask(spreadMs: number): void;
  /** Nothing set runs any more (the link stopped). */
  cancel(): void;
  readonly pending: boolean;
};

/**
 * The `pull` of pokes: one catch-up at a random moment in [0, spread]; the pokes that come before
 * it runs share it (its pull reads everything changed up to then). A shorter spread asked while one
 * waits brings it forward, never later.
 */
export function createPullSpreader(run: () => Promise<unknown>, random: () => number = Math.random): PullSpreader {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dueAt = 0;
  const fire = () => {
    timer = null;
    void run().catch(() => undefined);
  };
  return {
    ask(spreadMs) {
      const at = Date.now() + Math.round(Math.max(0, spreadMs) * random());
      if (timer !== null && dueAt <= at) return;
      if (timer !== null) clearTimeout(timer);
      dueAt = at;
      timer = setTimeout(fire, Math.max(0, at - Date.now()));
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    get pending() {
      return timer !== null;
    },
  };
}
