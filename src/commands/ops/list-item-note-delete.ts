// 'listItemNote.delete' (docs/product.md §7 DELETE list/{l}/item/{i}/note/{id}; hard delete on the server).
import { db } from '../../model/db';
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemNoteRows, itemPath, itemRow, type OpModule } from './op-types';

export const listItemNoteDelete: OpModule<'listItemNote.delete'> = {
  name: 'listItemNote.delete',
  rows: (entry) => itemNoteRows(entry.target),
  async apply(entry) {
    const note = await db.itemNotes.get(entry.target.itemNoteId);
    if (!note || note.local.deleted) return;
    await modifyRow('itemNotes', note.id, (row) => {
      row.local.deleted = true;
    });
    await modifyRow('listItems', entry.target.itemId, (row) => {
      row.local.noteDelta -= 1;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `${itemPath(entry.target)}/note/${entry.target.itemNoteId}` }),
  async onAck(entry, response, ctx) {
    await db.itemNotes.delete(entry.target.itemNoteId);
    await putServerRows('listItems', [response.item]);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(itemNoteRows(entry.target));
  },
};
