// Issue #12 point 6: the install prompt waits until the person has engaged
// (docs/decisions/0051-first-visit-one-overlay-at-a-time.md): they have prayed on this device, or
// they have come back on a later calendar day than their first visit here. Both are remembered in
// localStorage, so a reload on the first day is not a return, and a prayer counts for good.
import type { KeyValueStore } from './runtime';

/** The local calendar day (YYYY-MM-DD) of the first visit on this device. */
export const FIRST_VISIT_DAY_KEY = 'prayer-first-visit-day';
/** 'true' once this device has seen the person pray. */
export const HAS_PRAYED_KEY = 'prayer-has-prayed';

/** The local calendar day of `now`: a return is a later day where the person lives. */
export function localDay(now: number): string {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Call on every app start: the first call on a device remembers the day. */
export function recordVisit(storage: KeyValueStore, now: number): void {
  if (storage.getItem(FIRST_VISIT_DAY_KEY) === null) storage.setItem(FIRST_VISIT_DAY_KEY, localDay(now));
}

/** True when this is news (the first prayer seen here). */
export function recordPrayed(storage: KeyValueStore): boolean {
  if (storage.getItem(HAS_PRAYED_KEY) === 'true') return false;
  storage.setItem(HAS_PRAYED_KEY, 'true');
  return true;
}

/** Prayed here, or came back on a later day than the first visit. */
export function isEngaged(storage: KeyValueStore, now: number): boolean {
  if (storage.getItem(HAS_PRAYED_KEY) === 'true') return true;
  const first = storage.getItem(FIRST_VISIT_DAY_KEY);
  return first !== null && first < localDay(now);
}
