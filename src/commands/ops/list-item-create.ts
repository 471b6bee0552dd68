// 'listItem.create' (docs/product.md §7 POST list/{listId}/item; docs/product.md §4 'creating adds it to the end'):
// shown at once at the end of its list under a temporary id, the list's shown item count +1.
// It waits for a list made offline (requires); entries queued on the item wait for it.
import { db } from '../../model/db';
import { EMPTY_LIST_ITEM_LOCAL, type ListItemRow } from '../../model/types';
import { putServerRows } from '../../model/rows';
import { entryTime, modifyRow } from './local-rows';
import { type EntryOf, itemRows, listRow, type OpModule } from './op-types';
import { refuseCreated, storeCreated } from './whole-rows';

function temporaryItem(entry: EntryOf<'listItem.create'>): ListItemRow {
  const at = entryTime(entry);
  return {
    id: entry.target.itemId,
    post_list_id: entry.target.listId,
    post_id: entry.body.post_id ?? null,
    title: entry.body.title ?? null,
    text: entry.body.text ?? '',
    reference: entry.body.reference ?? null,
    // Unknown until the server appends it; reads sort items made here after the server's ones.
    position: Number.MAX_SAFE_INTEGER,
    deleted_at: null,
    prayedCount: 0,
    isPrayed: false,
    is_bookmarked: false,
    is_mine: true,
    commentCount: 0,
    noteCount: 0,
    created_at: at,
    updated_at: at,
    local: { ...EMPTY_LIST_ITEM_LOCAL },
  };
}

export const listItemCreate: OpModule<'listItem.create'> = {
  name: 'listItem.create',
  rows: (entry) => itemRows(entry.target),
  async apply(entry) {
    await db.listItems.put(temporaryItem(entry));
    await modifyRow('lists', entry.target.listId, (row) => {
      row.local.itemDelta += 1;
    });
  },
  request: (entry) => ({ method: 'POST', path: `list/${entry.target.listId}/item`, body: { ...entry.body } }),
  requires: (entry) => [entry.target.listId],
  async onAck(entry, response, ctx) {
    await storeCreated('listItems', entry.target.itemId, response.item);
    await putServerRows('lists', [response.list]);
    await ctx.rebase(itemRows({ listId: response.list.id, itemId: response.item.id }));
  },
  async onRefuse(entry, error, ctx) {
    await refuseCreated('listItems', entry.target.itemId, error, ctx);
    await ctx.rebase(listRow(entry.target.listId));
  },
};
