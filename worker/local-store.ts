// The sync engine's writes into the local database: server rows in, local intent recomputed,
// temporary ids replaced. Every function here expects to run inside a rw transaction over
// writeTables() opened by the caller (drain or pull), so a step is all-or-nothing.
import type { ApiError, ApiPost } from '../common/contract';
import { db } from '../src/db/db';
import { getAuth, getMeta, setMeta } from '../src/db/meta';
import { isUserOp, type NewOutboxEntryOf, type OpName, type TargetIds } from '../src/db/outbox-types';
import { EMPTY_POST_LOCAL, type RowRef } from '../src/db/types';
import type { OpContext } from '../src/commands/ops/op-types';
import { applyEntry, rowsOf } from '../src/commands/ops/registry';
import { mergeServerPost, rebasePlan } from './reconcile';

export async function putServerPosts(posts: ApiPost[]): Promise<void> {
  if (posts.length === 0) return;
  const existing = await db.posts.bulkGet(posts.map((p) => p.id));
  await db.posts.bulkPut(posts.map((post, i) => mergeServerPost(existing[i], post)));
}

async function resetLocal(refs: RowRef[]): Promise<void> {
  const postIds = refs.filter((ref) => ref.table === 'posts').map((ref) => ref.id);
  await db.posts
    .where('id')
    .anyOf(postIds)
    .modify((row) => {
      row.local = { ...EMPTY_POST_LOCAL };
    });
}

/**
 * DESIGN §4 rebase: local intent of these rows = server values + every still-pending entry
 * re-applied in seq order. Used after a pull (a pull never undoes a local action), after an ack
 * (the acknowledged intent is now in the server values) and after a refusal (the rollback).
 */
export async function rebaseRows(seed: RowRef[]): Promise<void> {
  if (seed.length === 0) return;
  const pending = await db.outbox.orderBy('seq').toArray();
  const plan = rebasePlan(seed, pending.map((entry) => ({ entry, rows: rowsOf(entry) })));
  await resetLocal(plan.reset);
  for (const entry of plan.reapply) await applyEntry(entry);
}

/** Ids of this entry's targets, e.g. [postId]. */
export function targetIdsOf<K extends OpName>(entry: NewOutboxEntryOf<K>): number[] {
  const ids: TargetIds = entry.target;
  return Object.values(ids).filter((id): id is number => typeof id === 'number');
}

/** DESIGN §4: one transaction rewrites a temporary post id in every table and pending entry. */
export async function rewritePostId(tempId: number, realId: number): Promise<void> {
  await db.posts.delete(tempId);
  await db.comments.where('post_id').equals(tempId).modify({ post_id: realId });
  await db.notes.where('post_id').equals(tempId).modify({ post_id: realId });
  await db.outbox.toCollection().modify((entry) => {
    const ids: TargetIds = entry.target;
    if (ids.postId === tempId) ids.postId = realId;
  });
  const map = (await getMeta('postIdMap')) ?? {};
  await setMeta('postIdMap', { ...map, [String(tempId)]: realId });
}

/** Moves a refused entry to `failed` (DESIGN §4: the user can see what was undone). */
export async function recordFailure<K extends OpName>(entry: NewOutboxEntryOf<K>, error: ApiError): Promise<void> {
  const op: OpName = entry.op;
  if (!isUserOp(op)) {
    console.warn(`${op} refused (${error.status}): ${error.message}`);
    return;
  }
  await db.failed.add({
    key: entry.key,
    op,
    target: { ...entry.target },
    status: error.status,
    message: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
    createdAt: entry.createdAt,
    failedAt: Date.now(),
  });
}

/** The creation of an offline post was refused: what depended on it can never be sent. */
export async function refuseDependents(tempId: number, error: ApiError): Promise<void> {
  const dependents = (await db.outbox.toArray()).filter((entry) => targetIdsOf(entry).includes(tempId));
  const reason: ApiError = { status: error.status, message: `The post this belonged to was not accepted: ${error.message}` };
  for (const entry of dependents) {
    await db.outbox.delete(entry.seq);
    await recordFailure(entry, reason);
  }
}

export async function setTodayPrayerCount(count: number): Promise<void> {
  const auth = await getAuth();
  if (auth.memberToken && auth.user) {
    await setMeta('auth', { ...auth, user: { ...auth.user, today_prayer_count: count } });
  } else if (auth.guest) {
    await setMeta('auth', { ...auth, guest: { ...auth.guest, today_prayer_count: count } });
  }
}

/** The reconciliation primitives handed to op modules (src/commands/ops/op-types.ts). */
export const opContext: OpContext = {
  putServerPosts,
  rebase: rebaseRows,
  rewritePostId,
  refuseDependents,
  setTodayPrayerCount,
};
