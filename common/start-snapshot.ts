// The start snapshot (issue #25 point 3, docs/architecture/service-worker.md 'The start snapshot'):
// the feed's first screen as the page last drew it from the local store, kept in Cache Storage,
// which the service worker serves as the document of that address so a start paints the cards
// before any script runs. Shared by the page that saves it, every context that writes the store
// (each write forgets it: a snapshot is never older than the store) and the service worker that
// serves it.

/** The cache holding the one snapshot (apart from the precache: an update never serves it stale). */
export const START_SNAPSHOT_CACHE = 'start-snapshot';
/** Its key in that cache (no page has this address). */
export const START_SNAPSHOT_KEY = '/__start-snapshot';
/** Response headers of the stored snapshot: the address it shows, and the scripts it boots with. */
export const SNAPSHOT_PATH_HEADER = 'x-snapshot-path';
export const SNAPSHOT_SCRIPTS_HEADER = 'x-snapshot-scripts';
/** When it was drawn (ms since the epoch): a snapshot from another day is not served (counts of "today"). */
export const SNAPSHOT_AT_HEADER = 'x-snapshot-at';
/** Its language's past times, formatted by the page (common/relative-time.ts relativeTable), as JSON. */
export const SNAPSHOT_TIMES_HEADER = 'x-snapshot-times';

let forgetting: Promise<void> | null = null;
let again = false;

/**
 * Drops the snapshot (a no-op where Cache Storage is missing). Calls while one is under way are
 * folded into one more after it, so a burst of writes costs two deletes, and the last one always
 * runs after the last write.
 */
export function forgetStartSnapshot(): Promise<void> {
  if (typeof caches === 'undefined') return Promise.resolve();
  if (forgetting) {
    again = true;
    return forgetting;
  }
  forgetting = (async () => {
    do {
      again = false;
      await caches.delete(START_SNAPSHOT_CACHE).catch(() => false);
    } while (again);
    forgetting = null;
  })();
  return forgetting;
}
