// docs/product.md §4 new posts: other people's posts newer than the feed's cursor (meta.feedSince) wait for the
// new-posts control even when another pull stored them; the user's own show at once; filters see all.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { readFeed } from '../../src/db/reads';
import { postRow } from './fixtures';

const CURSOR = '2025-01-01T12:00:00.000Z';

beforeEach(async () => {
  await clearAllTables();
  await db.posts.bulkPut([
    postRow({ id: 1, created_at: '2025-01-01T11:00:00.000Z' }),
    postRow({ id: 2, created_at: CURSOR }),
    postRow({ id: 3, created_at: '2025-01-01T13:00:00.000Z', text: 'Someone else, after the cursor' }),
    postRow({ id: 4, created_at: '2025-01-01T14:00:00.000Z', is_mine: true, text: 'Mine, after the cursor' }),
    postRow({ id: -5, created_at: '2025-01-01T15:00:00.000Z', text: 'Mine, written offline' }),
  ]);
});

describe('the unfiltered feed stops at the new-posts cursor', () => {
  it('hides other people’s newer posts but shows the user’s own', async () => {
    await setMeta('feedSince', CURSOR);
    expect((await readFeed({})).map((post) => post.id)).toEqual([-5, 4, 2, 1]);
  });

  it('shows everything before the first pull set a cursor', async () => {
    await setMeta('feedSince', null);
    expect((await readFeed({})).map((post) => post.id)).toEqual([-5, 4, 3, 2, 1]);
  });

  it('does not hold back a filtered view (the new-posts control is for the unfiltered feed)', async () => {
    await setMeta('feedSince', CURSOR);
    expect((await readFeed({ type: 'REQUEST' })).map((post) => post.id)).toEqual([-5, 4, 3, 2, 1]);
  });
});
