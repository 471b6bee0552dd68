// The drain's own writes into the local database: refused entries recorded, the today count,
// and the OpContext handed to op modules (merges, temporary ids and the rebase are the model's,
// src/model/). Every function here expects to run inside a rw transaction over writeTables()
// opened by the caller, so a step is all-or-nothing.
import { Dexie } from 'dexie';
import type { ApiError } from '../common/contract';
import { db } from '../src/model/db';
import { getAuth, setMeta } from '../src/model/meta';
import { isUserOp, type NewOutboxEntryOf, type OpName } from '../src/model/outbox-types';
import type { OpContext } from '../src/commands/ops/op-types';
import { rebaseRows } from '../src/commands/ops/registry';
import { forgetRows, putServerRows, rewriteTempId } from '../src/model/rows';

/**
 * Moves a refused entry to `failed` (docs/architecture/sync-protocol.md 'Outbox and sync protocol':
 * the user can see what was undone). Issue #12: the record keeps the body, so the words the user
 * wrote survive the rollback (the refused list shows them, copies them and sends them again), and
 * the server's code, which the UI translates.
 */
export async function recordFailure<K extends OpName>(entry: NewOutboxEntryOf<K>, error: ApiError, isDependent = false): Promise<void> {
  const op: OpName = entry.op;
  if (!isUserOp(op)) {
    console.warn(`${op} refused (${error.status}): ${error.message}`);
    return;
  }
  const { errors, code, params, fieldCodes, requestId } = error;
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
    ...(requestId === undefined ? {} : { requestId }),
    ...(entry.body === null ? {} : { requestBody: Dexie.deepClone(entry.body) }),
    ...(isDependent ? { isDependent } : {}),
    createdAt: entry.createdAt,
    failedAt: Date.now(),
  });
}

/** The creation of an offline entity was refused: what depended on it (found by the `ids` index) can never be sent. */
async function refuseDependents(tempId: number, error: ApiError): Promise<void> {
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

/** What op modules write through the drain (src/commands/ops/op-types.ts), outside a batch. */
export const opContext: OpContext = {
  putServerPosts: (posts) => putServerRows('posts', posts),
  forgetPost: (postId) => forgetRows('posts', [postId]),
  rebase: rebaseRows,
  rewritePostId: (tempId, realId) => rewriteTempId('posts', tempId, realId),
  refuseDependents,
  setTodayPrayerCount,
};
