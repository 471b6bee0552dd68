// docs/product.md §4/§9 prompt dismissal: "not now" on the notification or the install prompt keeps it
// away for 7 days, remembered in localStorage as an epoch-ms timestamp under the prompt's key.
import { PROMPT_DISMISS_MS } from '../../common/constants';
import type { KeyValueStore } from './runtime';

function readDismissedAt(store: KeyValueStore, key: string): number | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  const at = Number(raw);
  return Number.isFinite(at) ? at : null;
}

/**
 * True while a dismissal of less than 7 days ago stands. A timestamp in the future (a clock
 * set back) counts as recent rather than as never, so a bad clock cannot bring the prompt back
 * early; an unreadable value counts as no dismissal.
 */
export function isDismissedRecently(store: KeyValueStore, key: string, now: number): boolean {
  const at = readDismissedAt(store, key);
  return at !== null && now - at < PROMPT_DISMISS_MS;
}

export function recordDismissal(store: KeyValueStore, key: string, now: number): void {
  store.setItem(key, String(now));
}
