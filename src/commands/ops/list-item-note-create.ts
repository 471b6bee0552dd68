// 'listItemNote.create' (docs/product.md §7 POST list/{l}/item/{i}/note): a private note shown at once under
// a temporary id; the item's shown noteCount +1. Waits for an item made offline (requires).
import { db } from '../../model/db';
import { EMPTY_NOTE_LOCAL } from '../../model/types';
import { putServerRows, rewriteTempId } from '../../model/rows';
import { entryTime, modifyRow } from './local-rows';
import { itemNoteRows, itemPath, itemRow, type OpModule } from './op-types';

export const listItemNoteCreate: OpModule<'listItemNote.create'> = {
  name: 'listItemNote.create',
  rows: (entry) => itemNoteRows(entry.target),
  async apply(entry) {
    const at = entryTime(entry);
    await db.itemNotes.put({
      id: entry.target.itemNoteId, list_item_id: entry.target.itemId, note: entry.body.note,
      created_at: at, updated_at: at, createdAtMs: entry.createdAt, local: { ...EMPTY_NOTE_LOCAL },
    });
    await modifyRow('listItems', entry.target.itemId, (row) => {
      row.local.noteDelta += 1;
    });
  },
  request: (entry) => ({ method: 'POST', path: `${itemPath(entry.target)}/note`, body: { note: entry.body.note } }),
  requires: (entry) => [entry.target.listId, entry.target.itemId],
  async onAck(entry, response, ctx) {
    await rewriteTempId('itemNotes', entry.target.itemNoteId, response.note.id);
    await putServerRows('itemNotes', [response.note]);
    await putServerRows('listItems', [response.item]);
    await ctx.rebase(itemNoteRows({ itemId: entry.target.itemId, itemNoteId: response.note.id }));
  },
  async onRefuse(entry, error, ctx) {
    await db.itemNotes.delete(entry.target.itemNoteId);
    await ctx.refuseDependents(entry.target.itemNoteId, error);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
};
