// Asks the sync engine for server pages of a feed the screen shows (the community's, a group's).
// The screen never waits on this: it renders the local database, and pulled rows appear through
// the live query.
import { useCallback, useEffect, useState } from 'react';
import type { FeedType } from '../../common/contract';
import { pulls, type PullResult } from '../sync/client';

export type PagedPull = {
  hasMore: boolean;
  /** Issue #12: the server said the last page of this feed was pulled (the feed's end state). */
  isLastPage: boolean;
  isLoadingMore: boolean;
  loadMore: (lastId: number | undefined) => void;
};

type FeedPull = PagedPull & {
  /** Asks for the posts behind the new-posts count (docs/product.md §4); resolves when the pull ended. */
  showNew: () => Promise<unknown>;
};

/** The last page the server reported, for the feed (`key`) it was pulled for. */
type PageState = { key: string; current: number; last: number };

/**
 * The server pages of one feed (the community's here, a group's in _app/group/-group-feed.tsx): the
 * first when `key` (what is pulled) changes, while `canPull` holds; then "load more" from the last
 * post held. `pull` is memoised on what `key` names.
 */
export function usePagedPull(key: string, pull: (loadMore?: number) => Promise<PullResult>, canPull: boolean): PagedPull {
  const [page, setPage] = useState<PageState | null>(null);
  const [isLoadingMore, setLoadingMore] = useState(false);

  const record = useCallback(
    (result: PullResult) => {
      if (result.ok) setPage({ key, current: result.currentPage, last: result.lastPage });
    },
    [key],
  );

  useEffect(() => {
    if (!canPull) return;
    let isCurrent = true;
    // Offline or refused: the local rows are what there is; the sync indicator says why.
    void pull().then((result) => {
      if (isCurrent) record(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [pull, canPull, record]);

  const loadMore = useCallback(
    (lastId: number | undefined) => {
      setLoadingMore(true);
      void pull(lastId)
        .then(record)
        .finally(() => setLoadingMore(false));
    },
    [pull, record],
  );

  const isThisFeed = page !== null && page.key === key;
  return { hasMore: isThisFeed && page.current < page.last, isLastPage: isThisFeed && page.current >= page.last, isLoadingMore, loadMore };
}

/** The community feed, for its filter (type and search). */
export function useFeedPull(type: FeedType | undefined, search: string | undefined): FeedPull {
  const pull = useCallback((loadMore?: number) => pulls.feed({ type, search, loadMore }), [type, search]);
  // A failed new-posts pull leaves the count as it was: the control stays and can be pressed again.
  return { ...usePagedPull(`${type ?? ''}\u0000${search ?? ''}`, pull, true), showNew: pulls.newPosts };
}
