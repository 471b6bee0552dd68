// Issue #13 point 6: Periodic Background Sync of the installed app. The page registers the tag
// (src/platform/periodic-sync.ts); the service worker answers its 'periodicsync' event with one
// bounded pull of what a prayer session needs (sw/periodic.ts, worker/periodic-refresh.ts).

/** The Periodic Background Sync tag; nothing else uses it. */
export const PERIODIC_REFRESH_TAG = 'prayer-periodic-refresh';

/**
 * The smallest interval asked for (docs/decisions/0047-periodic-refresh-every-12-hours.md): twice a
 * day keeps the morning's and the evening's requests fresh; the browser may wait longer (site
 * engagement), never less.
 */
export const PERIODIC_REFRESH_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

