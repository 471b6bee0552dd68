// Issue #23 item 2, in-process against the real server: the engine never waits for an event that
// may not come. A network failure (no answer) is probed for while the page is visible, any answer
// from the server resets the network backoff (an answer that is not the API's, a captive portal's
// page, does not), a refusing server keeps its backoff, and a hidden page does not probe
// (worker/wake-ups.ts, worker/probe.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../common/constants';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import type { OutboxEntry } from '../../src/model/outbox-types';
import { connectSyncEngine } from '../../src/sync/client';
import type { SyncApi } from '../../worker/api-types';
import { createSyncEngine } from '../../worker/engine';
import { PROBE_INTERVAL_MS, PROBE_JITTER, PROBE_OFFLINE_INTERVAL_MS } from '../../worker/probe';
import { faultyFetch, serverPost, useHarness, type Fault, type RecordedCall } from './support';

const h = useHarness({}, { freshDevice: false });
let engine: SyncApi | null = null;
let fault: (call: { method: string; path: string }) => Fault = () => 'pass';
const calls: RecordedCall[] = [];

/** A long outage's backoff: the head would otherwise wait minutes (MAX_RETRY_MS). */
const LONG_BACKOFF_MS = 5 * 60_000;
/** Time for one drain round trip against the in-process server, on a loaded 2-core host. */
const ROUND_TRIP_MS = 1_500;

const offline: typeof fault = () => 'offline';
const pass: typeof fault = () => 'pass';
const isPray = (call: { method: string; path: string }) => call.method === 'POST' && call.path.endsWith('/pray');
const prays = () => calls.filter(isPray);
const probes = () => calls.filter((call) => call.path === 'health');

beforeEach(async () => {
  await clearAllTables();
  fault = pass;
  calls.length = 0;
});

afterEach(async () => {
  connectSyncEngine(null);
  await engine?.stop();
  engine = null;
});

async function startEngine(visible: boolean): Promise<SyncApi> {
  const started = createSyncEngine({ fetch: faultyFetch(calls, () => fault) });
  engine = started;
  await started.start({ apiBase: h.apiBase, online: true, visible }, { requestBackgroundSync: () => undefined });
  connectSyncEngine(started);
  const signedIn = await started.guestLogin();
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  calls.length = 0;
  return started;
}

async function firstPostId(): Promise<number> {
  const first = await db.posts.orderBy('id').first();
  if (!first) throw new Error('sign-in did not pull the feed');
  return first.id;
}

async function head(): Promise<OutboxEntry> {
  const entry = await db.outbox.orderBy('seq').first();
  if (!entry) throw new Error('the outbox is empty');
  return entry;
}

/** Prays with no network and waits until the engine's attempt failed with no answer. */
async function prayIntoTheCut(postId: number): Promise<void> {
  fault = offline;
  await prayForPost(postId);
  await vi.waitFor(async () => expect((await head()).noAnswer).toBe(true), { timeout: 5_000, interval: 20 });
}

/** The engine started on a visible page, and a pray of the first post queued while the network is cut. */
async function aPrayInTheCut(): Promise<{ sync: SyncApi; postId: number; before: Awaited<ReturnType<typeof serverPost>> }> {
  const sync = await startEngine(true);
  const postId = await firstPostId();
  const before = await serverPost(h, postId);
  await prayIntoTheCut(postId);
  return { sync, postId, before };
}

/** As after a long outage: the head's backoff is minutes away. */
async function makeBackoffLong(): Promise<void> {
  await db.outbox.update((await head()).seq, { attempts: 8, nextAttemptAt: Date.now() + LONG_BACKOFF_MS });
}

describe('sync never waits for an event', () => {
  it('told offline, with no online event: the probe finds the network and the entry is delivered once', async () => {
    const { sync, postId, before } = await aPrayInTheCut();
    // After the sign-in's own calls have answered: an answer counts as online again.
    await sync.setOnline(false);
    await makeBackoffLong();
    // The probe keeps asking while the browser says offline (at its slower pace: tests/unit/probe.test.ts).
    const told = calls.length;
    await vi.waitFor(() => expect(probes().filter((call) => calls.indexOf(call) >= told && call.status === 'dropped').length).toBeGreaterThan(0), { timeout: 6_000, interval: 20 });

    fault = pass;
    const back = Date.now();
    const deadline = PROBE_OFFLINE_INTERVAL_MS * (1 + PROBE_JITTER) + ROUND_TRIP_MS;
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: deadline, interval: 20 });
    expect(Date.now() - back).toBeLessThan(deadline);
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
    expect(prays().filter((call) => call.status === 200)).toHaveLength(1);
    // The answer counted as online: the poll runs again (its first tick is the one pull,
    // docs/decisions/0021-one-pull.md).
    await vi.waitFor(() => expect(calls.some((call) => call.path === 'sync/pull' && call.status === 200 && calls.indexOf(call) >= told)).toBe(true), { timeout: 2_000 });
  });

  it("the 'online' event during a drain: what waits goes out before the poll's pull (issue #25 P4)", async () => {
    const { sync, postId, before } = await aPrayInTheCut();
    await sync.setOnline(false);
    // A drain is out when the network comes back: its retry hangs on a dead connection.
    fault = (call) => (isPray(call) ? 'hang' : 'offline');
    void sync.drain();
    await vi.waitFor(() => expect(calls.some((call) => isPray(call) && call.status === 'hung')).toBe(true), { timeout: 3_000, interval: 10 });
    const told = calls.length;
    fault = pass;
    await sync.setOnline(true);
    await vi.waitFor(() => expect(calls.some((call) => call.path === 'sync/pull' && calls.indexOf(call) >= told)).toBe(true), { timeout: 5_000, interval: 10 });
    // The live stream (issue #48) opens beside the queue (it takes no lock); its catch-up waits for the drain.
    const after = calls.slice(told).filter((call) => call.path !== 'health' && call.path !== 'sync/live').map((call) => call.path);
    // The hung retry let go at the probe's answer, then the pray again, then the poll's first
    // tick (its catch-up): the pull never holds up the queue behind the lock.
    expect(after.slice(0, 2)).toEqual([`post/${String(postId)}/pray`, 'sync/pull']);
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
  });

  it('a drain asked while a round gets no answer: the network stays marked down for the next round, whose hung request the next answer lets go', async () => {
    const sync = await startEngine(true);
    const postId = await firstPostId();
    const before = await serverPost(h, postId);
    let asked = false;
    fault = (call) => {
      if (!isPray(call)) return 'offline';
      if (asked) return 'hang';
      // The first attempt finds no network, and a drain is asked for meanwhile: it goes as the
      // same drain's next round, and its attempt hangs on the dead connection.
      asked = true;
      void sync.drain();
      return 'offline';
    };
    await prayForPost(postId);
    await vi.waitFor(() => expect(prays().some((call) => call.status === 'hung')).toBe(true), { timeout: 3_000, interval: 10 });
    fault = pass;
    const back = Date.now();
    // The probe runs while the network is marked down; its answer lets the hung pray go.
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: PROBE_INTERVAL_MS * (1 + PROBE_JITTER) + 2 * ROUND_TRIP_MS, interval: 20 });
    expect(Date.now() - back).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
  });

  /** The network comes back: the pray goes out within one fast probe period, and once. */
  async function expectDeliveredOnceWithinAProbe(postId: number, prayedBefore: number): Promise<void> {
    fault = pass;
    const back = Date.now();
    await vi.waitFor(() => expect(prays().some((call) => call.status === 200)).toBe(true), { timeout: 3_000, interval: 10 });
    expect(Date.now() - back).toBeLessThan(PROBE_INTERVAL_MS * (1 + PROBE_JITTER) + ROUND_TRIP_MS);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect((await serverPost(h, postId)).prayedCount).toBe(prayedBefore + 1);
    expect(prays().filter((call) => call.status === 200)).toHaveLength(1);
  }

  it('online and visible: delivery starts within one fast probe period of the network coming back', async () => {
    const { postId, before } = await aPrayInTheCut();
    await makeBackoffLong();
    await vi.waitFor(() => expect(probes().length).toBeGreaterThan(0), { timeout: 3_000, interval: 20 });

    await expectDeliveredOnceWithinAProbe(postId, before.prayedCount);
  });

  it('a captive portal answering 200 text/html is no answer: the probe goes on, and delivery starts once the API answers', async () => {
    const { postId, before } = await aPrayInTheCut();
    await makeBackoffLong();
    // Connected to a network whose portal answers every request with its login page.
    fault = () => ({ status: 200, html: '<!doctype html><title>Sign in to the Wi-Fi</title><form>...</form>' });
    const portalFrom = calls.length;
    const portalAnswers = () => calls.filter((call, i) => i >= portalFrom && call.status === 'foreign');
    await vi.waitFor(() => expect(portalAnswers().filter((call) => call.path === 'health').length).toBeGreaterThanOrEqual(2), { timeout: 3 * PROBE_INTERVAL_MS * (1 + PROBE_JITTER) + ROUND_TRIP_MS, interval: 20 });
    // Still waiting for the network, on no server backoff: the portal's page was no answer.
    expect((await head()).noAnswer).toBe(true);
    expect(prays().some((call) => call.status === 200)).toBe(false);

    await expectDeliveredOnceWithinAProbe(postId, before.prayedCount);
  });

  it('a retry hanging on a dead connection is let go once the probe is answered, not after its timeout', async () => {
    const { postId, before } = await aPrayInTheCut();
    // The backoff timer's retry hangs, as in a tunnel that drops packets: the drain waits on it.
    fault = (call) => (isPray(call) ? 'hang' : 'offline');
    await vi.waitFor(() => expect(prays().some((call) => call.status === 'hung')).toBe(true), { timeout: 2_000 + ROUND_TRIP_MS, interval: 20 });

    fault = pass;
    const back = Date.now();
    const deadline = PROBE_INTERVAL_MS * (1 + PROBE_JITTER) + 2 * ROUND_TRIP_MS;
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: deadline, interval: 20 });
    expect(Date.now() - back).toBeLessThan(Math.min(deadline, REQUEST_TIMEOUT_MS));
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
    expect(prays().filter((call) => call.status === 200)).toHaveLength(1);
  });

  it('any answer from the server resets the network backoff, with no probe (hidden page)', async () => {
    const sync = await startEngine(false);
    const postId = await firstPostId();
    const before = await serverPost(h, postId);
    await prayIntoTheCut(postId);
    await makeBackoffLong();

    // The network is back for reads, the pray still gets no answer: its backoff starts over.
    fault = (call) => (isPray(call) ? 'offline' : 'pass');
    // A post's pull always asks (the feed's first page may be answered by the start's catch-up,
    // docs/decisions/0021-one-pull.md).
    const pulled = await sync.pull('post', [postId]);
    expect(pulled.ok).toBe(true);
    await vi.waitFor(async () => expect((await head()).attempts).toBe(1), { timeout: 3_000, interval: 20 });
    expect((await head()).nextAttemptAt - Date.now()).toBeLessThanOrEqual(2_000);

    // Then it goes through on that short backoff's timer.
    fault = pass;
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 2_000 + ROUND_TRIP_MS, interval: 20 });
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
    expect(probes()).toEqual([]);
  });

  it('a server that answers 503 keeps its backoff: no probe, and an answer elsewhere does not bring the retry forward', async () => {
    const sync = await startEngine(true);
    const postId = await firstPostId();
    fault = (call) => (isPray(call) ? { status: 503, body: { message: 'Busy', status: 503 } } : 'pass');
    await prayForPost(postId);
    await vi.waitFor(() => expect(prays()).toHaveLength(1), { timeout: 3_000, interval: 20 });
    const firstAt = Date.now();
    const { nextAttemptAt } = await head();
    expect((await head()).noAnswer).toBe(false);
    // Successes from the server meanwhile (a pull) leave the 503's backoff alone.
    expect((await sync.pull('feed', [{}])).ok).toBe(true);
    await vi.waitFor(() => expect(prays()).toHaveLength(2), { timeout: nextAttemptAt - Date.now() + ROUND_TRIP_MS, interval: 20 });
    expect(Date.now()).toBeGreaterThanOrEqual(nextAttemptAt);
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(1_500);
    expect(probes()).toEqual([]);
  });

  it('a 4xx refusal is final: rolled back, no retry, no probe', async () => {
    await startEngine(true);
    const postId = await firstPostId();
    fault = (call) => (isPray(call) ? { status: 404, body: { message: 'No such post', status: 404 } } : 'pass');
    await prayForPost(postId);
    await vi.waitFor(async () => expect(await db.failed.count()).toBe(1), { timeout: 3_000, interval: 20 });
    expect(await db.outbox.count()).toBe(0);
    expect(prays()).toHaveLength(1);
    expect(probes()).toEqual([]);
  });

  it('hidden: no probe, the backoff timer only; becoming visible drains at once', async () => {
    const sync = await startEngine(false);
    const postId = await firstPostId();
    const before = await serverPost(h, postId);
    await prayIntoTheCut(postId);
    // The backoff timer's next attempt, with nothing probing in between.
    await vi.waitFor(() => expect(prays()).toHaveLength(2), { timeout: 2_000 + ROUND_TRIP_MS, interval: 20 });
    expect(probes()).toEqual([]);
    await makeBackoffLong();

    fault = pass;
    const shown = Date.now();
    await sync.setVisible(true);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: ROUND_TRIP_MS, interval: 10 });
    expect(Date.now() - shown).toBeLessThan(ROUND_TRIP_MS);
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
  });
});
