// The network probe (issue #23, docs/decisions/0028-sync-never-waits-for-an-event.md): while the
// outbox's head waits for the network and the page is visible, a cheap GET health at a short,
// jittered interval. It only asks; what an answer means is decided by whoever hears it (the api
// client's onNetwork, worker/wake-ups.ts). Probes do not wait for each other, so one hanging on a
// dead connection does not delay the next, but at most PROBE_MAX_IN_FLIGHT run at a time.

/**
 * Visible, and the browser does not say it is offline: a probe within about half a second of the network's
 * return, leaving the rest of the 2 s promise to the drain's round trips
 * (docs/decisions/0028-sync-never-waits-for-an-event.md).
 */
export const PROBE_INTERVAL_MS = 500;
/** Visible, and navigator.onLine is false: a hint only (Firefox may say so, or never fire 'online'), so slower, never off. */
export const PROBE_OFFLINE_INTERVAL_MS = 4_000;
/** Each interval is drawn from ±25% around its value, so devices back together do not probe in step. */
export const PROBE_JITTER = 0.25;
/** Shorter than a call's (REQUEST_TIMEOUT_MS): a probe lost on a dead connection is let go soon. */
export const PROBE_TIMEOUT_MS = 3_000;
export const PROBE_MAX_IN_FLIGHT = 2;

type ProbeMode = 'off' | 'fast' | 'slow';

export type Probe = {
  /** 'fast' or 'slow' starts probing (the first after one interval); 'off' stops it. */
  set(mode: ProbeMode): void;
  readonly mode: ProbeMode;
};

/** An interval around `base`, `random` in [0, 1). */
export function jittered(base: number, random: number): number {
  return Math.round(base * (1 - PROBE_JITTER + 2 * PROBE_JITTER * random));
}

export function createProbe(ping: () => Promise<unknown>, random: () => number = Math.random): Probe {
  let mode: ProbeMode = 'off';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = 0;
  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (mode === 'off') return;
    timer = setTimeout(tick, jittered(mode === 'fast' ? PROBE_INTERVAL_MS : PROBE_OFFLINE_INTERVAL_MS, random()));
  };
  const tick = (): void => {
    timer = null;
    if (inFlight < PROBE_MAX_IN_FLIGHT) {
      inFlight += 1;
      void ping()
        .catch(() => undefined)
        .finally(() => {
          inFlight -= 1;
        });
    }
    schedule();
  };
  return {
    set(next) {
      if (next === mode) return;
      mode = next;
      schedule();
    },
    get mode() {
      return mode;
    },
  };
}
