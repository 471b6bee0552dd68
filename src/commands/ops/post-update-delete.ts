// 'postUpdate.delete' (issue #28 item 3; docs/api.md DELETE post/{id}/update/{updateId}): the
// update leaves the card at once; refused, it comes back. One of this device's own still being
// sent is taken out of `addedUpdates` (the removal waits for its real id, requiredIdsOf).
import { modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postUpdateDelete: OpModule<'postUpdate.delete'> = {
  name: 'postUpdate.delete',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    const { updateId } = entry.target;
    await modifyRow('posts', entry.target.postId, (row) => {
      const added = row.local.addedUpdates ?? [];
      if (added.some((update) => update.id === updateId)) row.local.addedUpdates = added.filter((update) => update.id !== updateId);
      else row.local.removedUpdates = [...(row.local.removedUpdates ?? []), updateId];
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `post/${entry.target.postId}/update/${entry.target.updateId}` }),
  async onAck(entry, response, ctx) {
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
