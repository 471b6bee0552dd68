// 'note.edit' (docs/product.md §7 PUT post/{id}/note/{nid}). An edit of a note written offline waits for
// its creation (the default requires: every target id).
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { noteRow, type OpModule } from './op-types';

export const noteEdit: OpModule<'note.edit'> = {
  name: 'note.edit',
  rows: (entry) => noteRow(entry.target.noteId),
  async apply(entry) {
    await modifyRow('notes', entry.target.noteId, (row) => {
      row.local.edit = entry.body.note;
    });
  },
  request: (entry) => ({
    method: 'PUT',
    path: `post/${entry.target.postId}/note/${entry.target.noteId}`,
    body: { note: entry.body.note },
  }),
  async onAck(entry, response, ctx) {
    await putServerRows('notes', [response.note]);
    await ctx.rebase(noteRow(entry.target.noteId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(noteRow(entry.target.noteId));
  },
};
