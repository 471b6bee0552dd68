// 'list.delete' (docs/product.md §7 DELETE list/{id}, owner only; the server hard-deletes it with its
// items). Hidden at once; on the ack the list and its items go; a refusal shows it again.
import { forgetRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { listRow, type OpModule } from './op-types';

export const listDelete: OpModule<'list.delete'> = {
  name: 'list.delete',
  rows: (entry) => listRow(entry.target.listId),
  async apply(entry) {
    await modifyRow('lists', entry.target.listId, (row) => {
      row.local.deleted = true;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `list/${entry.target.listId}` }),
  async onAck(entry) {
    await forgetRows('lists', [entry.target.listId]);
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(listRow(entry.target.listId));
  },
};
