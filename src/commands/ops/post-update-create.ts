// 'postUpdate.create' (issue #28 item 3; docs/api.md POST post/{id}/update): the author's update
// shows at once on the card under a temporary negative id (PostLocal.addedUpdates). It waits for a
// request written offline (requires). On the ack the server's post carries it under its real id,
// and a removal queued meanwhile (while this one was being sent) follows that id.
import { db } from '../../model/db';
import type { TargetIds } from '../../model/outbox-types';
import { entryTime, modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

/** Pending entries naming the temporary update now name the real one (src/model/rows.ts does this for rows with a table). */
async function followUpdateId(tempId: number, realId: number): Promise<void> {
  await db.outbox.where('ids').equals(tempId).modify((entry) => {
    const ids: TargetIds = entry.target;
    if (ids.updateId === tempId) ids.updateId = realId;
  });
}

export const postUpdateCreate: OpModule<'postUpdate.create'> = {
  name: 'postUpdate.create',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    const update = { id: entry.target.updateId, text: entry.body.text, created_at: entryTime(entry) };
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.addedUpdates = [...(row.local.addedUpdates ?? []), update];
    });
  },
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/update`, body: { text: entry.body.text } }),
  requires: (entry) => [entry.target.postId],
  async onAck(entry, response, ctx) {
    await followUpdateId(entry.target.updateId, response.update.id);
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, error, ctx) {
    await ctx.refuseDependents(entry.target.updateId, error);
    await ctx.rebase(postRow(entry.target.postId));
  },
};
