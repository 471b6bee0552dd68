// Issue #14 point 3: the start yields to the browser between its steps (src/platform/yield.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from '../../src/platform/yield';

describe('yieldToBrowser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldNow });
    await yieldToBrowser();
    expect(yieldNow).toHaveBeenCalledTimes(1);
  });

  it('elsewhere resumes in a new task: after the microtasks and the timers already queued', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('earlier timer'), 0);
    const resumed = yieldToBrowser().then(() => order.push('resumed'));
    queueMicrotask(() => order.push('microtask'));
    await resumed;
    expect(order).toEqual(['microtask', 'earlier timer', 'resumed']);
  });
});
