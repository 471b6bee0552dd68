// Capped feed totals (docs/decisions/0136-feed-totals-are-capped.md): a page counts at most
// COUNT_AHEAD_PAGES pages past itself; beyond that `total` is a lower bound, flagged by
// total_is_estimate, and last_page stays ahead of current_page so clients keep paging.
// The posts are inserted with SQL (thousands through the API would take minutes).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PostPage } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import { COUNT_AHEAD_PAGES, CURSOR_POSITION_CAP } from '../../server/domain/feed';
import { useApi } from './api';

/**
 * Channel 2 gets enough public posts to pass the cursor position cap, channel 1 a few hundred
 * (past the first page's cap, short of the cursor's); channel 3 keeps the seed's handful.
 */
const INSERTED: Record<string, number> = { '1': 300, '2': CURSOR_POSITION_CAP + 300 };
/**
 * When each inserted post was created. Channel 1 gives every three posts the same time (as a busy
 * channel's millisecond timestamps do): pages of 20 split those groups, so a loadMore cursor lands
 * between posts of one time, ordered by id alone.
 */
const CREATED_AT: Record<string, string> = {
  '1': `now() - interval '400 days' + make_interval(mins => g / 3)`,
  '2': `now() - interval '400 days' + make_interval(mins => g)`,
};
const BIG_CHANNEL = '2';
const FIRST_PAGE_CAP = (1 + COUNT_AHEAD_PAGES) * PAGE_SIZE + 1;

const api = useApi();
/** Ids of each channel as an anonymous visitor sees them, in feed order (created_at DESC, id DESC). */
const feedIds = new Map<string, number[]>();

async function feed(query: string, channel = BIG_CHANNEL, token?: string): Promise<PostPage> {
  const r = await api.call<Envelope<PostPage>>('GET', `posts${query}`, { headers: { 'x-channel-id': channel }, ...(token === undefined ? {} : { token }) });
  if (r.status !== 200) throw new Error(`GET posts${query}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}

function idsOf(channel: string): number[] {
  return feedIds.get(channel) ?? [];
}

/** The id at 1-based position `n` of a channel's feed. */
function idAt(n: number, channel = BIG_CHANNEL): number {
  const id = idsOf(channel)[n - 1];
  if (id === undefined) throw new Error(`the feed has no position ${n}`);
  return id;
}

beforeAll(async () => {
  await api.server.handle.withSession(async (session) => {
    for (const [channel, n] of Object.entries(INSERTED)) {
      await session.exec(`
        INSERT INTO posts (user_id, channel_id, type, text, created_at, updated_at)
        SELECT (SELECT min(id) FROM users), ${Number(channel)}, 'REQUEST', 'Prayer request ' || g,
               ${CREATED_AT[channel] ?? 'now()'}, now()
        FROM generate_series(1, ${n}) AS g`);
    }
    for (const channel of ['1', '2']) {
      const rows = await session.rows<{ id: number }>(`
        SELECT id FROM posts
        WHERE channel_id = $1 AND visibility = 0 AND deleted_at IS NULL AND archived_at IS NULL
        ORDER BY created_at DESC, id DESC`, [Number(channel)]);
      feedIds.set(channel, rows.map((row) => row.id));
    }
  });
}, 120_000);

describe('feed totals are capped (docs/decisions/0136-feed-totals-are-capped.md)', () => {
  it('gives an exact total, not an estimate, for a small feed', async () => {
    const page = await feed('', '3');
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(PAGE_SIZE);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: page.data.length, total_is_estimate: false });
  });

  it('flags a lower bound past the cap, with a last_page beyond the current page', async () => {
    const ids = idsOf(BIG_CHANNEL);
    expect(ids.length).toBeGreaterThan(FIRST_PAGE_CAP);
    const first = await feed('');
    expect(first).toMatchObject({ current_page: 1, total: FIRST_PAGE_CAP, total_is_estimate: true });
    expect(first.last_page).toBeGreaterThan(1);
    expect(first.data.map((p) => p.id)).toEqual(ids.slice(0, PAGE_SIZE));
    // A later page counts further ahead: the bound grows with the page.
    const fifth = await feed('?page=5');
    expect(fifth).toMatchObject({ current_page: 5, total: (5 + COUNT_AHEAD_PAGES) * PAGE_SIZE + 1, total_is_estimate: true });
    expect(fifth.last_page).toBeGreaterThan(5);
  });

  it('is exact again once the cap reaches the end of the feed', async () => {
    const ids = idsOf(BIG_CHANNEL);
    const lastPage = Math.ceil(ids.length / PAGE_SIZE);
    const nearEnd = await feed(`?page=${lastPage - 2}`);
    expect(nearEnd).toMatchObject({ total: ids.length, last_page: lastPage, total_is_estimate: false });
    expect((await feed(`?page=${lastPage}`)).data.map((p) => p.id)).toEqual(ids.slice((lastPage - 1) * PAGE_SIZE));
  });

  it('bounds loadMore the same way: estimate ahead of the cursor, exact near the end', async () => {
    const ids = idsOf('1');
    expect(ids.length).toBeGreaterThan(FIRST_PAGE_CAP);
    const afterFirst = await feed(`?loadMore=${idAt(PAGE_SIZE, '1')}`, '1');
    expect(afterFirst.data.map((p) => p.id)).toEqual(ids.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(afterFirst).toMatchObject({ current_page: 2, total: PAGE_SIZE + COUNT_AHEAD_PAGES * PAGE_SIZE + 1, total_is_estimate: true });
    expect(afterFirst.last_page).toBeGreaterThan(2);

    const endCursor = ids.length - 2 * PAGE_SIZE - 5; // two pages and a bit before the end
    const nearEnd = await feed(`?loadMore=${idAt(endCursor, '1')}`, '1');
    expect(nearEnd.data.map((p) => p.id)).toEqual(ids.slice(endCursor, endCursor + PAGE_SIZE));
    expect(nearEnd).toMatchObject({
      total: ids.length, total_is_estimate: false,
      current_page: Math.floor(endCursor / PAGE_SIZE) + 1, last_page: Math.ceil(ids.length / PAGE_SIZE),
    });
  });

  it('loses no post when a loadMore cursor falls between posts of the same time', async () => {
    const ids = idsOf('1');
    const walked: number[] = [];
    let page = await feed('', '1');
    walked.push(...page.data.map((p) => p.id));
    while (page.current_page < page.last_page && walked.length < ids.length + PAGE_SIZE) {
      page = await feed(`?loadMore=${String(walked.at(-1))}`, '1');
      walked.push(...page.data.map((p) => p.id));
    }
    expect(walked).toEqual(ids);
  });

  it('names the last post of the next page on a loadMore page (ahead_cursor), and none when that page is not full', async () => {
    const channel = '1';
    const total = idsOf(channel).length;
    // A visitor's feed walks one index; a member's (with no group and no post of their own: the same posts) its branches.
    const member = (await api.register('Ahead Reader')).authorization.token;
    for (const token of [undefined, member]) {
      const ahead = async (query: string) => (await feed(query, channel, token)).ahead_cursor;
      // After position 20: this page is 21-40, the next 41-60.
      expect(await ahead(`?loadMore=${String(idAt(20, channel))}`)).toBe(idAt(60, channel));
      // The next page is the last one, and full; then one that is short; then no next page at all.
      expect(await ahead(`?loadMore=${String(idAt(total - 40, channel))}`)).toBe(idAt(total, channel));
      expect(await ahead(`?loadMore=${String(idAt(total - 39, channel))}`)).toBeUndefined();
      expect(await ahead(`?loadMore=${String(idAt(total - 10, channel))}`)).toBeUndefined();
      // An offset page names none: a client pages on from its last post.
      expect(await ahead('?page=2')).toBeUndefined();
    }
  });

  it('caps the cursor position: deeper than CURSOR_POSITION_CAP, current_page is a lower bound', async () => {
    const deep = await feed(`?loadMore=${idAt(CURSOR_POSITION_CAP + 2 * PAGE_SIZE)}`);
    expect(deep.data.map((p) => p.id)).toEqual(idsOf(BIG_CHANNEL).slice(CURSOR_POSITION_CAP + 2 * PAGE_SIZE, CURSOR_POSITION_CAP + 3 * PAGE_SIZE));
    expect(deep).toMatchObject({ current_page: CURSOR_POSITION_CAP / PAGE_SIZE + 1, total_is_estimate: true });
    expect(deep.last_page).toBeGreaterThan(deep.current_page);
  });
});

describe('the community prayer-session feed counts the same way', () => {
  const community = async (query: string): Promise<PostPage> => {
    const r = await api.call<Envelope<PostPage>>('GET', `post/session/community${query}`, { headers: { 'x-channel-id': BIG_CHANNEL } });
    if (r.status !== 200) throw new Error(`GET post/session/community${query}: ${r.status}`);
    return r.json.data;
  };

  it('stops counting COUNT_AHEAD_PAGES pages past the page and flags the total as an estimate', async () => {
    const first = await community('');
    expect(first).toMatchObject({ current_page: 1, total: FIRST_PAGE_CAP, total_is_estimate: true });
    expect(first.last_page).toBeGreaterThan(1);
    expect(first.data).toHaveLength(PAGE_SIZE);
  });

  it('counts exactly near the end of the set', async () => {
    // Every inserted post is an open request; the seed may add a few more to the channel.
    const near = await community(`?page=${Math.ceil((INSERTED[BIG_CHANNEL] ?? 0) / PAGE_SIZE)}`);
    expect(near.total_is_estimate).toBeUndefined();
    expect(near.last_page).toBe(Math.ceil(near.total / PAGE_SIZE));
    const last = await community(`?page=${near.last_page}`);
    expect(last.data).toHaveLength(near.total - (near.last_page - 1) * PAGE_SIZE);
  });
});
