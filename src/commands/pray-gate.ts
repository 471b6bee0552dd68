// Issue #12 point 4: a double tap on Pray counts once, every later tap still counts (docs/product.md §10:
// every prayer counts). A pray of the same thing within DOUBLE_TAP_MS of the previous counted pray
// on this device queues no outbox entry (docs/decisions.md 'Praying feels right'). The check is
// made at the tap itself, synchronously, before the command's transaction starts: a second tap
// lands while the first one's transaction still runs (src/db/intents.ts paints it in the same
// frame), so a check inside the transaction would not see the first. The times live in
// localStorage, so another tab of this device sees them too (a memory store where it is missing).
import { browserLocalStorage, type KeyValueStore } from '../platform/runtime';

/** Taps closer than this to the previous counted pray of the same thing are one tap. */
export const DOUBLE_TAP_MS = 1000;

/** What a tap on Pray did: one more prayer, or the second tap of a double tap (not counted again). */
export type PrayOutcome = 'counted' | 'alreadyCounted';

type PrayTarget = `post:${number}` | `item:${number}`;

const STORE_KEY = 'prayer.lastPrays';
let store: KeyValueStore | null = null;
let clock: () => number = () => Date.now();

function storage(): KeyValueStore {
  store ??= browserLocalStorage();
  return store;
}

/** Target -> time of its last counted pray, as stored. */
function readTimes(): Record<string, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage().getItem(STORE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  const times: Record<string, number> = {};
  if (parsed && typeof parsed === 'object') {
    for (const [key, at] of Object.entries(parsed)) if (typeof at === 'number') times[key] = at;
  }
  return times;
}

/** Only the times of the last second before `now`: the others no longer matter. */
function recentTimes(now: number): Record<string, number> {
  return Object.fromEntries(Object.entries(readTimes()).filter(([, at]) => isRecent(at, now)));
}

/** Within the last second; a time ahead of now (the clock was set back) is not. */
function isRecent(at: number, now: number): boolean {
  return now >= at && now - at < DOUBLE_TAP_MS;
}

function writeTimes(times: Record<string, number>): void {
  try {
    storage().setItem(STORE_KEY, JSON.stringify(times));
  } catch {
    // A full or blocked storage: the double-tap rule then holds for this tap only, nothing is lost.
  }
}

/**
 * Claims the pray of `target` now. Null when a pray of it was counted less than a second before
 * (the tap is the second of a double tap); else the function that gives the claim back, for a
 * command whose transaction then failed (nothing was counted, so the next tap must count).
 */
export function claimPray(target: PrayTarget, now: number = clock()): (() => void) | null {
  const times = recentTimes(now);
  if (times[target] !== undefined) return null;
  writeTimes({ ...times, [target]: now });
  return () => {
    const current = readTimes();
    if (current[target] !== now) return;
    delete current[target];
    writeTimes(current);
  };
}

/** Tests: the clock the rule reads (Date.now by default). */
export function setPrayClock(next: () => number): void {
  clock = next;
}

/** Tests: forgets every claim and goes back to Date.now (a fresh page). */
export function resetPrayGate(): void {
  clock = () => Date.now();
  writeTimes({});
}
