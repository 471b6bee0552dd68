// Issue #12 point 7 on the device: a guest registers with changes still queued (written offline,
// or refused by a flaky server); the member's session keeps the same user id, so the local rows stay
// and the queued entries go out under the member's token, reaching the server as the member's.
import { describe, expect, it } from 'vitest';
import { createList, createRequest, prayForPost } from '../../src/commands';
import { db } from '../../src/model/db';
import { getAuth } from '../../src/model/meta';
import { readPost } from '../../src/db/reads';
import { register } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import type { ApiList, ApiPost, ListIndexResponse } from '../../common/contract';
import { direct, useHarness } from './support';

const h = useHarness();

describe('a guest registers with queued changes', () => {
  it('keeps the local rows and sends the queued post, prayer and list under the new account', async () => {
    const guest = (await getAuth()).guest;
    if (!guest) throw new Error('no guest session');
    const other = (await db.posts.orderBy('id').first())?.id ?? 0;
    const before = (await readPost(other))?.shownPrayedCount ?? 0;

    // Written while the network was down: all three wait in the outbox.
    h.setFault(() => 'offline');
    const { id: tempPostId } = await createRequest({ text: 'Queued by a guest', type: 'REQUEST', is_anonymous: false });
    await prayForPost(other);
    await createList({ name: 'Queued list', visibility: 'PRIVATE' });
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 3 });

    h.setFault(() => 'pass');
    const email = `queued-guest-${Date.now()}@example.test`;
    const result = await register(h.api, { name: 'Queued Guest', email, password: 'long-enough-pw' });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.session).toMatchObject({ kind: 'member', user: { id: guest.id, is_guest: false } });
    // Same viewer: nothing was cleared, the queued work is still shown.
    expect(await readPost(tempPostId)).toMatchObject({ text: 'Queued by a guest', isLocalOnly: true });
    expect((await readPost(other))?.shownPrayedCount).toBe(before + 1);
    expect(await db.outbox.count()).toBe(3);

    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ sent: 3, remaining: 0, held: 0, authFailed: false });
    const auth = await getAuth();
    expect(auth.memberToken).not.toBeNull();
    expect(auth.guestToken).toBeNull();
    // On the server, read with the member's token: the post is theirs, the prayer counted, the list theirs.
    const feed = await direct<{ data: ApiPost[] }>(h, { path: 'posts' });
    const posted = feed.data.find((p) => p.text === 'Queued by a guest');
    expect(posted).toMatchObject({ is_mine: true, user_id: guest.id });
    expect((await direct<{ post: ApiPost }>(h, { path: `post/${other}` })).post.isPrayed).toBe(true);
    const lists = await direct<ListIndexResponse>(h, { path: 'list' });
    expect(lists.myLists.map((l: ApiList) => l.name)).toContain('Queued list');
  });
});
