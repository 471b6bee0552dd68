// docs/product.md §2/§9 banner: hides after 5000 ms by default, never while persistent; replacing or closing
// cancels the pending hide.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTO_HIDE_MS } from '../../common/constants';
import { bannerHideDelay, leavesWithPage, NAVIGATION_GRACE_MS, scheduleBannerHide, type TimerApi } from '../../src/components/banner-timing';

const timers: TimerApi = {
  setTimeout: (callback, ms) => Number(setTimeout(callback, ms)),
  clearTimeout: (id) => clearTimeout(id),
};

describe('bannerHideDelay', () => {
  it('is 5000 ms by default, the given delay if any, none when persistent', () => {
    expect(BANNER_AUTO_HIDE_MS).toBe(5000);
    expect(bannerHideDelay({})).toBe(5000);
    expect(bannerHideDelay({ hideAfterMs: 1200 })).toBe(1200);
    expect(bannerHideDelay({ isPersistent: true, hideAfterMs: 1200 })).toBeNull();
  });
});

describe('scheduleBannerHide', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides at 5000 ms, not before', () => {
    const onHide = vi.fn();
    scheduleBannerHide({}, onHide, timers);
    vi.advanceTimersByTime(4999);
    expect(onHide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('a persistent banner stays', () => {
    const onHide = vi.fn();
    scheduleBannerHide({ isPersistent: true }, onHide, timers);
    vi.advanceTimersByTime(60_000);
    expect(onHide).not.toHaveBeenCalled();
  });

  it('closing (or a replacement) cancels the pending hide', () => {
    const first = vi.fn();
    const second = vi.fn();
    const cancelFirst = scheduleBannerHide({}, first, timers);
    vi.advanceTimersByTime(3000);
    cancelFirst();
    scheduleBannerHide({}, second, timers);
    vi.advanceTimersByTime(4999);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });
});

describe('leavesWithPage (issue #26 point 7)', () => {
  it('takes a toast away when the person changes page, not when its own action did just after it', () => {
    expect(leavesWithPage({}, 0, NAVIGATION_GRACE_MS + 1)).toBe(true);
    expect(leavesWithPage({}, 0, NAVIGATION_GRACE_MS - 1)).toBe(false);
    expect(leavesWithPage({ isPersistent: true }, 0, 60_000)).toBe(false);
  });
});
