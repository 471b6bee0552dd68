// 'listItemNote.delete' (SPEC §7 DELETE list/{l}/item/{i}/note/{id}; hard delete on the server).
import { db } from '../../db/db';
import { itemNoteRows, itemPath, modifyItemNote } from './item-child-rows';
import { itemRow, modifyItem, putServerItems } from './list-store';
import type { OpModule } from './op-types';

export const listItemNoteDelete: OpModule<'listItemNote.delete'> = {
  name: 'listItemNote.delete',
  rows: (entry) => itemNoteRows(entry.target),
  async apply(entry) {
    const note = await db.itemNotes.get(entry.target.itemNoteId);
    if (!note || note.local.deleted) return;
    await modifyItemNote(note.id, (row) => {
      row.local.deleted = true;
    });
    await modifyItem(entry.target.itemId, (row) => {
      row.local.noteDelta -= 1;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `${itemPath(entry.target)}/note/${entry.target.itemNoteId}` }),
  async onAck(entry, response, ctx) {
    await db.itemNotes.delete(entry.target.itemNoteId);
    await putServerItems([response.item]);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(itemNoteRows(entry.target));
  },
};
