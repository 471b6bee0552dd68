// Commands (src/commands): one transaction writes the optimistic change and the outbox entry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandError, createRequest, prayForPost, toggleBookmark } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { isStalled, readFeed, readPost, readSession, readSyncSnapshot } from '../../src/db/reads';
import { postRow } from './fixtures';
import { aSecondLater } from '../helpers/pray-clock';

beforeEach(async () => {
  await clearAllTables();
  await db.posts.put(postRow({ id: 1, prayedCount: 4 }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('prayForPost', () => {
  it('writes the local intent and the outbox entry', async () => {
    await prayForPost(1);
    const row = await db.posts.get(1);
    expect(row?.prayedCount).toBe(4);
    expect(row?.local.pendingPrays).toBe(1);
    const [entry, ...rest] = await db.outbox.toArray();
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({ op: 'post.pray', target: { postId: 1 }, body: null, attempts: 0, state: 'pending', lastError: null });
    expect(entry?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readPost(1))?.shownPrayedCount).toBe(5);
  });

  it('writes neither the change nor the entry when the outbox write fails', async () => {
    // The entry's write fails inside the command's transaction (a full disk, a blocked store); the
    // same key again is no failure any more: it is the pray another page saved first (pray-gate.test.ts).
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('The write failed', 'UnknownError'));
    await expect(prayForPost(1)).rejects.toThrow('The write failed');
    expect((await db.posts.get(1))?.local.pendingPrays).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a post that is not in the local database, writing nothing', async () => {
    await expect(prayForPost(404)).rejects.toMatchObject({ status: 404 });
    expect(await db.outbox.count()).toBe(0);
  });

  it("counts in today's prayers until acknowledged", async () => {
    const user = { id: 7, today_prayer_count: 2, name: 'Ruth', nickname: null, username: 'ruth', email: null, profile: { avatar: null, img_show: false }, channel_id: 1 as const, language: 'en-US', is_guest: true };
    await setMeta('auth', { memberToken: null, guestToken: 'g', user: null, guest: user, expired: false });
    await prayForPost(1);
    aSecondLater();
    await prayForPost(1);
    expect(await readSession()).toMatchObject({ kind: 'guest', todayPrayerCount: 4 });
    expect((await readPost(1))?.shownPrayedCount).toBe(6);
  });
});

describe('toggleBookmark', () => {
  it('two toggles end where they began, with two entries to replay', async () => {
    await toggleBookmark(1);
    expect((await readPost(1))?.is_bookmarked).toBe(true);
    await toggleBookmark(1);
    expect((await readPost(1))?.is_bookmarked).toBe(false);
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['post.bookmark', 'post.bookmark']);
  });
});

describe('createRequest', () => {
  it('shows the post at once under a temporary negative id', async () => {
    await setMeta('channel', { channelId: 1, lang: 'en-US' });
    // Both written within the same millisecond: the newer one still shows first.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const first = await createRequest({ text: '  Pray for rain  ', type: 'REQUEST', is_anonymous: true });
    const second = await createRequest({ text: 'Thanks', type: 'THANK', is_anonymous: false });
    now.mockRestore();
    expect(first.id).toBeLessThan(0);
    expect(second.id).toBeLessThan(first.id);
    const feed = await readFeed({});
    expect(feed[0]).toMatchObject({ id: second.id, isLocalOnly: true, isPending: true });
    expect(feed.find((p) => p.id === first.id)).toMatchObject({ text: 'Pray for rain', is_anonymous: true, user: { username: 'anonymous' } });
    const entries = await db.outbox.toArray();
    expect(entries[0]).toMatchObject({ op: 'post.create', target: { postId: first.id }, body: { text: 'Pray for rain', type: 'REQUEST', is_anonymous: true, channel_id: 1 } });
  });

  it.each([
    ['empty', '   '],
    ['too long', 'x'.repeat(2001)],
  ])('refuses %s text with a field error, writing nothing', async (_case, text) => {
    const error = await createRequest({ text, type: 'REQUEST', is_anonymous: false }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CommandError);
    expect(error).toMatchObject({ status: 422, errors: { text: [expect.any(String)] } });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.count()).toBe(1);
  });
});

describe('sync status', () => {
  it('is stalled when online, pending and without progress for 60 s', async () => {
    const now = Date.now();
    await prayForPost(1);
    const snapshot = await readSyncSnapshot();
    expect(snapshot).toMatchObject({ pending: 1, failed: 0, syncing: false });
    expect(isStalled(snapshot, true, now + 59_000)).toBe(false);
    expect(isStalled(snapshot, true, now + 61_000)).toBe(true);
    expect(isStalled(snapshot, false, now + 61_000)).toBe(false);
    await setMeta('lastProgressAt', now + 30_000);
    expect(isStalled(await readSyncSnapshot(), true, now + 61_000)).toBe(false);
  });
});

describe('lazyCommand (issue #14 point 2: the commands load on first use)', () => {
  it('is the command itself once loaded: same rows, same outbox entry, same refusals', async () => {
    const { lazyCommand } = await import('../../src/commands/lazy');
    const lazyPray = lazyCommand('prayForPost');
    await lazyPray(1);
    expect((await db.posts.get(1))?.local.pendingPrays).toBe(1);
    expect(await db.outbox.toArray()).toMatchObject([{ op: 'post.pray', target: { postId: 1 } }]);
    await expect(lazyPray(404)).rejects.toBeInstanceOf(CommandError);
  });

  it('judges a double tap by the taps\' own times, however late the command runs', async () => {
    const { lazyCommand } = await import('../../src/commands/lazy');
    const lazyPray = lazyCommand('prayForPost');
    const tapped = Date.now() + 60_000;
    const outcomes = await Promise.all([lazyPray(1, tapped), lazyPray(1, tapped + 300), lazyPray(1, tapped + 1_500)]);
    expect(outcomes).toEqual(['counted', 'alreadyCounted', 'counted']);
    expect((await db.posts.get(1))?.local.pendingPrays).toBe(2);
  });

  it('records what it committed for the change toast (commit-marks.ts)', async () => {
    const { lazyCommand } = await import('../../src/commands/lazy');
    const { commitMark, keysCommittedSince } = await import('../../src/commands/commit-marks');
    const mark = commitMark();
    await lazyCommand('toggleBookmark')(1);
    const [entry] = await db.outbox.toArray();
    expect(keysCommittedSince(mark)).toEqual([entry?.key]);
  });
});
