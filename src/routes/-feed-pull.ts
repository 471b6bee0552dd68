// Asks the sync engine for server pages of the feed the screen shows. The screen never waits on
// this: it renders the local database, and pulled rows appear through the live query.
import { useCallback, useEffect, useState } from 'react';
import type { FeedType } from '../../common/contract';
import { loadNewPosts, pullFeed, type PullResult } from '../sync/client';

type FeedPull = {
  hasMore: boolean;
  /** Issue #12: the server said the last page of this filter was pulled (the feed's end state). */
  isLastPage: boolean;
  isLoadingMore: boolean;
  loadMore: (lastId: number | undefined) => void;
  /** Asks for the posts behind the new-posts count (docs/product.md §4); resolves when the pull ended. */
  showNew: () => Promise<void>;
};

/** The last page the server reported, for the filter it was pulled with. */
type PageState = { filterKey: string; current: number; last: number };

export function useFeedPull(type: FeedType | undefined, search: string | undefined): FeedPull {
  const filterKey = `${type ?? ''}\u0000${search ?? ''}`;
  const [page, setPage] = useState<PageState | null>(null);
  const [isLoadingMore, setLoadingMore] = useState(false);

  const record = useCallback(
    (result: PullResult) => {
      if (result.ok) setPage({ filterKey, current: result.currentPage, last: result.lastPage });
    },
    [filterKey],
  );

  useEffect(() => {
    let isCurrent = true;
    // Offline or refused: the local rows are what there is; the sync indicator says why.
    void pullFeed({ type, search }).then((result) => {
      if (isCurrent) record(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [type, search, record]);

  const loadMore = useCallback(
    (lastId: number | undefined) => {
      setLoadingMore(true);
      void pullFeed({ type, search, loadMore: lastId })
        .then(record)
        .finally(() => setLoadingMore(false));
    },
    [type, search, record],
  );

  const showNew = useCallback(async () => {
    // A failed pull leaves the count as it was: the control stays and can be pressed again.
    await loadNewPosts();
  }, []);
  const isThisFilter = page !== null && page.filterKey === filterKey;
  const hasMore = isThisFilter && page.current < page.last;
  return { hasMore, isLastPage: isThisFilter && page.current >= page.last, isLoadingMore, loadMore, showNew };
}
