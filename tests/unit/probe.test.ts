// The network probe's pace (worker/probe.ts): pure timers around a ping, so fake timers here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProbe, jittered, PROBE_INTERVAL_MS, PROBE_JITTER, PROBE_MAX_IN_FLIGHT, PROBE_OFFLINE_INTERVAL_MS } from '../../worker/probe';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Times (ms from the start) at which `ping` ran, over `forMs`. */
async function pingTimes(mode: 'fast' | 'slow', random: () => number, forMs: number, ping: () => Promise<unknown> = async () => true): Promise<number[]> {
  const start = Date.now();
  const times: number[] = [];
  const probe = createProbe(() => {
    times.push(Date.now() - start);
    return ping();
  }, random);
  probe.set(mode);
  await vi.advanceTimersByTimeAsync(forMs);
  probe.set('off');
  return times;
}

describe('network probe', () => {
  it('draws each interval within ±25% of its value', () => {
    expect(jittered(PROBE_INTERVAL_MS, 0)).toBe(PROBE_INTERVAL_MS * (1 - PROBE_JITTER));
    expect(jittered(PROBE_INTERVAL_MS, 0.999_999)).toBeLessThanOrEqual(PROBE_INTERVAL_MS * (1 + PROBE_JITTER));
    expect(jittered(PROBE_OFFLINE_INTERVAL_MS, 0.5)).toBe(PROBE_OFFLINE_INTERVAL_MS);
  });

  it('fast: every interval (under a second), the first after one interval, none once off', async () => {
    expect(PROBE_INTERVAL_MS * (1 + PROBE_JITTER)).toBeLessThanOrEqual(1_000);
    const times = await pingTimes('fast', () => 0.5, 5.5 * PROBE_INTERVAL_MS);
    expect(times).toEqual([1, 2, 3, 4, 5].map((n) => n * PROBE_INTERVAL_MS));
    // Off is off: no ping after it.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times).toHaveLength(5);
  });

  it('slow (the browser says offline): every 3 to 5 s, never stopped', async () => {
    let turn = 0;
    const times = await pingTimes('slow', () => (turn++ % 2 === 0 ? 0 : 0.999_999), 20_000);
    expect(times).toEqual([3_000, 8_000, 11_000, 16_000, 19_000]);
  });

  it('pings hanging on a dead connection do not pile up past the cap, nor delay the next', async () => {
    const times = await pingTimes('fast', () => 0.5, 6.5 * PROBE_INTERVAL_MS, () => new Promise(() => undefined));
    expect(times).toHaveLength(PROBE_MAX_IN_FLIGHT);
    expect(times).toEqual([PROBE_INTERVAL_MS, 2 * PROBE_INTERVAL_MS]);
  });
});
