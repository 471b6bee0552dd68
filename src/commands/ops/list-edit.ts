// 'list.edit' (docs/product.md §7 PUT list/{id}, owner only): the changed fields are kept apart from the
// server's, so a pull while pending still shows the edit and a refusal shows the server's again.
import { VISIBILITY } from '../../../common/contract';
import type { ListEdit } from '../../model/types';
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { type EntryOf, listRow, type OpModule } from './op-types';

function editOf(body: EntryOf<'list.edit'>['body']): ListEdit {
  const edit: ListEdit = {};
  if (body.name !== undefined) edit.name = body.name;
  if (body.description !== undefined) edit.description = body.description;
  if (body.visibility !== undefined) {
    edit.visibility = body.visibility === 'PUBLIC' || body.visibility === VISIBILITY.PUBLIC ? VISIBILITY.PUBLIC : VISIBILITY.PRIVATE;
  }
  return edit;
}

export const listEdit: OpModule<'list.edit'> = {
  name: 'list.edit',
  rows: (entry) => listRow(entry.target.listId),
  async apply(entry) {
    await modifyRow('lists', entry.target.listId, (row) => {
      row.local.edit = { ...row.local.edit, ...editOf(entry.body) };
    });
  },
  request: (entry) => ({ method: 'PUT', path: `list/${entry.target.listId}`, body: { ...entry.body } }),
  async onAck(entry, response, ctx) {
    await putServerRows('lists', [response.list]);
    await ctx.rebase(listRow(entry.target.listId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(listRow(entry.target.listId));
  },
};
