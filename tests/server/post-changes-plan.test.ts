// GET posts/changes at scale (issue #10): a page is an index range scan of post_changes and a
// primary-key lookup of its posts, never a sequential scan (plans checked as bench/explain.ts
// does); and on PostgreSQL, a change committed late is never passed by a cursor.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planUse } from '../../bench/explain';
import { changesPageQuery, pagePostsQuery } from '../../server/domain/post-changes';
import { useApi } from './api';
import { newRequest } from './post-actors';
import { changes } from './sync-support';

const POSTS = 20_000;
const api = useApi();
let viewer: string;
let viewerId: number;
beforeAll(async () => {
  const registered = await api.register('Planner Pia');
  viewer = registered.authorization.token;
  viewerId = registered.user.id;
}, 60_000);

describe('GET posts/changes plans', () => {
  it(`reads a page through post_changes_feed_idx and posts_pkey with ${POSTS} changed posts`, { timeout: 60_000 }, async () => {
    const { db } = api.server.handle;
    // Many transactions, three channels: change rows spread over transaction ids like real traffic.
    for (let batch = 0; batch < 20; batch += 1) {
      await db.execute(sql`insert into posts (user_id, channel_id, type, text)
        select ${viewerId}, 1 + n % 3, 'REQUEST', 'Request ' || n from generate_series(1, ${POSTS / 20}) as n`);
    }
    await db.execute(sql`analyze posts`);
    await db.execute(sql`analyze post_changes`);
    const [middle] = await db.select({ xid: sql<string>`(min(change_xid) + max(change_xid)) / 2` }).from(sql`post_changes`);
    const since = { xid: BigInt(middle?.xid ?? '0'), id: 0 };
    const page = changesPageQuery(db, 1, since, 2n ** 62n);
    const ids = (await page).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(100);
    const queries = [page.toSQL(), pagePostsQuery(db, ids, viewerId).toSQL()].map((q) => ({ sql: q.sql, params: q.params }));
    const changesPlan = await api.server.handle.withSession((s) => planUse(s, queries, 'post_changes'));
    const postsPlan = await api.server.handle.withSession((s) => planUse(s, queries, 'posts'));
    expect(changesPlan).toEqual({ indexes: ['post_changes_feed_idx'], seqScans: [] });
    expect(postsPlan.seqScans).toEqual([]);
    expect(postsPlan.indexes).toContain('posts_pkey');
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('never passes a change that commits after a later one (PostgreSQL)', async () => {
    const author = (await api.register('Slow Sam')).authorization.token;
    const slow = await newRequest(api, author, 'Changed by a long transaction.');
    const fast = await newRequest(api, author, 'Changed by a quick one.');
    const { cursor } = await changes(api, undefined, viewer);
    const middle = await api.server.handle.withSession(async (s) => {
      await s.exec('BEGIN');
      await s.rows('UPDATE posts SET prayed_count = prayed_count + 1 WHERE id = $1', [slow.id]);
      expect((await api.call('POST', `post/${fast.id}/pray`, { token: viewer })).status).toBe(200);
      // The quick change committed, but after the open one started: it waits behind it.
      const seen = await changes(api, cursor, viewer);
      await s.exec('COMMIT');
      return seen;
    });
    expect(middle.posts).toEqual([]);
    const after = await changes(api, middle.cursor, viewer);
    expect(after.posts.map((p) => p.id).sort((a, b) => a - b)).toEqual([slow.id, fast.id]);
  });
});
