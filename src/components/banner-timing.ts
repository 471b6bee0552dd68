// docs/product.md §2/§9 banner timing as a small pure state machine: a banner hides itself after its delay
// (BANNER_AUTO_HIDE_MS by default) unless it is persistent; a new banner replaces the current one
// and its timer; closing cancels the timer. Banner.tsx runs it with the browser's timers.
import { BANNER_AUTO_HIDE_MS } from '../../common/constants';

type BannerTimingInput = { isPersistent?: boolean; hideAfterMs?: number };

/** Milliseconds until the banner hides itself; null when it stays until closed. */
export function bannerHideDelay(banner: BannerTimingInput): number | null {
  if (banner.isPersistent) return null;
  return banner.hideAfterMs ?? BANNER_AUTO_HIDE_MS;
}

export type TimerApi = {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
};

/** Schedules the auto-hide; the returned function cancels it (on close, replacement or unmount). */
export function scheduleBannerHide(banner: BannerTimingInput, onHide: () => void, timers: TimerApi): () => void {
  const delay = bannerHideDelay(banner);
  if (delay === null) return () => undefined;
  const id = timers.setTimeout(onHide, delay);
  return () => timers.clearTimeout(id);
}

/**
 * Issue #26 point 7: a banner belongs to the page it was shown on. A change of page made by the
 * person takes it away; one that follows within NAVIGATION_GRACE_MS is the action's own (a delete
 * that goes back to the feed) and keeps it. A persistent banner (a refusal to act on) stays.
 */
export const NAVIGATION_GRACE_MS = 1500;

export function leavesWithPage(banner: BannerTimingInput, shownAt: number, now: number): boolean {
  return !banner.isPersistent && now - shownAt > NAVIGATION_GRACE_MS;
}
