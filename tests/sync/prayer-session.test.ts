// Prayer sessions against the real server (docs/product.md §4, §7; docs/api.md 'Prayer sessions'): the
// session feeds pulled into the local store, the offline order (least recently prayed first,
// src/db/session-order.ts), a whole session prayed offline reaching the server once, and the
// statistics pulled into meta for the /statistics screen.
import { describe, expect, it } from 'vitest';
import type { ApiStatistics } from '../../common/account-contract';
import {
  addListItem, createList, createRequest, finishSession, prayForListItem, prayForPost, setSessionItemsQtd, startTodaySession, toggleBookmark, toggleListItemBookmark,
} from '../../src/commands';
import { readListItem, readSessionItems } from '../../src/db/list-reads';
import { readPostSessionCounts, readSavedSessionCounts, readSessionEntries, readStatistics } from '../../src/db/prayer-reads';
import { readSession } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { pullListSession, pullPostSession } from '../../worker/pull-session';
import { pullStatistics } from '../../worker/pull-statistics';
import { direct, useHarness } from './support';

const h = useHarness();

/** A list of `texts` on the server (made through the outbox), with its real item ids in order. */
async function serverList(name: string, texts: string[]): Promise<{ listId: number; itemIds: number[] }> {
  const { id: tempList } = await createList({ name });
  const temps: number[] = [];
  for (const text of texts) temps.push((await addListItem(tempList, { text })).id);
  await drainOutbox(h.api);
  const itemIds = await Promise.all(temps.map(async (id) => (await readListItem(id))?.id ?? 0));
  const listId = (await readListItem(itemIds[0] ?? 0))?.post_list_id ?? 0;
  return { listId, itemIds };
}

describe('prayer-session feeds', () => {
  it('quick and community sessions are pulled into the local store and read offline in the feed order', async () => {
    expect(await readPostSessionCounts()).toEqual({ quick: null, community: null });
    const quick = await pullPostSession(h.api, 'quick');
    const community = await pullPostSession(h.api, 'community');
    expect(quick.ok && quick.count).toBeGreaterThan(0);
    expect(community.ok && community.count).toBeGreaterThan(0);

    const server = await direct<{ data: { id: number }[] }>(h, { path: 'post/session/quick' });
    const entries = await readSessionEntries({ kind: 'quick' });
    expect(entries.map((e) => e.id)).toEqual(server.data.map((p) => p.id).slice(0, 5));
    expect(entries.every((e) => e.type === 'post' && e.text.length > 0)).toBe(true);

    // Prayed here and not yet sent: certainly the most recently prayed, so it goes last.
    const first = entries[0]?.id ?? 0;
    await prayForPost(first);
    expect((await readSessionEntries({ kind: 'quick' })).map((e) => e.id).at(-1)).toBe(first);
  });

  it('a list session follows the server queue, then never-prayed, then prayed; pending prayers last', async () => {
    const { listId, itemIds } = await serverList('Walk through', ['A', 'B', 'C', 'D']);
    const [a, b, c, d] = itemIds;
    await setSessionItemsQtd(2);
    await prayForListItem(a ?? 0);
    await prayForListItem(b ?? 0);
    await drainOutbox(h.api);

    const pulled = await pullListSession(h.api, { listId });
    expect(pulled.ok).toBe(true);
    expect((await readSessionItems(listId)).map((i) => i.id)).toEqual([c, d]);

    // Offline: C prayed here. The server would now say D (never prayed), then A (least recent).
    await prayForListItem(c ?? 0);
    expect((await readSessionItems(listId)).map((i) => i.id)).toEqual([d, a]);
    await drainOutbox(h.api);
    const server = await direct<{ items: { id: number }[] }>(h, { path: `list/${listId}/session/specific` });
    expect(server.items.map((i) => i.id)).toEqual([d, a]);
  });
});

describe('a session prayed offline', () => {
  it('reaches the server once: every item +1, today +N, one finished session in the statistics', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => `Item ${i + 1}`);
    const { listId, itemIds } = await serverList('Ten', texts);
    await setSessionItemsQtd(10);
    await drainOutbox(h.api);
    const before = (await readSession()).todayPrayerCount;
    h.setFault(() => 'offline');

    const entries = await readSessionEntries({ kind: 'list', listId });
    expect(entries.map((e) => e.id)).toEqual(itemIds);
    await startTodaySession(entries.length);
    for (const entry of entries) await prayForListItem(entry.id);
    await finishSession({ itemsPrayed: entries.length, durationSeconds: 95 });
    expect((await readSession()).todayPrayerCount).toBe(before + 10);
    await drainOutbox(h.api);

    h.setFault(() => 'pass');
    const report = await drainOutbox(h.api, { ignoreBackoff: true });
    expect(report).toMatchObject({ remaining: 0, refused: 0 });
    for (const id of itemIds) {
      const { item } = await direct<{ item: { prayedCount: number } }>(h, { path: `list/${listId}/item/${id}` });
      expect(item.prayedCount).toBe(1);
    }
    expect(await readStatistics()).toBeNull();
    expect((await pullStatistics(h.api)).ok).toBe(true);
    const stored = await readStatistics();
    const statistics: ApiStatistics | undefined = stored?.statistics;
    expect(statistics?.today_prayer_count).toBe(before + 10);
    expect(statistics?.sessions).toMatchObject({ finished: 1, total_items_prayed: 10, total_duration_seconds: 95 });
    expect(statistics?.prayers_per_day).toHaveLength(30);
    expect(statistics?.prayers_per_day.at(-1)?.count).toBe(before + 10);
  });
});

describe('the bookmarks and my-prayers sessions (issue #13 point 4)', () => {
  it('hold the bookmarked items and open requests, and my own open requests, offline; prayed here goes last', async () => {
    const { itemIds } = await serverList('Saved', ['Saved one', 'Saved two']);
    expect((await pullPostSession(h.api, 'community')).ok).toBe(true);
    const community = await readSessionEntries({ kind: 'community' }, { size: 2 });
    const [postA, postB] = community.map((entry) => entry.id);
    if (postA === undefined || postB === undefined) throw new Error('the seed has fewer than two community requests');
    h.setFault(() => 'offline');
    await toggleListItemBookmark(itemIds[0] ?? 0);
    await toggleBookmark(postA);
    await toggleBookmark(postB);
    const own = await createRequest({ text: 'Please pray for my exam', type: 'REQUEST', is_anonymous: false });

    const bookmarks = await readSessionEntries({ kind: 'bookmarks' }, { size: 10 });
    expect(bookmarks.map((entry) => [entry.type, entry.id]).sort()).toEqual([['item', itemIds[0]], ['post', postA], ['post', postB]].sort());
    expect(await readSessionEntries({ kind: 'my-prayers' })).toEqual([expect.objectContaining({ type: 'post', id: own.id, text: 'Please pray for my exam' })]);
    expect(await readSavedSessionCounts()).toEqual({ bookmarks: 3, myPrayers: 1 });
    // The session size cuts it; praying here sends the entry to the end.
    await setSessionItemsQtd(2);
    expect(await readSessionEntries({ kind: 'bookmarks' })).toHaveLength(2);
    await prayForPost(postA);
    expect((await readSessionEntries({ kind: 'bookmarks' }, { size: 10 })).at(-1)).toMatchObject({ type: 'post', id: postA });

    // Online: the server agrees on what the two sessions hold.
    h.setFault(() => 'pass');
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ remaining: 0, refused: 0 });
    const serverBookmarks = await direct<{ data: { id: number }[] }>(h, { path: 'post/session/bookmark' });
    expect(serverBookmarks.data.map((post) => post.id).sort()).toEqual([postA, postB].sort());
    const mine = await direct<{ data: { id: number }[] }>(h, { path: 'post/session/my-prayers' });
    expect((await readSessionEntries({ kind: 'my-prayers' })).map((entry) => entry.id)).toEqual(mine.data.map((post) => post.id));
  });
});
