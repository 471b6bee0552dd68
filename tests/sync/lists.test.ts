// The list side of the sync engine against the real server (docs/architecture/sync-protocol.md
// 'Outbox and sync protocol'): a list made offline, items added to it and prayed before it exists
// on the server, archive then restore, notes and comments written offline and edited, the today
// count, and pulls that keep pending intent.
import { describe, expect, it } from 'vitest';
import {
  addListItem, archiveListItem, createItemComment, createItemNote, createList, deleteListItem, editItemComment,
  prayForListItem, prayForPost, restoreListItem, toggleListItemBookmark,
} from '../../src/commands';
import { db } from '../../src/model/db';
import { readBiblicalPrayers, readBookmarkedItems, readList, readListItem, readListItems, readItemComments, readItemNotes, readSessionItems } from '../../src/db/list-reads';
import { readSession } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { pullItemPages, pullList, pullLists } from '../../worker/pull-lists';
import { prefetchForPrayer } from '../../worker/prefetch';
import { sentMutations, useHarness } from './support';
import { aSecondLater } from '../helpers/pray-clock';

const h = useHarness();

async function serverItem(listId: number, itemId: number) {
  const result = await h.api.call<{ item: { prayedCount: number; deleted_at: string | null; noteCount: number; commentCount: number; is_bookmarked: boolean } }>({ path: `list/${listId}/item/${itemId}` });
  if (!result.ok) throw new Error(`GET item: ${result.status}`);
  return result.data.item;
}

describe('lists offline', () => {
  it('a list made offline, items added, prayed, archived and restored reach the server once, in order', async () => {
    const { id: tempList } = await createList({ name: 'Family', visibility: 'PUBLIC' });
    const { id: first } = await addListItem(tempList, { text: 'Mum’s health' });
    const { id: second } = await addListItem(tempList, { text: 'Dad’s work' });
    await prayForListItem(first);
    aSecondLater();
    await prayForListItem(first);
    await archiveListItem(second);
    await restoreListItem(second);
    expect((await readListItems(tempList)).map((i) => [i.text, i.shownPrayedCount])).toEqual([['Mum’s health', 2], ['Dad’s work', 0]]);
    expect((await readList(tempList))?.shownItemCount).toBe(2);
    expect((await readSession()).todayPrayerCount).toBe(2);
    // The first pray's answer is lost after the server applied it: the replay must not count twice.
    let dropped = false;
    h.setFault((call) => ((call.items ?? [call]).some((c) => c.path.endsWith('/pray')) && !dropped ? ((dropped = true), 'drop-response') : 'pass'));

    await drainOutbox(h.api);
    const report = await drainOutbox(h.api, { ignoreBackoff: true });

    expect(report).toMatchObject({ remaining: 0, refused: 0 });
    const list = await readList(tempList);
    expect(list?.id).toBeGreaterThan(0);
    const items = await readListItems(tempList);
    expect(items.map((i) => [i.text, i.shownPrayedCount, i.isPending])).toEqual([['Mum’s health', 2, false], ['Dad’s work', 0, false]]);
    const realFirst = items[0]?.id ?? 0;
    expect(await serverItem(list?.id ?? 0, realFirst)).toMatchObject({ prayedCount: 2 });
    expect(await serverItem(list?.id ?? 0, items[1]?.id ?? 0)).toMatchObject({ deleted_at: null });
    expect((await readSession()).todayPrayerCount).toBe(2);
    expect(sentMutations(h.calls).filter((c) => c.status !== 'dropped').map((c) => c.path.replace(/\d+/g, 'N'))).toEqual([
      'list', 'list/N/item', 'list/N/item', 'list/N/item/N/pray', 'list/N/item/N/pray',
      'list/N/item/N/archive', 'list/N/item/N/restore',
    ]);
    expect(await readListItem(first)).toMatchObject({ id: realFirst });
  });

  it('notes and comments written offline on an item made offline; an edit waits for its comment', async () => {
    const { id: listId } = await createList({ name: 'Church' });
    const { id: itemId } = await addListItem(listId, { text: 'The youth group' });
    await createItemNote(itemId, 'Asked on Sunday');
    const { id: commentId } = await createItemComment(itemId, 'Praying with you');
    await editItemComment(commentId, 'Praying with you all');
    await toggleListItemBookmark(itemId);
    expect(await readListItem(itemId)).toMatchObject({ shownNoteCount: 1, shownCommentCount: 1, is_bookmarked: true });

    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });

    const item = await readListItem(itemId);
    expect(item).toMatchObject({ noteCount: 1, commentCount: 1, is_bookmarked: true, isPending: false });
    expect((await readItemNotes(itemId)).map((n) => n.note)).toEqual(['Asked on Sunday']);
    expect((await readItemComments(itemId)).map((c) => [c.comment, c.id > 0])).toEqual([['Praying with you all', true]]);
  });

  it('a pull never undoes a pending pray or archive; deleting an unsent item cancels it', async () => {
    const { id: listId } = await createList({ name: 'Work' });
    const { id: itemId } = await addListItem(listId, { text: 'The new project' });
    const { id: unsent } = await addListItem(listId, { text: 'Never mind' });
    await drainOutbox(h.api);
    const realList = (await readList(listId))?.id ?? 0;
    const realItem = (await readListItem(itemId))?.id ?? 0;
    await deleteListItem((await readListItem(unsent))?.id ?? 0);
    await prayForListItem(realItem);
    await archiveListItem(realItem);

    await pullLists(h.api);
    await pullList(h.api, realList);

    expect(await readListItems(realList)).toEqual([]);
    expect((await readListItems(realList, true)).map((i) => [i.id, i.shownPrayedCount])).toEqual([[realItem, 1]]);
    expect((await readList(realList))?.shownItemCount).toBe(0);
    expect(await db.outbox.count()).toBe(3);
    await drainOutbox(h.api);
    expect(await serverItem(realList, realItem)).toMatchObject({ prayedCount: 1, deleted_at: expect.any(String) });
  });

  it('prefetch brings my lists, their items and the biblical prayers for a session offline', async () => {
    const { id: listId } = await createList({ name: 'Friends' });
    for (const text of ['Ann', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay']) await addListItem(listId, { text });
    await drainOutbox(h.api);
    await db.listItems.clear();
    await db.lists.clear();

    const report = await prefetchForPrayer(h.api);

    expect(report).toEqual({ ok: true, failures: [] });
    expect((await readBiblicalPrayers()).length).toBeGreaterThan(20);
    const session = await readSessionItems(listId);
    expect(session.map((i) => i.text)).toEqual(['Ann', 'Ben', 'Cy', 'Dee', 'Eve']);
    await prayForListItem(session[0]?.id ?? 0);
    expect((await readSessionItems(listId)).map((i) => i.text)).toEqual(['Ben', 'Cy', 'Dee', 'Eve', 'Fay']);
  });

  it('a bookmark removed on another device leaves the bookmarks after a pull; a pending one stays', async () => {
    const { id: tempList } = await createList({ name: 'Bookmarks' });
    const { id: a } = await addListItem(tempList, { text: 'Kept' });
    const { id: b } = await addListItem(tempList, { text: 'Removed elsewhere' });
    await toggleListItemBookmark(a);
    await toggleListItemBookmark(b);
    await drainOutbox(h.api);
    const [realA, realB] = [(await readListItem(a))?.id ?? 0, (await readListItem(b))?.id ?? 0];
    const listId = (await readList(tempList))?.id ?? 0;
    const other = await h.api.call({ path: `list/${listId}/item/${realB}/bookmark`, method: 'POST' });
    expect(other.ok).toBe(true);
    const { id: c } = await addListItem(tempList, { text: 'Bookmarked offline' });
    await toggleListItemBookmark(c);

    await pullItemPages(h.api, 'list/item/bookmark');

    expect((await readBookmarkedItems()).map((item) => item.text).sort()).toEqual(['Bookmarked offline', 'Kept']);
    expect(await serverItem(listId, realA)).toMatchObject({ is_bookmarked: true });
  });

  it('the today count adds pending prays of posts and items to the server’s count', async () => {
    const post = await db.posts.orderBy('id').first();
    const { id: listId } = await createList({ name: 'Today' });
    const { id: itemId } = await addListItem(listId, { text: 'Rain' });
    await drainOutbox(h.api);
    await prayForPost(post?.id ?? 0);
    await prayForListItem(itemId);
    expect((await readSession()).todayPrayerCount).toBe(2);
    await drainOutbox(h.api);
    expect((await readSession()).todayPrayerCount).toBe(2);
  });
});

describe('lists: refusals roll back', () => {
  it('a pray for an item deleted elsewhere is refused, undone, recorded, and the item goes; the queue goes on', async () => {
    const { id: listId } = await createList({ name: 'Gone' });
    const { id: doomed } = await addListItem(listId, { text: 'Deleted elsewhere' });
    const { id: kept } = await addListItem(listId, { text: 'Still here' });
    await drainOutbox(h.api);
    const realList = (await readList(listId))?.id ?? 0;
    const doomedId = (await readListItem(doomed))?.id ?? 0;
    const keptId = (await readListItem(kept))?.id ?? 0;
    // Another device deletes it (the same account, straight through the API).
    const deleted = await h.api.call({ method: 'DELETE', path: `list/${realList}/item/${doomedId}`, idempotencyKey: 'other-device-delete' });
    expect(deleted.ok).toBe(true);
    await prayForListItem(doomedId);
    await prayForListItem(keptId);
    expect((await readListItem(doomedId))?.shownPrayedCount).toBe(1);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ sent: 1, refused: 1, remaining: 0 });
    expect((await db.failed.toArray()).map((f) => [f.op, f.status])).toEqual([['listItem.pray', 404]]);
    // Undone, and the 404 says it is gone: the local copy goes, the list's count follows the server.
    expect(await readListItem(doomedId)).toBeNull();
    expect((await readListItems(realList)).map((i) => i.id)).toEqual([keptId]);
    expect(await readListItem(keptId)).toMatchObject({ shownPrayedCount: 1, prayedCount: 1 });
  });
});
