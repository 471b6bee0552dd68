// The poll's interval changes without an extra tick (issue #48: LIVE_SAFETY_POLL_MS while a live
// stream is up, worker/poll.ts), and the post detail's rule for pulling its comments again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from '../../worker/poll';
import { commentsGrew } from '../../src/routes/-comments-follow';

afterEach(() => {
  vi.useRealTimers();
});

describe('poller interval', () => {
  it('slows and speeds up from the last tick, never ticking for the change itself', async () => {
    vi.useFakeTimers();
    const tick = vi.fn(async () => undefined);
    const poller = createPoller(tick, 30_000);
    poller.setActive(true);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    poller.setInterval(300_000);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(289_999);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(2);
    // Back to 30 s 100 s after that tick: the next is due already, and comes once.
    await vi.advanceTimersByTimeAsync(100_000);
    poller.setInterval(30_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(4);
    poller.stop();
    poller.setInterval(300_000);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tick).toHaveBeenCalledTimes(4);
  });
});

describe('post detail follows its comments', () => {
  it('pulls again when the server count of the same post rises, not on the first sight, a fall or another post', () => {
    expect(commentsGrew(null, { id: 1, commentCount: 3 })).toBe(false);
    expect(commentsGrew({ id: 1, commentCount: 3 }, { id: 1, commentCount: 4 })).toBe(true);
    expect(commentsGrew({ id: 1, commentCount: 3 }, { id: 1, commentCount: 2 })).toBe(false);
    expect(commentsGrew({ id: 1, commentCount: 3 }, { id: 2, commentCount: 9 })).toBe(false);
  });
});
