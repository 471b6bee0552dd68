// The screens' live reads of who is signed in, the channel, and the prayer session
// (docs/architecture/sync-protocol.md 'Reads for screens'). Each other area has its hooks beside
// its reads: post-queries.ts, list-queries.ts, account-queries.ts, change-queries.ts,
// feed-window-hooks.ts. Nothing here touches the network, so every screen works offline and updates
// as soon as a row changes.
import { useLiveRead } from './live-read';
import { LOADING_SESSION, readChannel, readSession, type Session } from './reads';
import type { ChannelMeta } from '../model/meta-types';
import { readSessionSize } from './list-reads';
import {
  readPostSessionCounts, readSavedSessionCounts, readSessionEntries, readSessionStreak, type SessionEntry, type SessionSource,
} from './prayer-reads';
import { sharedLiveQuery } from './shared-live-query';

// The prayer session's screens (src/session/) name their entries and sources with these.
export type { SessionEntry, SessionSource };

/** Who is signed in (docs/product.md §4, §6). `ready` is false until the local session copy is read. */
export function useSession(): Session {
  return sharedSession.use();
}

// Every feed card's menu reads the session: one query for all of them (src/db/shared-live-query.ts).
const sharedSession = sharedLiveQuery(readSession, LOADING_SESSION);

/** The current channel and language (docs/product.md §4 channel/locale state). */
export function useChannel(): ChannelMeta | undefined {
  return useLiveRead(readChannel, []);
}

/** A new prayer session from any source (docs/product.md §2 /session), in session order; offline. `all`: not cut to the session size. */
export function useSessionEntries(source: SessionSource | null, options: { all?: boolean } = {}): SessionEntry[] | undefined {
  const key = source === null ? '' : source.kind === 'list' ? `list:${source.listId}` : source.kind === 'group' ? `group:${source.groupId}` : source.kind;
  const size = options.all ? Number.MAX_SAFE_INTEGER : undefined;
  // `key` stands for `source`, which callers may rebuild on every render.
  return useLiveRead(async () => (source === null ? [] : readSessionEntries(source, { size })), [key, size]);
}

/** The user's prayer_session_items_qtd as shown (a pending change first). */
export function useSessionSize(): number | undefined {
  return useLiveRead(async () => readSessionSize(), []);
}

/** How many requests the bookmarks and my-prayers sessions hold now. */
export function useSavedSessionCounts(): { bookmarks: number; myPrayers: number } | undefined {
  return useLiveRead(async () => readSavedSessionCounts(), []);
}

/** How many posts the pulled quick and community feeds offer now (null: never pulled). */
export function usePostSessionCounts(): { quick: number | null; community: number | null } | undefined {
  return useLiveRead(async () => readPostSessionCounts(), []);
}

/** The prayer streak in days, from the last statistics and this device's unsent work (src/db/session-streak.ts). */
export function useSessionStreak(prayedToday: boolean): number | undefined {
  return useLiveRead(async () => readSessionStreak(prayedToday, Date.now()), [prayedToday]);
}
