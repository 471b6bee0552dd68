// The search of '/session' (docs/product.md §2): ?list=<id>, ?group=<id> (issue #28 item 4) or ?source=biblical|quick|community|bookmarks|
// my-prayers (docs/product.md §7 post/session/bookmark, post/session/my-prayers; reminders open these too).
// Anything else is dropped, and a search naming no source fails route validation (page-not-found).
import type { SessionSource } from '../db/queries';

const FEED_SOURCES = ['biblical', 'quick', 'community', 'bookmarks', 'my-prayers'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

/** `group` (issue #28 item 4): a group's open requests, ?group=<id>. */
export type SessionSearch = { list?: number; source?: FeedSource; group?: number };

export function parseSessionSearch(search: Record<string, unknown>): SessionSearch {
  const list = Number(search.list);
  const source = FEED_SOURCES.find((name) => name === search.source);
  // Lists made offline have negative ids until the server gives theirs (src/commands/list-commands.ts).
  if (search.list !== undefined && Number.isSafeInteger(list) && list !== 0) return { list };
  const group = Number(search.group);
  if (search.group !== undefined && Number.isSafeInteger(group) && group > 0) return { group };
  return source ? { source } : {};
}

export function toSessionSource(search: SessionSearch): SessionSource | null {
  if (search.list !== undefined) return { kind: 'list', listId: search.list };
  if (search.group !== undefined) return { kind: 'group', groupId: search.group };
  return search.source ? { kind: search.source } : null;
}

/** The source part of a run's storage key (src/session/run-storage.ts runStorageKey). */
export function sessionRunKey(search: SessionSearch): string {
  if (search.group !== undefined) return `group:${search.group}`;
  return search.list !== undefined ? `list:${search.list}` : (search.source ?? '');
}
