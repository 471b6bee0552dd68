// 'listItemNote.create' (SPEC §7 POST list/{l}/item/{i}/note): a private note shown at once under
// a temporary id; the item's shown noteCount +1. Waits for an item made offline (requires).
import { db } from '../../db/db';
import { EMPTY_NOTE_LOCAL } from '../../db/types';
import { itemNoteRows, itemPath } from './item-child-rows';
import { entryTime } from './local-rows';
import { itemRow, modifyItem, putServerItemNotes, putServerItems, rewriteTargetIds } from './list-store';
import type { OpModule } from './op-types';

export const listItemNoteCreate: OpModule<'listItemNote.create'> = {
  name: 'listItemNote.create',
  rows: (entry) => itemNoteRows(entry.target),
  async apply(entry) {
    const at = entryTime(entry);
    await db.itemNotes.put({
      id: entry.target.itemNoteId, list_item_id: entry.target.itemId, note: entry.body.note,
      created_at: at, updated_at: at, createdAtMs: entry.createdAt, local: { ...EMPTY_NOTE_LOCAL },
    });
    await modifyItem(entry.target.itemId, (row) => {
      row.local.noteDelta += 1;
    });
  },
  request: (entry) => ({ method: 'POST', path: `${itemPath(entry.target)}/note`, body: { note: entry.body.note } }),
  requires: (entry) => [entry.target.listId, entry.target.itemId],
  async onAck(entry, response, ctx) {
    await db.itemNotes.delete(entry.target.itemNoteId);
    await rewriteTargetIds(entry.target.itemNoteId, response.note.id);
    await putServerItemNotes([response.note]);
    await putServerItems([response.item]);
    await ctx.rebase(itemNoteRows({ itemId: entry.target.itemId, itemNoteId: response.note.id }));
  },
  async onRefuse(entry, error, ctx) {
    await db.itemNotes.delete(entry.target.itemNoteId);
    await ctx.refuseDependents(entry.target.itemNoteId, error);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
};
