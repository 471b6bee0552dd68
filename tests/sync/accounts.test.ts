// docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'if the refresh fails, the outbox
// is kept for the same account': entries are tagged with the account that made them; while the
// session is expired nothing is sent; another account's sign-in does not send them (nor show them);
// the same account signing in again does.
import { describe, expect, it } from 'vitest';
import { prayForPost } from '../../src/commands';
import { db } from '../../src/model/db';
import { getAuth, setMeta, updateAuth } from '../../src/model/meta';
import { EMPTY_AUTH } from '../../src/model/meta-types';
import { readPost, readSyncSnapshot } from '../../src/db/reads';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed-data';
import { guestLogin, login } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { pullFeed } from '../../worker/pull';
import { mutations, useHarness } from './support';

const h = useHarness();

async function prayedCountOnServer(postId: number): Promise<number> {
  const result = await h.api.call<{ post: { prayedCount: number } }>({ path: `post/${postId}`, token: null });
  if (!result.ok) throw new Error(result.error.message);
  return result.data.post.prayedCount;
}

describe('the outbox is kept for the same account', () => {
  it('held while expired and while someone else is signed in; sent when the account is back', async () => {
    const guest = await getAuth();
    const postId = (await db.posts.orderBy('id').first())?.id ?? 0;
    const before = await prayedCountOnServer(postId);
    await prayForPost(postId);
    expect((await db.outbox.toArray())[0]?.accountId).toBe(guest.guest?.id);

    // The refresh fails: the session is expired and the entry stays.
    await updateAuth({ guestToken: 'revoked-token' });
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 1, authFailed: true });
    h.calls.length = 0;
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 1, authFailed: true });
    expect(h.calls).toEqual([]);

    // Someone else signs in on this device: the entry is held, neither sent nor shown as theirs.
    expect((await login(h.api, { email: DEMO_EMAIL, password: DEMO_PASSWORD })).ok).toBe(true);
    await pullFeed(h.api, {});
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 1, held: 1, authFailed: false });
    expect(await readSyncSnapshot()).toMatchObject({ pending: 0, held: 1 });
    expect((await readPost(postId))?.shownPrayedCount).toBe(before);
    expect(await prayedCountOnServer(postId)).toBe(before);

    // The guest comes back (their token still holds on the server): the pray goes out as theirs.
    await setMeta('auth', { ...EMPTY_AUTH, guestToken: guest.guestToken });
    expect((await guestLogin(h.api)).ok).toBe(true);
    expect(await readSyncSnapshot()).toMatchObject({ pending: 1, held: 0 });
    h.calls.length = 0;
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, remaining: 0, held: 0 });
    expect(mutations(h.calls).map((c) => [c.path, c.status])).toEqual([[`post/${postId}/pray`, 200]]);
    expect(await prayedCountOnServer(postId)).toBe(before + 1);
    await pullFeed(h.api, {});
    expect(await readPost(postId)).toMatchObject({ isPrayed: true, shownPrayedCount: before + 1 });
  });
});
