// Two tabs of one browser (issue #48; docs/architecture/live.md 'Live stream'): two engines on one
// store in one process, with one browser's Web Locks and broadcast between them. One holds the
// stream, the other slows its poll on the holder's word; hidden past its grace, the holder lets
// go and the other tab takes the stream over, and pokes keep reaching the shared store.
import { expect, it, vi } from 'vitest';
import { LIVE_SAFETY_POLL_MS } from '../../common/live-contract';
import { clearAllTables, db } from '../../src/model/db';
import type { SyncApi } from '../../worker/api-types';
import { createSyncEngine } from '../../worker/engine';
import type { PresenceChannel } from '../../worker/live-presence';
import { fakeLocks } from '../unit/live-fakes';
import { direct, faultyFetch, otherGuestToken, useHarness, type RecordedCall } from './support';

const h = useHarness({}, { freshDevice: false });

/** One browser's BroadcastChannel: what one tab posts, the others hear (later, as a browser does). */
function broadcastHub(): () => PresenceChannel {
  const channels = new Set<PresenceChannel>();
  return () => {
    const channel: PresenceChannel = {
      onmessage: null,
      postMessage(message) {
        for (const other of channels) if (other !== channel) setTimeout(() => other.onmessage?.({ data: message }), 0);
      },
      close() {
        channels.delete(channel);
      },
    };
    channels.add(channel);
    return channel;
  };
}

type Tab = { engine: SyncApi; calls: RecordedCall[]; intervals: number[] };

it('one stream for two tabs; the other tab takes it over when the holder is hidden past its grace', { timeout: 60_000 }, async () => {
  await clearAllTables();
  const locks = fakeLocks();
  const channel = broadcastHub();
  const tab = async (): Promise<Tab> => {
    const calls: RecordedCall[] = [];
    const intervals: number[] = [];
    const engine = createSyncEngine({
      fetch: faultyFetch(calls, () => () => 'pass'),
      live: { locks, channel, hiddenGraceMs: 300, presenceRepeatMs: 200 },
      onPollInterval: (ms) => intervals.push(ms),
    });
    await engine.start({ apiBase: h.apiBase, online: true, visible: true });
    return { engine, calls, intervals };
  };
  const streams = (t: Tab) => t.calls.filter((call) => call.path === 'sync/live' && call.status === 200).length;
  const a = await tab();
  const signedIn = await a.engine.guestLogin();
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  await vi.waitFor(() => expect(streams(a)).toBe(1), { timeout: 15_000 });
  const b = await tab();
  // B finds the session in the shared store and queues for the lock; it hears A's word and slows too.
  await b.engine.initSession({ memberToken: null, guestToken: (await db.meta.get('auth'))?.value.auth?.guestToken ?? null });
  await vi.waitFor(() => expect(b.intervals.at(-1)).toBe(LIVE_SAFETY_POLL_MS), { timeout: 15_000 });
  expect(a.intervals.at(-1)).toBe(LIVE_SAFETY_POLL_MS);
  expect(streams(b)).toBe(0);

  await a.engine.setVisible(false);
  // Generous: a loaded machine (the whole suite on every core) answers slowly.
  await vi.waitFor(() => expect(streams(b), JSON.stringify(b.calls.filter((call) => call.path === 'sync/live'))).toBe(1), { timeout: 15_000 });
  expect(streams(a)).toBe(1);
  expect(locks.holders()).toBe(1);
  // A, hidden, still slows its poll on B's word (its own stream is down).
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(a.intervals.at(-1)).toBe(LIVE_SAFETY_POLL_MS);

  // A pray elsewhere reaches the store both tabs read, through B's stream.
  const post = await db.posts.orderBy('id').last();
  if (!post) throw new Error('no post held');
  await direct(h, { method: 'POST', path: `post/${post.id}/pray`, token: await otherGuestToken(h) });
  await vi.waitFor(async () => expect((await db.posts.get(post.id))?.prayedCount).toBe(post.prayedCount + 1), { timeout: 1_000, interval: 5 });

  await a.engine.stop();
  await b.engine.stop();
});
