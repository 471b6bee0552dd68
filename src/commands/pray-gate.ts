// Issue #12 point 4: a double tap on Pray counts once, every later tap still counts (docs/product.md §10:
// every prayer counts). A pray of the same thing within DOUBLE_TAP_MS of the previous counted pray
// on this device queues no outbox entry
// (docs/decisions/0084-praying-feels-right-a-double-tap-counts-once.md). The check is made at the
// tap itself, synchronously, before the command's transaction starts: a second tap lands while the
// first one's transaction still runs (src/db/intents.ts paints it in the same frame), so a check
// inside the transaction would not see the first. The times live in localStorage, so another tab of
// this device sees them too (a memory store where it is missing).
//
// The same claim keeps the tap until its transaction has committed
// (docs/architecture/local-store.md 'A pray is kept from the tap'): the pray shows in the tap's
// frame (src/db/intents.ts) but its transaction can wait behind other writes for a moment, and a
// page closed or navigated away in that moment took the pray with it. So the claim writes the pray,
// synchronously, to a journal in localStorage under the key its outbox entry will carry; the commit
// removes it. A start that finds one left by a page that closed saves it then (recoverUnsavedPrays,
// src/commands/index.ts), under that same key: the outbox's unique key and the server's
// Idempotency-Key count it once.
import { browserLocalStorage, type KeyValueStore } from '../platform/runtime';

/** Taps closer than this to the previous counted pray of the same thing are one tap. */
export const DOUBLE_TAP_MS = 1000;

/** What a tap on Pray did: one more prayer, or the second tap of a double tap (not counted again). */
export type PrayOutcome = 'counted' | 'alreadyCounted';

export type PrayTarget = `post:${number}` | `item:${number}`;

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

/** A claimed pray: the key of its outbox entry; `saved` once committed, `release` if it failed. */
export type PrayClaim = { readonly key: string; saved(): void; release(): void };

/** A pray claimed and not yet committed, as journalled (the target, the entry's key, the tap's time). */
export type UnsavedPray = { readonly target: PrayTarget; readonly key: string; readonly at: number };

const JOURNAL_KEY = 'prayer.unsavedPrays';
/** Far more than taps can wait on a commit; a journal past it drops its oldest. */
const JOURNAL_MAX = 500;
/** The keys this page claimed and has not settled: its own transactions still running. */
const ownKeys = new Set<string>();

function isUnsavedPray(value: unknown): value is UnsavedPray {
  if (!value || typeof value !== 'object') return false;
  const { target, key, at } = value as Record<string, unknown>;
  return typeof target === 'string' && /^(post|item):-?\d+$/.test(target) && typeof key === 'string' && typeof at === 'number';
}

function readJournal(): UnsavedPray[] {
  try {
    const parsed: unknown = JSON.parse(storage().getItem(JOURNAL_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isUnsavedPray) : [];
  } catch {
    return [];
  }
}

function writeJournal(entries: readonly UnsavedPray[]): void {
  try {
    if (entries.length === 0) storage().removeItem(JOURNAL_KEY);
    else storage().setItem(JOURNAL_KEY, JSON.stringify(entries.slice(-JOURNAL_MAX)));
  } catch {
    // A full or blocked storage: the pray is still committed as always, only not kept from the tap.
  }
}

/** Drops a journalled pray: committed, refused, or nothing left to pray for. */
export function forgetUnsavedPray(key: string): void {
  ownKeys.delete(key);
  const entries = readJournal();
  if (entries.some((entry) => entry.key === key)) writeJournal(entries.filter((entry) => entry.key !== key));
}

/** The prays a page claimed and did not commit, this page's own running ones left out. */
export function unsavedPrays(): UnsavedPray[] {
  return readJournal().filter((entry) => !ownKeys.has(entry.key));
}

/**
 * Claims the pray of `target` now. Null when a pray of it was counted less than a second before
 * (the tap is the second of a double tap); else the claim, journalled until `saved` (committed)
 * or `release` (its transaction failed: nothing was counted, so the next tap must count).
 */
export function claimPray(target: PrayTarget, now: number = clock()): PrayClaim | null {
  const times = recentTimes(now);
  if (times[target] !== undefined) return null;
  writeTimes({ ...times, [target]: now });
  const key = crypto.randomUUID();
  ownKeys.add(key);
  writeJournal([...readJournal(), { target, key, at: now }]);
  return {
    key,
    saved: () => forgetUnsavedPray(key),
    release: () => {
      forgetUnsavedPray(key);
      const current = readTimes();
      if (current[target] !== now) return;
      delete current[target];
      writeTimes(current);
    },
  };
}

/** Tests: the clock the rule reads (Date.now by default). */
export function setPrayClock(next: () => number): void {
  clock = next;
}

/** Tests: a new page; the claims of the page before are no longer running, their journal stays. */
export function forgetOwnClaims(): void {
  ownKeys.clear();
}

/** Tests: forgets every claim and goes back to Date.now (a fresh page). */
export function resetPrayGate(): void {
  clock = () => Date.now();
  writeTimes({});
  ownKeys.clear();
  writeJournal([]);
}
