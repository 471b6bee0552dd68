// Schema versions are append-only (docs/architecture/local-store.md 'Local database'): a database
// written by version 1 opens under the current schema with its rows upgraded (version 2: the new
// local-intent fields, the account tag).
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../src/model/db';
import { EMPTY_POST_LOCAL } from '../../src/model/types';
import { apiPost } from './fixtures';

const NAME = 'prayer-upgrade-test';

afterEach(async () => {
  await Dexie.delete(NAME);
});

async function writeVersion1(): Promise<void> {
  const v1 = new Dexie(NAME);
  v1.version(1).stores({
    posts: 'id, [channel_id+createdAtMs], user_id', lists: 'id, key, user_id', listItems: 'id, post_list_id', comments: 'id, post_id',
    notes: 'id, post_id', users: 'id, username', outbox: '++seq, &key, op', meta: 'key', failed: '++id, failedAt',
  });
  await v1.open();
  await v1.table('posts').put({ ...apiPost({ id: 1 }), createdAtMs: 1, local: { pendingPrays: 2, bookmarked: true } });
  const entry = { op: 'post.pray', target: { postId: 1 }, body: null, key: 'k1', createdAt: 1, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending' };
  await v1.table('outbox').add(entry);
  v1.close();
}

describe('version 2 upgrade', () => {
  it('keeps version 1 intent, adds the new fields and an empty account tag', async () => {
    await writeVersion1();
    const current = new AppDb(NAME);
    const post = await current.posts.get(1);
    expect(post?.local).toEqual({ ...EMPTY_POST_LOCAL, pendingPrays: 2, bookmarked: true });
    expect((await current.outbox.toArray())[0]).toMatchObject({ op: 'post.pray', accountId: null });
    // Version 5 (issue #10): the derived index fields of existing rows are filled.
    expect(post?.feed?.slice(0, 3)).toEqual([1, 1, 1]);
    expect(await current.outbox.where('rowKeys').equals('posts:1').count()).toBe(1);
    expect(await current.outbox.where('[op+acct]').equals(['post.pray', 0]).count()).toBe(1);
    current.close();
  });
});
