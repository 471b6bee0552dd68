// Issue #13 point 6: what the service worker's 'periodicsync' pulls (worker/periodic-refresh.ts),
// against the real server: a post made elsewhere since the last pull is stored and shows in the
// feed without the page pulling anything; every source is pulled once; nothing at all without a
// session, or with one the server has already refused.
import { describe, expect, it } from 'vitest';
import type { PostResponse } from '../../common/contract';
import { db } from '../../src/model/db';
import { getMeta, setMeta, updateAuth } from '../../src/model/meta';
import { EMPTY_AUTH } from '../../src/model/meta-types';
import { readFeed } from '../../src/db/reads';
import { refreshForOfflineOpen } from '../../worker/periodic-refresh';
import { MAX_LIST_PAGES } from '../../worker/pull-lists';
import { otherGuestToken, useHarness } from './support';

const h = useHarness();

async function postAsSomeoneElse(text: string): Promise<number> {
  const created = await h.api.call<PostResponse>({ method: 'POST', path: 'post', body: { text, type: 'REQUEST' }, token: await otherGuestToken(h) });
  if (!created.ok) throw new Error(created.error.message);
  h.calls.length = 0;
  return created.data.post.id;
}

describe('the periodic refresh', () => {
  it('stores a post made since the last pull and shows it, pulling each source once', async () => {
    const id = await postAsSomeoneElse(`Pray for the night shift ${Date.now()}`);
    expect(await db.posts.get(id)).toBeUndefined();

    const report = await refreshForOfflineOpen(h.api);

    expect(report).toEqual({ ran: true, failures: [] });
    expect((await readFeed({})).map((post) => post.id)).toContain(id);
    expect(await getMeta('newCount')).toBe(0);
    const paths = h.calls.map((call) => call.path);
    expect(paths).toContain('posts');
    expect(paths).toContain('list/item/biblical-prayers');
    expect(paths).toContain('post/session/quick');
    expect(paths).toContain('list/item/bookmark');
    expect(h.calls.every((call) => call.method === 'GET')).toBe(true);
    // One pull of each source; only the paged item lists take more than one page, within their bound.
    const counts = new Map<string, number>();
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    for (const [path, count] of counts) expect(count, path).toBeLessThanOrEqual(path.startsWith('list/item/') ? MAX_LIST_PAGES : 1);
    expect(paths.length).toBeLessThan(30);
  });

  it('pulls nothing without a session', async () => {
    await setMeta('auth', EMPTY_AUTH);
    await postAsSomeoneElse('Nobody should pull this');
    expect(await refreshForOfflineOpen(h.api)).toEqual({ ran: false, failures: [] });
    expect(h.calls).toEqual([]);
  });

  it('pulls nothing with a session the server already refused', async () => {
    await updateAuth({ expired: true });
    await postAsSomeoneElse('Nor this');
    expect(await refreshForOfflineOpen(h.api)).toEqual({ ran: false, failures: [] });
    expect(h.calls).toEqual([]);
  });
});
