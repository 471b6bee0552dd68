// 'note.delete' (docs/product.md §7 DELETE post/{id}/note/{nid}; the server hard-deletes it). Hidden at
// once, and the post's shown noteCount drops by one until the server's count carries it.
import { db } from '../../model/db';
import { modifyRow } from './local-rows';
import { noteRows, type OpModule, postRow } from './op-types';

export const noteDelete: OpModule<'note.delete'> = {
  name: 'note.delete',
  rows: (entry) => noteRows(entry.target),
  async apply(entry) {
    const note = await db.notes.get(entry.target.noteId);
    if (!note || note.local.deleted) return;
    await modifyRow('notes', note.id, (row) => {
      row.local.deleted = true;
    });
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.noteDelta -= 1;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `post/${entry.target.postId}/note/${entry.target.noteId}` }),
  async onAck(entry, response, ctx) {
    await db.notes.delete(entry.target.noteId);
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(noteRows(entry.target));
  },
};
