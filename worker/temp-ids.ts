// DESIGN §4 offline-created entities: when the server answers a create with the real id, one
// transaction (the caller's) rewrites the temporary id in every table and pending entry. Temporary
// ids are negative and come from one sequence (src/commands/commit.ts nextTempId), so a value
// names one entity whatever the target field holding it.
import { db } from '../src/db/db';
import { getMeta, setMeta } from '../src/db/meta';
import type { TargetIds } from '../src/db/outbox-types';

/** Only the entries naming the id are read (the outbox's `ids` index, kept by src/db/db.ts). */
async function rewriteTargets(tempId: number, realId: number): Promise<void> {
  await db.outbox.where('ids').equals(tempId).modify((entry) => {
    const ids: TargetIds = entry.target;
    if (ids.postId === tempId) ids.postId = realId;
    if (ids.commentId === tempId) ids.commentId = realId;
    if (ids.noteId === tempId) ids.noteId = realId;
  });
}

export async function rewritePostId(tempId: number, realId: number): Promise<void> {
  await db.posts.delete(tempId);
  await db.comments.where('post_id').equals(tempId).modify({ post_id: realId });
  await db.notes.where('post_id').equals(tempId).modify({ post_id: realId });
  await rewriteTargets(tempId, realId);
  // A screen holding the temporary id (usePost) follows the map.
  const map = (await getMeta('postIdMap')) ?? {};
  await setMeta('postIdMap', { ...map, [String(tempId)]: realId });
}

/** A comment or note written offline got its real id; the caller then puts the server's row. */
export async function rewriteChildId(table: 'comments' | 'notes', tempId: number, realId: number): Promise<void> {
  await (table === 'comments' ? db.comments : db.notes).delete(tempId);
  await rewriteTargets(tempId, realId);
}
