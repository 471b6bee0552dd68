// While the network is cut the sync worker keeps away from the local database: the probe reads
// nothing and a drain that finds the head waiting out its backoff writes nothing. In WebKit a
// page left while its worker's transaction is open keeps that store locked for writes until the
// browser restarts, and the next page's sync never starts
// (docs/decisions/0166-the-webkit-store-wedge-the-stall-after-a-reload-while-cut.md); the fewer
// transactions in the cut, the fewer reloads land on one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import { createApiClient, type ApiClient } from '../../worker/api-client';
import { drainOutbox } from '../../worker/drain';
import { postRow } from './fixtures';

/** Every read and write of `meta` from now on (getMeta, getAuth, readChannel and setMeta go through these). */
function watchMeta(): { reads: () => number; writes: () => number } {
  const get = vi.spyOn(db.meta, 'get');
  const put = vi.spyOn(db.meta, 'put');
  return { reads: () => get.mock.calls.length, writes: () => put.mock.calls.length };
}

/** A cut below the browser: every request goes out and no answer comes back. */
function cutClient(): { api: ApiClient; sent: string[] } {
  const sent: string[] = [];
  const api = createApiClient({
    apiBase: 'https://app.test/api/v1',
    fetch: async (input) => {
      sent.push(String(input instanceof Request ? input.url : input));
      throw new TypeError('Failed to fetch');
    },
  });
  return { api, sent };
}

beforeEach(async () => {
  await clearAllTables();
  await db.posts.put(postRow({ id: 1, prayedCount: 4 }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the network cut keeps the store quiet', () => {
  it('a failed probe reads nothing from the store', async () => {
    const { api, sent } = cutClient();
    const meta = watchMeta();
    for (let i = 0; i < 5; i += 1) expect(await api.ping(3_000)).toBe(false);
    expect(sent).toHaveLength(5);
    expect(sent[0]).toContain('/api/v1/health');
    expect([meta.reads(), meta.writes()]).toEqual([0, 0]);
  });

  it('a drain that finds the head waiting out its backoff writes nothing', async () => {
    const { api, sent } = cutClient();
    await prayForPost(1);
    const first = await drainOutbox(api);
    expect(first).toMatchObject({ sent: 0, remaining: 1, waitsForNetwork: true });
    expect(first.retryAt).toBeGreaterThan(Date.now());
    expect(sent).toHaveLength(1);

    // The next command's poke, before the retry is due: nothing goes out, nothing is written.
    const meta = watchMeta();
    const again = await drainOutbox(api);
    expect(again).toMatchObject({ sent: 0, remaining: 1, retryAt: first.retryAt });
    expect(sent).toHaveLength(1);
    expect(meta.writes()).toBe(0);
  });

  it('a drain that sends still says so while it runs, and not after', async () => {
    const { api } = cutClient();
    await prayForPost(1);
    const seen: (boolean | undefined)[] = [];
    const fetching = createApiClient({
      apiBase: 'https://app.test/api/v1',
      fetch: async () => {
        seen.push(await getMeta('syncing'));
        throw new TypeError('Failed to fetch');
      },
    });
    await drainOutbox(fetching);
    expect(seen).toEqual([true]);
    expect(await getMeta('syncing')).toBe(false);
    // Waiting out its backoff, the same head leaves the flag alone.
    await drainOutbox(api);
    expect(await getMeta('syncing')).toBe(false);
  });
});
