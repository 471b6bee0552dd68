// docs/product.md §4 401 handling (worker/unauthorized.ts) with a fake clock: the first 401 is handled and
// stamped, a later one within 10 s is rejected, a success clears the stamp after 500 ms.
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_CLEAR_DELAY_MS, UNAUTHORIZED_REPEAT_WINDOW_MS } from '../../common/constants';
import { createUnauthorizedGate, memoryStore, unauthorizedVerdict, withMemoryFallback, type GateClock } from '../../worker/unauthorized';

function fakeClock(): GateClock & { advance(ms: number): void } {
  let now = 1_000_000;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    later: (fn, ms) => void timers.push({ at: now + ms, fn }),
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const timer of due) timer.fn();
    },
  };
}

describe('unauthorizedVerdict', () => {
  it.each([
    ['no stamp: the first 401', null, 0, 'handle'],
    ['just now', 1000, 1000, 'reject'],
    ['exactly 10 s later', 1000, 1000 + UNAUTHORIZED_REPEAT_WINDOW_MS, 'reject'],
    ['more than 10 s later', 1000, 1001 + UNAUTHORIZED_REPEAT_WINDOW_MS, 'handle'],
  ] as const)('%s -> %s', (_case, stamp, now, verdict) => {
    expect(unauthorizedVerdict(stamp, now)).toBe(verdict);
  });
});

describe('createUnauthorizedGate', () => {
  it('handles the first 401, rejects a repeat within 10 s, handles again after', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    const gate = createUnauthorizedGate(store, clock);
    expect(await gate.onUnauthorized()).toBe('handle');
    expect(await store.read()).toBe(clock.now());
    clock.advance(9_000);
    expect(await gate.onUnauthorized()).toBe('reject');
    clock.advance(1_001);
    expect(await gate.onUnauthorized()).toBe('handle');
  });

  it('a success clears the stamp after 500 ms, not before', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    const gate = createUnauthorizedGate(store, clock);
    await gate.onUnauthorized();
    gate.onSuccess();
    clock.advance(UNAUTHORIZED_CLEAR_DELAY_MS - 1);
    expect(await gate.onUnauthorized()).toBe('reject');
    clock.advance(1);
    await Promise.resolve();
    expect(await store.read()).toBeNull();
    expect(await gate.onUnauthorized()).toBe('handle');
  });

  it('a stamp left in the store from before (a reload) still counts', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    await store.write(clock.now() - 2_000);
    expect(await createUnauthorizedGate(store, clock).onUnauthorized()).toBe('reject');
  });

  it('falls back to memory when the page store fails', async () => {
    const broken = { read: () => Promise.reject(new Error('gone')), write: () => Promise.reject(new Error('gone')) };
    const clock = fakeClock();
    const gate = createUnauthorizedGate(withMemoryFallback(broken), clock);
    expect(await gate.onUnauthorized()).toBe('handle');
    expect(await gate.onUnauthorized()).toBe('reject');
  });
});
