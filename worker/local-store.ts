// The sync engine's writes into the local database: server rows in, local intent recomputed,
// temporary ids replaced. Every function here expects to run inside a rw transaction over
// writeTables() opened by the caller (drain or pull), so a step is all-or-nothing.
import type { ApiComment, ApiError, ApiNote, ApiPost } from '../common/contract';
import { db } from '../src/db/db';
import { getAuth, isEntryOfViewer, setMeta, viewerId } from '../src/db/meta';
import { isUserOp, type NewOutboxEntryOf, type OpName, type OutboxEntry, type TargetIds } from '../src/db/outbox-types';
import { EMPTY_COMMENT_LOCAL, EMPTY_NOTE_LOCAL, EMPTY_POST_LOCAL, type LocalTable, type RowRef } from '../src/db/types';
import type { OpContext } from '../src/commands/ops/op-types';
import { applyEntry, rowsOf } from '../src/commands/ops/registry';
import { mergeServerComment, mergeServerNote, mergeServerPost, rebasePlan } from './reconcile';
import { rewriteChildId, rewritePostId } from './temp-ids';

export async function putServerPosts(posts: ApiPost[]): Promise<void> {
  if (posts.length === 0) return;
  const existing = await db.posts.bulkGet(posts.map((p) => p.id));
  await db.posts.bulkPut(posts.map((post, i) => mergeServerPost(existing[i], post)));
}

export async function putServerComments(comments: ApiComment[]): Promise<void> {
  if (comments.length === 0) return;
  const existing = await db.comments.bulkGet(comments.map((c) => c.id));
  await db.comments.bulkPut(comments.map((comment, i) => mergeServerComment(existing[i], comment)));
}

export async function putServerNotes(notes: ApiNote[]): Promise<void> {
  if (notes.length === 0) return;
  const existing = await db.notes.bulkGet(notes.map((n) => n.id));
  await db.notes.bulkPut(notes.map((note, i) => mergeServerNote(existing[i], note)));
}

function idsIn(refs: RowRef[], table: LocalTable): number[] {
  return refs.filter((ref) => ref.table === table).map((ref) => ref.id);
}

async function resetLocal(refs: RowRef[]): Promise<void> {
  await db.posts.where('id').anyOf(idsIn(refs, 'posts')).modify((row) => {
    row.local = { ...EMPTY_POST_LOCAL };
  });
  await db.comments.where('id').anyOf(idsIn(refs, 'comments')).modify((row) => {
    row.local = { ...EMPTY_COMMENT_LOCAL };
  });
  await db.notes.where('id').anyOf(idsIn(refs, 'notes')).modify((row) => {
    row.local = { ...EMPTY_NOTE_LOCAL };
  });
}

/** The pending entries whose intent is shown: the signed-in account's (DESIGN §4), in seq order. */
export async function shownEntries(): Promise<OutboxEntry[]> {
  const viewer = viewerId(await getAuth());
  return (await db.outbox.orderBy('seq').toArray()).filter((entry) => isEntryOfViewer(entry, viewer));
}

/**
 * DESIGN §4 rebase: local intent of these rows = server values + every still-pending entry
 * re-applied in seq order. Used after a pull (a pull never undoes a local action), after an ack
 * (the acknowledged intent is now in the server values) and after a refusal (the rollback).
 * Entries held for another account are not shown: their intent is not this viewer's.
 */
export async function rebaseRows(seed: RowRef[]): Promise<void> {
  if (seed.length === 0) return;
  const pending = await shownEntries();
  const plan = rebasePlan(seed, pending.map((entry) => ({ entry, rows: rowsOf(entry) })));
  await resetLocal(plan.reset);
  for (const entry of plan.reapply) await applyEntry(entry);
}

/** Ids of this entry's targets, e.g. [postId, commentId]. */
export function targetIdsOf<K extends OpName>(entry: NewOutboxEntryOf<K>): number[] {
  const ids: TargetIds = entry.target;
  return Object.values(ids).filter((id): id is number => typeof id === 'number');
}

/** The server deleted the post (or says it is gone): the row, its comments and notes go. */
export async function forgetPost(postId: number): Promise<void> {
  await db.posts.delete(postId);
  await db.comments.where('post_id').equals(postId).delete();
  await db.notes.where('post_id').equals(postId).delete();
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

/** The creation of an offline entity was refused: what depended on it can never be sent. */
export async function refuseDependents(tempId: number, error: ApiError): Promise<void> {
  const dependents = (await db.outbox.toArray()).filter((entry) => targetIdsOf(entry).includes(tempId));
  const reason: ApiError = { status: error.status, message: `It depended on a change that was not accepted: ${error.message}` };
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
  putServerComments,
  putServerNotes,
  forgetPost,
  rebase: rebaseRows,
  rewritePostId,
  rewriteChildId,
  refuseDependents,
  setTodayPrayerCount,
};
