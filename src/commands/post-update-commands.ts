// Updates of a request by its author (issue #28 item 3; docs/product.md §4 Post 'Updates'): written
// offline like comments, under a temporary id, and sent by the outbox. Checked before queuing as the
// server checks (the author only, 1-500 characters, at most POST_UPDATES_MAX on a request).
import { POST_UPDATES_MAX, TEXT_LIMITS } from '../../common/constants';
import { db } from '../model/db';
import { inFlightSeqs, isSending } from '../model/in-flight';
import { currentId } from '../model/rows';
import { shownUpdatesOf } from '../model/shown-updates';
import { CommandError, fieldError } from './command-error';
import { commit, commitOrSettle, newEntry, nextTempId } from './commit';
import { requireRow, requireText } from './guards';
import { postRow } from './ops/op-types';
import { rebaseRows } from './ops/registry';

/** 'postUpdate.create': shown at once on the card under the returned temporary id. */
export async function addUpdate(postId: number, text: string): Promise<{ id: number }> {
  const value = requireText('text', text, TEXT_LIMITS.update, 'Write the update');
  let tempId = 0;
  await commit(async () => {
    const id = await currentId('posts', postId);
    const post = await requireRow('posts', id, { who: 'owner' });
    if (shownUpdatesOf(post).length >= POST_UPDATES_MAX) {
      throw fieldError('text', `A request holds at most ${POST_UPDATES_MAX} updates`, 'validation.too_large', { max: POST_UPDATES_MAX });
    }
    tempId = await nextTempId();
    return newEntry('postUpdate.create', { postId: id, updateId: tempId }, { text: value });
  });
  return { id: tempId };
}

/**
 * An update written here whose create has not left the device: both go, nothing is sent
 * (docs/product.md §4 'Cancelling what never left'). Once it is being sent, a removal is queued.
 */
async function cancelUnsentUpdate(postId: number, updateId: number): Promise<boolean> {
  if (updateId > 0) return false;
  const entries = await db.outbox.where('ids').equals(updateId).toArray();
  const create = entries.find((entry) => entry.op === 'postUpdate.create');
  if (create === undefined || isSending(create, await inFlightSeqs())) return false;
  await db.outbox.bulkDelete(entries.map((entry) => entry.seq));
  await rebaseRows(postRow(postId));
  return true;
}

/** 'postUpdate.delete': the author removes one of the request's updates, for everyone. */
export async function deleteUpdate(postId: number, updateId: number): Promise<void> {
  await commitOrSettle(async () => {
    const id = await currentId('posts', postId);
    const post = await requireRow('posts', id, { who: 'owner' });
    if (!shownUpdatesOf(post).some((update) => update.id === updateId)) throw new CommandError(404, 'Content not found');
    if (await cancelUnsentUpdate(id, updateId)) return null;
    return newEntry('postUpdate.delete', { postId: id, updateId }, null);
  });
}
