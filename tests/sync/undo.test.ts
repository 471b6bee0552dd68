// Undo through the outbox (issue #26 point 6; docs/decisions/0173-undo-through-the-outbox.md),
// against the real server: an undoable delete or archive is held for its window, passed over by the
// drain (the entries behind it go), never sent once undone, sent when released or when the window
// ends, and an archive undone after it was sent is reverted by one restore.
import { describe, expect, it } from 'vitest';
import type { PostResponse } from '../../common/contract';
import { addListItem, archiveListItem, createList, deleteList, deletePost, prayForPost, restoreListItem } from '../../src/commands';
import { releaseHold, UNDO_WINDOW_MS, undoChange } from '../../src/commands/undo';
import { db } from '../../src/model/db';
import { readList, readListItem, readListItems } from '../../src/db/list-reads';
import { readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { direct, pulledRequest, sentMutations, useHarness } from './support';

const h = useHarness();

const myRequest = (text: string) => pulledRequest(h, text);

/** The key of the one entry queued for `op`. */
async function keyOf(op: string): Promise<string> {
  const entries = await db.outbox.where('op').equals(op).toArray();
  expect(entries).toHaveLength(1);
  return entries[0]?.key ?? '';
}

async function myItem(): Promise<{ listId: number; itemId: number }> {
  const { id: tempList } = await createList({ name: 'Family' });
  const { id: tempItem } = await addListItem(tempList, { text: 'Grandma’s hip' });
  await drainOutbox(h.api);
  const item = await readListItem(tempItem);
  h.calls.length = 0;
  return { listId: item?.post_list_id ?? 0, itemId: item?.id ?? 0 };
}

describe('undo through the outbox', () => {
  it('an undone delete never reaches the server, and the post is back on this device', async () => {
    const id = await myRequest('Pray for my sister');
    await deletePost(id, { undoable: true });
    expect(await readPost(id)).toBeNull();
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 1 });

    expect(await undoChange(await keyOf('post.delete'))).toBe('undone');
    expect(await readPost(id)).toMatchObject({ id, text: 'Pray for my sister', isPending: false });
    expect(await drainOutbox(h.api, { ignoreBackoff: true, now: () => Date.now() + 2 * UNDO_WINDOW_MS })).toMatchObject({ sent: 0, remaining: 0 });
    expect(sentMutations(h.calls)).toEqual([]);
    expect((await direct<PostResponse>(h, { path: `post/${id}` })).post.id).toBe(id);
  });

  it('a held delete is passed over: the actions behind it go, and it says when it is due', async () => {
    const deleted = await myRequest('Held for a moment');
    const prayed = await myRequest('Prayed meanwhile');
    await deletePost(deleted, { undoable: true });
    await prayForPost(prayed);
    const hold = (await db.outbox.where('op').equals('post.delete').first())?.holdUntil ?? 0;
    expect(hold).toBeGreaterThan(Date.now());

    const report = await drainOutbox(h.api);
    expect(report).toMatchObject({ sent: 1, remaining: 1, retryAt: hold });
    expect(sentMutations(h.calls).map((c) => c.path)).toEqual([`post/${prayed}/pray`]);

    await releaseHold(await keyOf('post.delete'));
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, remaining: 0, retryAt: null });
    expect(sentMutations(h.calls).map((c) => [c.method, c.path])).toEqual([['POST', `post/${prayed}/pray`], ['DELETE', `post/${deleted}`]]);
    expect((await h.api.call({ path: `post/${deleted}` })).status).toBe(404);
  });

  it('a held entry goes by itself once its window ends (a page closed before its banner went)', async () => {
    const { listId } = await myItem();
    await deleteList(listId, { undoable: true });
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 1 });
    expect(await drainOutbox(h.api, { now: () => Date.now() + UNDO_WINDOW_MS + 1 })).toMatchObject({ sent: 1, remaining: 0 });
    expect(await readList(listId)).toBeNull();
    expect((await h.api.call({ path: `list/${listId}` })).status).toBe(404);
  });

  it('an archive undone after it was sent is restored by one restore, exactly once', async () => {
    const { listId, itemId } = await myItem();
    await archiveListItem(itemId, { undoable: true });
    const key = await keyOf('listItem.archive');
    await releaseHold(key);
    await drainOutbox(h.api);

    expect(await undoChange(key, () => restoreListItem(itemId))).toBe('reverted');
    expect((await readListItems(listId)).map((item) => item.id)).toEqual([itemId]);
    await drainOutbox(h.api);
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(sentMutations(h.calls).map((c) => c.path.replace(/\d+/g, 'N'))).toEqual(['list/N/item/N/archive', 'list/N/item/N/restore']);
    const onServer = await h.api.call<{ item: { deleted_at: string | null } }>({ path: `list/${listId}/item/${itemId}` });
    expect(onServer.ok && onServer.data.item.deleted_at).toBeNull();
  });

  it('a delete already sent cannot be undone, and says so', async () => {
    const id = await myRequest('Gone for good');
    await deletePost(id, { undoable: true });
    const key = await keyOf('post.delete');
    await releaseHold(key);
    await drainOutbox(h.api);
    expect(await undoChange(key)).toBe('too-late');
    expect(await db.outbox.count()).toBe(0);
    expect(await readPost(id)).toBeNull();
  });

  it('restoring an item whose archive is still held withdraws the archive: nothing is sent', async () => {
    const { listId, itemId } = await myItem();
    await archiveListItem(itemId, { undoable: true });
    expect(await readListItems(listId)).toEqual([]);
    await restoreListItem(itemId);
    expect((await readListItems(listId)).map((item) => [item.id, item.isPending])).toEqual([[itemId, false]]);
    expect(await db.outbox.count()).toBe(0);
    await drainOutbox(h.api, { now: () => Date.now() + 2 * UNDO_WINDOW_MS });
    expect(sentMutations(h.calls)).toEqual([]);
  });

  it('without the option, a delete is not held', async () => {
    const id = await myRequest('Sent at once');
    await deletePost(id);
    expect((await db.outbox.toArray())[0]?.holdUntil).toBeUndefined();
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, remaining: 0 });
  });
});
