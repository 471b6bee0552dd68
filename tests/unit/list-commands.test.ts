// List commands (src/commands/list-commands.ts) on the local database only: the optimistic
// change and the outbox entry in one transaction, the docs/product.md §4 item rules, cancelling what was
// never sent, and the rebase that is the rollback.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addListItem, archiveListItem, CommandError, createItemNote, createList, deleteList, deleteListItem, editListItem,
  prayForListItem, restoreListItem, setSessionItemsQtd,
} from '../../src/commands';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { readList, readListItem, readListItems, readSessionSize } from '../../src/db/list-reads';
import { rebaseRows } from '../../src/commands/ops/registry';

beforeEach(async () => {
  await clearAllTables();
});

async function listWithItem() {
  const { id: listId } = await createList({ name: 'Family' });
  const { id: itemId } = await addListItem(listId, { text: 'Health' });
  return { listId, itemId };
}

describe('list commands', () => {
  it('a new list and item show at once under temporary ids, each with its outbox entry', async () => {
    const { listId, itemId } = await listWithItem();
    expect(listId).toBeLessThan(0);
    expect(itemId).toBeLessThan(listId);
    expect(await readList(listId)).toMatchObject({ name: 'Family', shownItemCount: 1, isLocalOnly: true, visibility: 2 });
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.op, e.target])).toEqual([
      ['list.create', { listId }],
      ['listItem.create', { listId, itemId }],
    ]);
  });

  it('docs/product.md §4: an archived item can only be restored; each change leaves the current view', async () => {
    const { listId, itemId } = await listWithItem();
    await archiveListItem(itemId);
    expect(await readListItems(listId)).toEqual([]);
    expect((await readListItems(listId, true)).map((i) => i.id)).toEqual([itemId]);
    expect((await readList(listId))?.shownItemCount).toBe(0);
    for (const act of [() => prayForListItem(itemId), () => editListItem(itemId, { text: 'x' }), () => archiveListItem(itemId), () => deleteListItem(itemId)]) {
      await expect(act()).rejects.toMatchObject({ status: 422, message: 'This item is archived: restore it first' });
    }
    await restoreListItem(itemId);
    await expect(restoreListItem(itemId)).rejects.toBeInstanceOf(CommandError);
    expect((await readListItems(listId)).map((i) => i.id)).toEqual([itemId]);
    expect((await readList(listId))?.shownItemCount).toBe(1);
  });

  it('deleting a list never sent cancels it and everything queued on it', async () => {
    const { listId, itemId } = await listWithItem();
    await prayForListItem(itemId);
    await createItemNote(itemId, 'Asked today');
    await deleteList(listId);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.lists.count()).toBe(0);
    expect(await db.listItems.count()).toBe(0);
    expect(await db.itemNotes.count()).toBe(0);
  });

  it('a rebase after the entries are gone is the rollback', async () => {
    const { itemId } = await listWithItem();
    await db.outbox.clear();
    await prayForListItem(itemId);
    expect((await readListItem(itemId))?.shownPrayedCount).toBe(1);
    await db.outbox.clear();
    // An async callback, so Dexie keeps the transaction open across the rebase's awaits.
    await db.transaction('rw', writeTables(), async () => {
      await rebaseRows([{ table: 'listItems', id: itemId }]);
    });
    expect((await readListItem(itemId))?.shownPrayedCount).toBe(0);
  });

  it('validates like the server and reads the pending session size first', async () => {
    await expect(createList({ name: '   ' })).rejects.toMatchObject({ status: 422, errors: { name: ['Give your list a name'] } });
    await expect(setSessionItemsQtd(0)).rejects.toMatchObject({ status: 422 });
    expect(await readSessionSize()).toBe(5);
    await setSessionItemsQtd(8);
    expect(await readSessionSize()).toBe(8);
  });
});
