// The live stream's link (issue #48, worker/live-link.ts) over fake streams and a manual clock:
// its backoff, its watchdogs, its pauses, the session rules, the hidden grace and the lock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_HIDDEN_GRACE_MS, LIVE_SILENCE_MS } from '../../common/live-contract';
import { LIVE_BACKOFF_MAX_MS, LIVE_BUFFERED_PAUSE_MS, LIVE_REFUSED_PAUSE_MS, LiveLink, type LiveLinkOptions } from '../../worker/live-link';
import { LIVE_HELLO_TIMEOUT_MS } from '../../worker/live-stream';
import { FakeLiveServer, fakeBody, fakeLocks } from './live-fakes';

let links: LiveLink[] = [];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  for (const link of links) void link.stop();
  links = [];
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
});

type Made = { link: LiveLink; server: FakeLiveServer; hellos: number; ups: boolean[]; token: { value: string | null } };

function makeLink(options: Partial<LiveLinkOptions> = {}, server = new FakeLiveServer()): Made {
  const made: Made = { link: null as unknown as LiveLink, server, hellos: 0, ups: [], token: { value: 'token-1' } };
  made.link = new LiveLink({
    open: server.open,
    token: async () => made.token.value,
    onHello: () => {
      made.hellos += 1;
    },
    onPoke: () => undefined,
    onUp: (up) => made.ups.push(up),
    online: true,
    visible: true,
    locks: null,
    ...options,
  });
  links.push(made.link);
  made.link.start();
  return made;
}

const settle = () => vi.advanceTimersByTimeAsync(0);
/** The fake server sends no pings: tests of minutes turn the silence watchdog down to a day. */
const quiet = { streamTiming: { helloTimeoutMs: LIVE_HELLO_TIMEOUT_MS, silenceMs: 24 * 3_600_000 } };

/** Two tabs of one browser (one lock manager, one server), started one after the other: A holds the stream. */
async function twoTabs() {
  const locks = fakeLocks();
  const server = new FakeLiveServer();
  const a = makeLink({ locks, ...quiet }, server);
  await settle();
  const b = makeLink({ locks, ...quiet }, server);
  await settle();
  return { locks, server, a, b };
}

describe('live link', () => {
  it('connects, says up at the hello, and catches up once per hello', async () => {
    const { link, server, ...made } = makeLink();
    await settle();
    expect(server.opened).toHaveLength(1);
    expect(link.up).toBe(true);
    expect(made.ups).toEqual([true]);
  });

  it('backs off 1 s, 2 s, 4 s ... 30 s, each within ±25%, without an answer', async () => {
    for (const random of [0, 0.999_999]) {
      const { link, server } = makeLink({ random: () => random });
      server.answer = () => 'no-answer';
      await settle();
      const waits: number[] = [];
      for (let n = 0; n < 8; n += 1) {
        const wait = link.nextTryAt - Date.now();
        waits.push(wait);
        await vi.advanceTimersByTimeAsync(wait);
      }
      const bases = [1_000, 2_000, 4_000, 8_000, 16_000, LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MAX_MS];
      bases.forEach((base, i) => {
        expect(waits[i]).toBeGreaterThanOrEqual(base * 0.75);
        expect(waits[i]).toBeLessThanOrEqual(base * 1.25);
      });
      expect(server.opened).toHaveLength(9);
      await link.stop();
    }
  });

  it('reconnects at once when any call is answered, but waits out a server error', async () => {
    const { link, server } = makeLink({ random: () => 0.5 });
    server.answer = () => 'no-answer';
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    const before = server.opened.length;
    expect(link.nextTryAt - Date.now()).toBeGreaterThan(1_000);
    server.answer = () => ({ status: 500 });
    link.heard(true);
    await settle();
    expect(server.opened).toHaveLength(before + 1);
    // A 500: heard() does not cut its wait.
    const waitAfter500 = link.nextTryAt;
    link.heard(true);
    await settle();
    expect(server.opened).toHaveLength(before + 1);
    expect(link.nextTryAt).toBe(waitAfter500);
  });

  it('takes a connection silent for LIVE_SILENCE_MS for dead; a ping keeps it', async () => {
    const { link, server, ...made } = makeLink({ random: () => 0.5 });
    await settle();
    await vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS - 1_000);
    server.last.send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS - 1_000);
    expect(link.up).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(link.up).toBe(false);
    expect(server.last.cancelled).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.opened).toHaveLength(2);
    expect(made.ups).toEqual([true, false, true]);
  });

  it('a 200 without a hello within 10 s is a buffering proxy: no stream for 10 minutes', async () => {
    const { link, server } = makeLink();
    server.answer = () => ({ body: fakeBody() });
    await settle();
    await vi.advanceTimersByTimeAsync(LIVE_HELLO_TIMEOUT_MS);
    expect(server.last.cancelled).toBe(true);
    expect(link.up).toBe(false);
    link.heard(true);
    await vi.advanceTimersByTimeAsync(LIVE_BUFFERED_PAUSE_MS - 1_000);
    expect(server.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.opened).toHaveLength(2);
  });

  it.each([429, 403, 503])('%i (too many streams, refused, no live updates there): no stream for 5 minutes', async (status) => {
    const { server, link } = makeLink();
    server.answer = () => ({ status });
    await settle();
    link.heard(true);
    await vi.advanceTimersByTimeAsync(LIVE_REFUSED_PAUSE_MS - 1);
    expect(server.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.opened).toHaveLength(2);
  });

  it("bye 'revoked' stops until the session has another token; 'shutdown' reconnects", async () => {
    const { link, server, token } = makeLink({ random: () => 0.5 });
    await settle();
    server.last.send('event: bye\ndata: {"reason":"shutdown"}\n\n');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.opened).toHaveLength(2);
    server.last.send('event: bye\ndata: {"reason":"revoked"}\n\n');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    link.heard(true);
    await settle();
    expect(server.opened).toHaveLength(2);
    token.value = 'token-2';
    link.heard(true);
    await settle();
    expect(server.opened).toHaveLength(3);
    expect(link.up).toBe(true);
  });

  it('a 401 (the refresh failed) waits for a sign-in; no session or offline opens nothing', async () => {
    const { link, server, token } = makeLink();
    server.answer = () => ({ status: 401 });
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.opened).toHaveLength(1);
    server.answer = new FakeLiveServer().answer;
    token.value = null;
    link.sessionChanged();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.opened).toHaveLength(1);
    link.setOnline(false);
    token.value = 'token-2';
    link.sessionChanged();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.opened).toHaveLength(1);
    link.setOnline(true);
    await settle();
    expect(server.opened).toHaveLength(2);
  });

  it('hidden: keeps the stream for the grace, then closes it; visible again: reopens with a catch-up', async () => {
    const made = makeLink(quiet);
    await settle();
    made.link.setVisible(false);
    await vi.advanceTimersByTimeAsync(LIVE_HIDDEN_GRACE_MS - 1);
    expect(made.link.up).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(made.link.up).toBe(false);
    expect(made.server.last.cancelled).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(made.server.opened).toHaveLength(1);
    made.link.setVisible(true);
    await settle();
    expect(made.server.opened).toHaveLength(2);
    expect(made.hellos).toBe(2);
  });

  it('started hidden: no stream', async () => {
    const { server } = makeLink({ visible: false });
    await vi.advanceTimersByTimeAsync(LIVE_HIDDEN_GRACE_MS * 2);
    expect(server.opened).toHaveLength(0);
  });

  it('one holder per browser: the lock goes to the other tab when the holder no longer wants it', async () => {
    const { locks, server, a, b } = await twoTabs();
    expect(server.opened).toHaveLength(1);
    expect([a.link.up, b.link.up]).toEqual([true, false]);
    a.link.setVisible(false);
    await vi.advanceTimersByTimeAsync(LIVE_HIDDEN_GRACE_MS);
    expect(server.opened).toHaveLength(2);
    expect([a.link.up, b.link.up]).toEqual([false, true]);
    // A, visible again, queues behind B; B's stop hands it back.
    a.link.setVisible(true);
    await settle();
    expect(server.opened).toHaveLength(2);
    await b.link.stop();
    await settle();
    expect(server.opened).toHaveLength(3);
    expect(a.link.up).toBe(true);
    expect(locks.holders()).toBe(1);
  });

  it('hidden: the grace ends when its timer fires, though Date.now() lags the timers (the other tab takes over)', async () => {
    const { server, a, b } = await twoTabs();
    a.link.setVisible(false);
    // Node's timers and Date.now() round apart: a timer may fire when Date.now() says 1 ms less has passed.
    vi.setSystemTime(Date.now() - 1);
    await vi.advanceTimersByTimeAsync(LIVE_HIDDEN_GRACE_MS);
    expect([a.link.up, b.link.up]).toEqual([false, true]);
    expect(server.opened).toHaveLength(2);
  });

  it('a session change told while the session is being read is not slept through', async () => {
    const server = new FakeLiveServer();
    let answerFirst: (token: string | null) => void = () => undefined;
    const first = new Promise<string | null>((resolve) => (answerFirst = resolve));
    let reads = 0;
    const { link } = makeLink({ token: () => (reads++ === 0 ? first : Promise.resolve('token-1')) }, server);
    await settle();
    // The first read saw the store before the sign-in; the sign-in's word comes before its answer.
    link.sessionChanged();
    await settle();
    answerFirst(null);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.opened).toHaveLength(1);
  });

  it('a hello resets the backoff; the stream ending reconnects from 1 s', async () => {
    const { link, server } = makeLink({ random: () => 0.5 });
    server.answer = () => 'no-answer';
    await settle();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(server.opened).toHaveLength(4);
    server.answer = new FakeLiveServer().answer;
    await vi.advanceTimersByTimeAsync(8_000);
    expect(link.up).toBe(true);
    server.last.close();
    await settle();
    expect(link.nextTryAt - Date.now()).toBe(1_000);
  });
});
