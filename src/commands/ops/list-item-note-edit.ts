// 'listItemNote.edit' (docs/product.md §7 PUT list/{l}/item/{i}/note/{id}); waits for a note written offline.
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemNoteRow, itemPath, type OpModule } from './op-types';


export const listItemNoteEdit: OpModule<'listItemNote.edit'> = {
  name: 'listItemNote.edit',
  rows: (entry) => itemNoteRow(entry.target.itemNoteId),
  async apply(entry) {
    await modifyRow('itemNotes', entry.target.itemNoteId, (row) => {
      row.local.edit = entry.body.note;
    });
  },
  request: (entry) => ({ method: 'PUT', path: `${itemPath(entry.target)}/note/${entry.target.itemNoteId}`, body: { note: entry.body.note } }),
  async onAck(entry, response, ctx) {
    await putServerRows('itemNotes', [response.note]);
    await ctx.rebase(itemNoteRow(entry.target.itemNoteId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(itemNoteRow(entry.target.itemNoteId));
  },
};
