// A draft's last words kept synchronously when the page goes (docs/product.md §2 'Drafts';
// docs/decisions/0202-a-draft-typed-a-moment-before-a-reload.md). An IndexedDB write started in
// pagehide may not finish before the page is torn down (Chromium lost it on 6 of 6 reloads right
// after typing); a Web Storage write is synchronous. The spill is moved into the drafts table the
// next time that form loads its draft, dropped once the table holds what it held, and every spill
// is forgotten on logout, as the drafts are.
import type { DraftFields } from '../model/draft-types';
import { forgetKeysStartingWith, type KeyValueStore } from '../platform/runtime';

const SPILL_PREFIX = 'prayer-draft-spill:v1:';

/** What a form's draft was about to become: saved with these fields, or forgotten. */
export type DraftChange = { kind: 'save'; fields: DraftFields } | { kind: 'clear' };

/** `store`: localStorage in the page (src/platform/runtime.ts browserLocalStorage), a map in tests. */
export function spillDraft(store: KeyValueStore, key: string, change: DraftChange): void {
  // A full or blocked storage costs only this safety net: the IndexedDB write may still land.
  try {
    store.setItem(SPILL_PREFIX + key, JSON.stringify(change));
  } catch {
    // nothing more to do
  }
}

export function dropSpill(store: KeyValueStore, key: string): void {
  store.removeItem(SPILL_PREFIX + key);
}

/** The change spilled for this draft, if any and well-formed (the caller drops it once applied). */
export function readSpill(store: KeyValueStore, key: string): DraftChange | undefined {
  const raw = store.getItem(SPILL_PREFIX + key);
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isDraftChange(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Logout: every account's spills, from localStorage. */
export function forgetDraftSpills(): void {
  forgetKeysStartingWith(SPILL_PREFIX);
}

function isDraftChange(value: unknown): value is DraftChange {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  if (value.kind === 'clear') return true;
  if (value.kind !== 'save' || !('fields' in value) || typeof value.fields !== 'object' || value.fields === null) return false;
  return Object.values(value.fields).every((field) => typeof field === 'string' || typeof field === 'boolean');
}
