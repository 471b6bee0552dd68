// 'listItemNote.edit' (SPEC §7 PUT list/{l}/item/{i}/note/{id}); waits for a note written offline.
import { itemPath, modifyItemNote } from './item-child-rows';
import { putServerItemNotes } from './list-store';
import type { OpModule } from './op-types';

const noteRef = (id: number) => [{ table: 'itemNotes' as const, id }];

export const listItemNoteEdit: OpModule<'listItemNote.edit'> = {
  name: 'listItemNote.edit',
  rows: (entry) => noteRef(entry.target.itemNoteId),
  async apply(entry) {
    await modifyItemNote(entry.target.itemNoteId, (row) => {
      row.local.edit = entry.body.note;
    });
  },
  request: (entry) => ({ method: 'PUT', path: `${itemPath(entry.target)}/note/${entry.target.itemNoteId}`, body: { note: entry.body.note } }),
  async onAck(entry, response, ctx) {
    await putServerItemNotes([response.note]);
    await ctx.rebase(noteRef(entry.target.itemNoteId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(noteRef(entry.target.itemNoteId));
  },
};
