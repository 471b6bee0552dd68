// How a row the server sent merges with the local one (docs/architecture/sync-protocol.md
// 'Decisions of the sync engine'): pure functions, one rule each, shared by every kind of row
// (src/model/kinds.ts declares which a kind uses). A merged row leaves with no local intent: the
// caller rebases it (src/model/rebase.ts), so intent always comes from the outbox and never
// survives by accident. tests/model/merge.test.ts reads as a table.
import type { ApiPost } from '../../common/contract';
import { EMPTY_POST_LOCAL, type PostRow } from './types';

/** Counts of prayers: they only grow (docs/product.md §4 'Reconciliation'). */
type Prayed = { prayedCount: number; isPrayed: boolean };

/**
 * The prayers of a row over an earlier sight of it: an older answer, such as the stored response
 * replayed for an Idempotency-Key, never lowers what a newer pull brought.
 */
function grownPrayers(earlier: Prayed | undefined, later: Prayed): Prayed {
  return {
    prayedCount: Math.max(earlier?.prayedCount ?? 0, later.prayedCount),
    isPrayed: (earlier?.isPrayed ?? false) || later.isPrayed,
  };
}

/** The time of a server ISO date, indexed as a number; an unreadable date keeps the old one. */
function timeOf(iso: string, fallback: number | undefined): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? (fallback ?? 0) : ms;
}

/** A server row with its empty intent: lists, whose values are taken as they come. */
export function mergePlain<S extends object, L>(incoming: S, local: L): S & { local: L } {
  return { ...incoming, local };
}

/** A server row whose prayers only grow (list items). */
export function mergePrayed<S extends Prayed, L>(existing: Prayed | undefined, incoming: S, local: L): S & { local: L } {
  return { ...incoming, ...grownPrayers(existing, incoming), local };
}

/** A server row indexed by its time (comments and notes of posts and of list items). */
export function mergeTimed<S extends { created_at: string }, L>(
  existing: { createdAtMs: number } | undefined, incoming: S, local: L,
): S & { createdAtMs: number; local: L } {
  return { ...incoming, createdAtMs: timeOf(incoming.created_at, existing?.createdAtMs), local };
}

/** A server post: prayers only grow, its time is indexed, and two marks of this viewer stay. */
export function mergeServerPost(existing: PostRow | undefined, incoming: ApiPost): PostRow {
  return {
    ...incoming,
    ...grownPrayers(existing, incoming),
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
 * worker/drain-settle.ts): the later answer, with the growth rule of mergeServerPost, so that
 * mergeServerPost(row, combineServerPosts(a, b)) = mergeServerPost(mergeServerPost(row, a), b).
 */
export function combineServerPosts(earlier: ApiPost | undefined, later: ApiPost): ApiPost {
  if (!earlier) return later;
  return { ...later, ...grownPrayers(earlier, later) };
}
