// Seeds the app's local store for long-feed tests and the client benchmarks (bench/client/):
// posts written straight into the app's IndexedDB (the Dexie database of src/model/db.ts), shaped like
// the rows the sync worker stores: a server post pulled by the app is the template, so the app
// must have pulled the feed once first. They are older than anything the server holds, so the
// first page's pruning (worker/reconcile.ts stalePostIds) leaves them alone, and their authors
// repeat only every 1,000 hours, so docs/product.md §4 collapsing folds only the first three (one author on
// purpose). Post #i reads `Long feed post #i.` and has id 50,000,000 + i (unknown to the server).
import type { Page } from '@playwright/test';
import { START_SNAPSHOT_CACHE } from '../../common/start-snapshot';

/**
 * Writes `count` posts into the app's database in one transaction; returns how many it holds.
 * `groupId` (issue #28): the posts are that group's, in its feed (the `groupFeed` key the hooks set).
 */
export async function fillLocalStore(page: Page, count: number, options: { groupId?: number } = {}): Promise<number> {
  return page.evaluate(async ({ total, groupId, snapshotCache }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('prayer');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
    });
    const read = db.transaction('posts').objectStore('posts').getAll();
    const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      read.onsuccess = () => resolve(read.result as Record<string, unknown>[]);
      read.onerror = () => reject(read.error ?? new Error('read failed'));
    });
    const template = rows.find((row) => typeof row.id === 'number' && row.id > 0);
    if (!template) throw new Error('No pulled post to copy the row shape from');
    const oldest = Math.min(...rows.map((row) => Number(row.createdAtMs)));
    const hour = 3_600_000;
    const write = db.transaction('posts', 'readwrite');
    const store = write.objectStore('posts');
    for (let i = 1; i <= total; i += 1) {
      const createdAtMs = oldest - i * hour;
      const iso = new Date(createdAtMs).toISOString();
      // Posts #1 to #3 share an author within 12 hours: docs/product.md §4 folds them under #1.
      const userId = i <= 3 ? 899_999 : 900_000 + (i % 1000);
      // Texts of 1 to 5 sentences, so rows have different heights to measure.
      const text = `Long feed post #${String(i)}. ` + 'Please pray for our family and our work this season. '.repeat(i % 5);
      const id = 50_000_000 + i;
      const type = i % 4 === 0 || i <= 3 ? 'THANK' : 'REQUEST';
      store.put({
        ...template,
        id,
        user_id: userId,
        user: { id: userId, username: `reader${String(userId)}`, name: `Reader ${String(userId)}`, avatar: null },
        type,
        text,
        answer_text: null,
        is_anonymous: false,
        is_mine: false,
        atendido: false,
        updated_answer_at: null,
        created_at: iso,
        updated_at: iso,
        createdAtMs,
        // The feed's index key (src/model/feed-key.ts), which Dexie's hooks set on the app's own
        // writes: [channel, feedAtMs, id, createdAtMs, author, type, anonymous, mine].
        feed: [template.channel_id, createdAtMs, id, createdAtMs, userId, type, 0, 0],
        // src/model/feed-key.ts GroupFeedKey: [group, feedAtMs, id].
        ...(groupId === undefined ? {} : { group_id: groupId, groupFeed: [groupId, createdAtMs, id] }),
        prayedCount: i % 7,
        isPrayed: false,
        is_bookmarked: false,
        commentCount: 0,
        noteCount: 0,
      });
    }
    await new Promise<void>((resolve, reject) => {
      write.oncomplete = () => resolve();
      write.onerror = () => reject(write.error ?? new Error('write failed'));
    });
    // Written past Dexie, so no 'storagemutated': the start snapshot is dropped here as every write
    // of the app drops it (src/model/start-snapshot-guard.ts), or the next start paints the store before.
    if (typeof caches !== 'undefined') await caches.delete(snapshotCache);
    const counted = db.transaction('posts').objectStore('posts').count();
    return new Promise<number>((resolve) => {
      counted.onsuccess = () => {
        db.close();
        resolve(counted.result);
      };
    });
  }, { total: count, groupId: options.groupId, snapshotCache: START_SNAPSHOT_CACHE });
}
