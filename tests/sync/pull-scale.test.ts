// Issue #10 'Local-first at scale': a feed pull's page costs what the page holds, not what the
// device holds. A fake /api/v1 (no server: only the client's cost is measured) serves
// PULL_SCALE_PAGES pages of 20 posts (default 120; 501 is the 10,000-post device),
// pulled one after another into one device with PULL_SCALE_PENDING pending prays queued (default
// 100). Prints the mean ms of the first and last 50 pages; fails when the last ones cost much
// more than the first (the cost grew with the store).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, Envelope, PostPage } from '../../common/contract';
import { API_ANSWER_HEADER, API_ANSWER_VALUE } from '../../common/constants';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { createApiClient } from '../../worker/api-client';
import { pullFeed } from '../../worker/pull';
import { apiPost } from '../unit/fixtures';
import { aSecondLater } from '../helpers/pray-clock';

const PAGES = Number(process.env.PULL_SCALE_PAGES ?? 120);
const PENDING = Number(process.env.PULL_SCALE_PENDING ?? 100);
const PER_PAGE = 20;
const START = Date.parse('2025-06-01T00:00:00.000Z');

/** Page n (1-based) of a feed of PAGES * PER_PAGE posts, newest first, a minute apart. */
function page(n: number): PostPage {
  const data: ApiPost[] = [];
  for (let i = 0; i < PER_PAGE; i += 1) {
    const index = (n - 1) * PER_PAGE + i;
    const at = new Date(START - index * 60_000).toISOString();
    data.push(apiPost({ id: PAGES * PER_PAGE - index, created_at: at, updated_at: at, text: `post ${index}`, prayedCount: index % 7 }));
  }
  return { data, current_page: n, last_page: PAGES, total: PAGES * PER_PAGE };
}

const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body: Envelope<PostPage> = { data: page(Number(url.searchParams.get('page') ?? 1)) };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', [API_ANSWER_HEADER]: API_ANSWER_VALUE } });
};

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

describe('pulling a long feed', () => {
  beforeAll(async () => {
    await clearAllTables();
  });

  it(`${PAGES} pages cost the same each, with ${PENDING} entries pending`, async () => {
    const api = createApiClient({ apiBase: 'http://feed.test/api/v1', fetch: fakeFetch });
    expect((await pullFeed(api, { page: 1 })).ok).toBe(true);
    const firstPage = page(1).data;
    for (let i = 0; i < PENDING; i += 1) {
      aSecondLater();
      await prayForPost(firstPage[i % firstPage.length]?.id ?? 0);
    }
    const times: number[] = [];
    for (let n = 1; n <= PAGES; n += 1) {
      const started = performance.now();
      const result = await pullFeed(api, { page: n });
      times.push(performance.now() - started);
      expect(result.ok).toBe(true);
    }
    const window = Math.min(50, Math.floor(PAGES / 2));
    const first = mean(times.slice(0, window));
    const last = mean(times.slice(-window));
    console.info(`pull of ${PAGES} pages (${PENDING} pending): first ${window} ${first.toFixed(1)} ms/page, last ${window} ${last.toFixed(1)} ms/page`);
    expect(await db.posts.count()).toBe(PAGES * PER_PAGE);
    // The pending prays are still shown on top of the pulled counts.
    if (PENDING > 0) expect((await db.posts.get(firstPage[0]?.id ?? 0))?.local.pendingPrays).toBeGreaterThan(0);
    expect(last).toBeLessThan(first * 2.5 + 20);
  }, 300_000);
});
