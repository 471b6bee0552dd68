// The sync engine's writes into the local database: server rows in, local intent recomputed,
// temporary ids replaced. Every function here expects to run inside a rw transaction over
// writeTables() opened by the caller (drain or pull), so a step is all-or-nothing.
import { Dexie } from 'dexie';
import type { ApiComment, ApiError, ApiNote, ApiPost } from '../common/contract';
import { db } from '../src/db/db';
import { getAuth, setMeta } from '../src/db/meta';
import { isUserOp, type NewOutboxEntryOf, type OpName } from '../src/db/outbox-types';
import type { OpContext } from '../src/commands/ops/op-types';
import { rebaseRows } from '../src/commands/ops/rebase';
import { mergeServerComment, mergeServerNote, mergeServerPost } from './reconcile';
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

// The rebase lives beside the op modules (the commands use it too); re-exported for the worker.
export { rebaseRows, shownEntries } from '../src/commands/ops/rebase';

/** The server deleted the post (or says it is gone): the row, its comments and notes go. */
export async function forgetPost(postId: number): Promise<void> {
  await db.posts.delete(postId);
  await db.comments.where('post_id').equals(postId).delete();
  await db.notes.where('post_id').equals(postId).delete();
}

/**
 * Moves a refused entry to `failed` (DESIGN §4: the user can see what was undone). Issue #12: the
 * record keeps the body, so the words the user wrote survive the rollback (the refused list shows
 * them, copies them and sends them again), and the server's code, which the UI translates.
 */
export async function recordFailure<K extends OpName>(entry: NewOutboxEntryOf<K>, error: ApiError, isDependent = false): Promise<void> {
  const op: OpName = entry.op;
  if (!isUserOp(op)) {
    console.warn(`${op} refused (${error.status}): ${error.message}`);
    return;
  }
  const { errors, code, params, fieldCodes } = error;
  await db.failed.add({
    key: entry.key,
    op,
    target: { ...entry.target },
    status: error.status,
    message: error.message,
    ...(errors === undefined ? {} : { errors }),
    ...(code === undefined ? {} : { code }),
    ...(params === undefined ? {} : { params }),
    ...(fieldCodes === undefined ? {} : { fieldCodes }),
    ...(entry.body === null ? {} : { requestBody: Dexie.deepClone(entry.body) }),
    ...(isDependent ? { isDependent } : {}),
    createdAt: entry.createdAt,
    failedAt: Date.now(),
  });
}

/** The creation of an offline entity was refused: what depended on it (found by the `ids` index) can never be sent. */
export async function refuseDependents(tempId: number, error: ApiError): Promise<void> {
  const dependents = await db.outbox.where('ids').equals(tempId).sortBy('seq');
  for (const entry of dependents) {
    await db.outbox.delete(entry.seq);
    await recordFailure(entry, error, true);
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
