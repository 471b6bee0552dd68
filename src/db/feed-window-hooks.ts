// Issue #10: the community feed's window for the screen. Without a filter it is a run of chunks of
// the feed index that grows one chunk at a time (src/db/feed-chunks.ts): a write re-reads one
// chunk, and growing reads only the new one. With a type or search filter it is one live query of
// `limit` matching rows (src/db/feed-reads.ts), grown by half each time: filters are rarely read
// far. Either way the screen gets a FeedWindow and a `grow` to call near its end.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLiveRead } from './live-read';
import { FeedChunks, type ChunkedFeed } from './feed-chunks';
import { isUnfiltered } from './feed-collapse';
import { foldWindow, readFeedWindow, type FeedWindow } from './feed-reads';
import { getAuth, getMeta, viewerId } from '../model/meta';
import { readChannel } from './reads';
import type { FeedFilter } from '../model/shown';

/** Keys read each time the reader nears the end of the unfiltered feed (after the first window). */
const CHUNK_STEP = 150;

type FeedWindowView = { window: FeedWindow | undefined; grow: () => void };

const noSubscription = () => () => undefined;
const noSnapshot = (): ChunkedFeed | undefined => undefined;

/** The unfiltered feed as chunks of the channel's feed index, folded (docs/product.md §4) over what is read. */
function useChunkedWindow(isEnabled: boolean, firstSize: number): FeedWindowView {
  const channel = useLiveRead(readChannel, []);
  const channelId = isEnabled ? channel?.channelId : undefined;
  const store = useMemo(() => (channelId === undefined ? null : new FeedChunks(channelId, firstSize, CHUNK_STEP)), [channelId, firstSize]);
  useEffect(() => {
    if (!store) return;
    void store.start();
    return () => store.dispose();
  }, [store]);
  const chunked = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getSnapshot ?? noSnapshot);
  // The new-posts horizon and the viewer (who never folds) are meta rows: read apart from the keys.
  const horizon = useLiveRead(async () => ({ since: await getMeta('feedSince'), viewer: viewerId(await getAuth()) }), []);
  const window = useMemo(
    () => (chunked && horizon ? foldWindow(chunked.rows, horizon.since, horizon.viewer, chunked.isEnd, chunked.heldBelow) : undefined),
    [chunked, horizon],
  );
  const grow = useCallback(() => void store?.grow(), [store]);
  return { window, grow };
}

/** A filtered feed: the first `limit` matching rows, `limit` growing by half each time. */
function useLimitedWindow(filter: FeedFilter | null, firstSize: number): FeedWindowView {
  const filterKey = filter ? `${filter.type ?? ''}\u0000${filter.search ?? ''}` : '';
  const [state, setState] = useState({ filterKey, limit: firstSize });
  const limit = state.filterKey === filterKey ? state.limit : firstSize;
  const type = filter?.type;
  const search = filter?.search;
  const isEnabled = filter !== null;
  const window = useLiveRead(feedWindowQuerier(isEnabled ? { type, search } : null, limit), [isEnabled, type, search, limit]);
  const grow = useCallback(() => {
    // Half as much again each time (at least a first window's worth).
    setState((prev) => {
      const current = prev.filterKey === filterKey ? prev.limit : firstSize;
      return { filterKey, limit: current + Math.max(firstSize, Math.round(current / 2)) };
    });
  }, [filterKey, firstSize]);
  return { window, grow };
}

/**
 * The live-query querier of a limited window (null: none). It must itself be an async function:
 * Dexie keeps tracking the reads after the first await inside the reader (the channel, then the
 * keys) only when it can see the querier is async; a plain arrow returning the promise stops updating.
 */
export function feedWindowQuerier(filter: FeedFilter | null, limit: number): () => Promise<FeedWindow | undefined> {
  return async () => (filter ? readFeedWindow(filter, limit) : undefined);
}

/**
 * The community feed's window for a filter. `first` is the window the route's loader read
 * (src/db/first-screen.ts, `firstSize` rows, unfiltered), shown until the live reads have theirs.
 */
export function useFeedWindow(filter: FeedFilter, firstSize: number, first?: FeedWindow): FeedWindowView {
  const isPlain = isUnfiltered(filter);
  const chunked = useChunkedWindow(isPlain, firstSize);
  const limited = useLimitedWindow(isPlain ? null : filter, firstSize);
  return isPlain ? { window: chunked.window ?? first, grow: chunked.grow } : limited;
}
