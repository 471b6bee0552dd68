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
import { otherGuestToken, useHarness } from './support';

const h = useHarness();

async function postAsSomeoneElse(text: string): Promise<number> {
  const created = await h.api.call<PostResponse>({ method: 'POST', path: 'post', body: { text, type: 'REQUEST' }, token: await otherGuestToken(h) });
  if (!created.ok) throw new Error(created.error.message);
  h.calls.length = 0;
  return created.data.post.id;
}

describe('the periodic refresh', () => {
  it('stores a post made since the last pull and shows it, in one pull and the first page', async () => {
    const id = await postAsSomeoneElse(`Pray for the night shift ${Date.now()}`);
    expect(await db.posts.get(id)).toBeUndefined();

    const report = await refreshForOfflineOpen(h.api);

    expect(report).toEqual({ ran: true, failures: [] });
    expect((await readFeed({})).map((post) => post.id)).toContain(id);
    expect(await getMeta('newCount')).toBe(0);
    // The one pull with its sections, then the first page because a new post waits
    // (docs/decisions/0021-one-pull.md).
    expect(h.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET sync/pull', 'GET posts']);
    expect(await getMeta('syncCursor')).toMatchObject({ cursor: expect.any(String) });
    expect(await db.listItems.count()).toBeGreaterThan(20);
    expect(await getMeta('sessionQueues')).toMatchObject({ quick: expect.anything(), community: expect.anything(), biblical: expect.anything() });
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
