// What the list screens rely on beyond the menu rules: /lists/my-prayers reads the viewer's own
// requests from every channel (src/db/my-requests.ts), and the /lists paths accept temporary
// (negative) ids while anything else fails route validation (src/routes/_app/lists/-list-params.ts).
import { isNotFound } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { readMyRequests } from '../../src/db/my-requests';
import { parseLocalIdParam } from '../../src/routes/_app/lists/-list-params';
import { postRow } from './fixtures';

describe('readMyRequests', () => {
  beforeEach(async () => {
    await clearAllTables();
  });

  it('holds my requests of every channel, answered ones too, newest first, with pending prays shown', async () => {
    await db.posts.bulkPut([
      postRow({ id: 1, is_mine: true, created_at: '2025-01-01T10:00:00.000Z' }),
      postRow({ id: 2, is_mine: true, channel_id: 2, created_at: '2025-01-02T10:00:00.000Z' }, { pendingPrays: 2 }),
      postRow({ id: 3, is_mine: true, atendido: true, created_at: '2025-01-03T10:00:00.000Z' }),
    ]);
    const mine = await readMyRequests();
    expect(mine.map((post) => post.id)).toEqual([3, 2, 1]);
    expect(mine.find((post) => post.id === 2)?.shownPrayedCount).toBe(2);
  });

  it("leaves out others' posts, my thanksgivings and what I deleted here", async () => {
    await db.posts.bulkPut([
      postRow({ id: 1, is_mine: false }),
      postRow({ id: 2, is_mine: true, type: 'THANK' }),
      postRow({ id: 3, is_mine: true }, { deleted: true }),
      postRow({ id: -4, is_mine: true, created_at: '2025-02-01T10:00:00.000Z' }),
    ]);
    expect((await readMyRequests()).map((post) => post.id)).toEqual([-4]);
  });
});

describe('parseLocalIdParam', () => {
  it.each([
    ['42', 42],
    ['-3', -3],
    ['1', 1],
  ])('%s -> %d', (raw, id) => {
    expect(parseLocalIdParam(raw)).toBe(id);
  });

  it.each(['abc', '0', '-0', '--1', '1.5', '01', '-01', '', '-', '12x', '99999999999999999'])('%j is a page-not-found', (raw) => {
    let thrown: unknown = null;
    try {
      parseLocalIdParam(raw);
    } catch (err) {
      thrown = err;
    }
    expect(isNotFound(thrown)).toBe(true);
  });
});
