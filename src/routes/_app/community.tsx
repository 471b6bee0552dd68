// '/community': the community feed from the local database (live query), with filters, the
// new-posts control, docs/product.md §4 collapsing, and pray / bookmark on each post. The feed is a windowed
// list (issue #5) over a window of the local store that grows as the reader scrolls (issue #10:
// what is read follows what is shown, not the store); past the local end it pulls the next server
// page. Nothing here waits for the network.
import { useCallback, useDeferredValue, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loadFirstScreen } from '../../db/first-screen';
import { useFeedWindow } from '../../db/feed-window-hooks';
import { useNewCount } from '../../db/post-queries';
import type { FeedItem } from '../../db/feed-reads';
import { FeedToolbar, type FeedKindFilter } from '../../components/feed-toolbar';
import type { VirtualListApi } from '../../components/virtual-list';
import { useFeedPull } from '../-feed-pull';
import { FeedList } from '../-feed-list';
import { FeedEnd } from '../../components/feed-end';
import { markTimingOnce } from '../../platform/timing';
import { useStartSnapshot } from '../../platform/start-snapshot';
import { warmTimeFormats } from '../../components/relative-time';
import { i18next } from '../../i18n';
import { preloadCommands } from '../../commands/lazy';

export const Route = createFileRoute('/_app/community')({
  // The first screen is read while the route resolves, not after its first paint (issue #10 P2);
  // the cards' time formatters are built while that read is under way.
  loader: {
    handler: () => {
      const firstScreen = loadFirstScreen(WINDOW_STEP);
      warmTimeFormats(i18next.language);
      return firstScreen;
    },
    // Coming back to the feed, its window is read again before the screen shows (waited for at
    // most FIRST_SCREEN_WAIT_MS, src/db/first-screen.ts). By default the router shows the last
    // visit's window at once and reads again behind it: the feed was then replaced under the
    // reader, by that old window (empty when the last visit came before the first pull), then by
    // the new read, or by none when that read was slow
    // (docs/decisions/0162-webkit-s-first-pray-click-in-journey-3.md).
    staleReloadMode: 'blocking',
  },
  component: CommunityScreen,
});

// How long to wait for the live query to show what a new-posts pull wrote before landing anyway.
const NEW_POSTS_SETTLE_MS = 1500;
// Rows read at first (then a chunk at a time as the reader nears the end of what is read,
// src/db/feed-window-hooks.ts): a phone shows 3 to 5 cards, so the first window paints at once.
const WINDOW_STEP = 60;

function CommunityScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const [kind, setKind] = useState<FeedKindFilter>('ALL');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim()) || undefined;
  const type = kind === 'ALL' ? undefined : kind;
  // docs/product.md §4: collapsing applies only without a type or search filter (the window reader knows).
  const first = Route.useLoaderData();
  const { window: feedWindow, grow } = useFeedWindow({ type, search: deferredSearch }, WINDOW_STEP, first?.window);
  const feed = feedWindow?.items;
  const pull = useFeedPull(type, deferredSearch);
  const newCount = useNewCount();
  const isFiltered = deferredSearch !== undefined || type !== undefined;
  const listApi = useRef<VirtualListApi>(null);
  const newPosts = useShowNewPosts(feed?.[0]?.id, pull.showNew, listApi);
  const cursor = feedWindow?.cursor;
  const isLocalEnd = feedWindow?.isEnd ?? false;

  // Infinite loading: nearing the end of what is read reads further; past the local end it asks
  // the server for the next page, once per state of the window (cursor and size), so an offline
  // or refused pull, which changes neither, is not retried in a loop (the Load more button still
  // can). The worker goes on from the end of the pages it pulled (worker/feed-frontier.ts), so a
  // pull can add posts newer than `cursor`: the size tells that it moved.
  const autoPull = useRef<string | undefined>(undefined);
  const { hasMore, isLoadingMore, loadMore } = pull;
  const setSize = feedWindow?.setSize ?? 0;
  const onEndReached = useCallback(() => {
    if (!isLocalEnd) return grow();
    const state = `${String(cursor)}:${String(setSize)}`;
    if (!hasMore || isLoadingMore || cursor === undefined || autoPull.current === state) return;
    autoPull.current = state;
    loadMore(cursor);
  }, [isLocalEnd, grow, hasMore, isLoadingMore, cursor, setSize, loadMore]);

  // Issue #25: the next start paints this screen from the snapshot the page keeps of it.
  useStartSnapshot(!isFiltered && feed !== undefined && feed.length > 0);

  // bench/client P2: when a cold start reached this screen and its first window of the feed.
  markTimingOnce('boot:feed-route');
  if (feedWindow) markTimingOnce('boot:feed-window');

  return (
    // The feed's pray and bookmark load their commands on a touch or a focus in it (src/commands/lazy.ts).
    <section className="feed" aria-labelledby={headingId} onPointerDown={preloadCommands} onFocus={preloadCommands}>
      <title>{`${t('feed.title')} · ${t('app.name')}`}</title>
      <h1 id={headingId} className="feed__heading">
        {t('feed.heading')}
      </h1>
      <FeedToolbar kind={kind} search={search} onKindChange={setKind} onSearchChange={setSearch} />
      {newCount > 0 && !isFiltered && (
        <button type="button" className="new-posts feed-new-posts" aria-busy={newPosts.isLoading} onClick={newPosts.run}>
          {t('feed.newPosts', { count: newCount })}
        </button>
      )}
      <FeedBody feed={feed} setSize={setSize} isFiltered={isFiltered} headingId={headingId} onEndReached={onEndReached} apiRef={listApi} />
      {hasMore && isLocalEnd && feed && feed.length > 0 && (
        <button
          type="button"
          className="button button--secondary load-more"
          disabled={isLoadingMore}
          onClick={() => loadMore(cursor)}
        >
          {isLoadingMore ? t('feed.loadingMore') : t('feed.loadMore')}
        </button>
      )}
      {pull.isLastPage && isLocalEnd && feed && feed.length > 0 && <FeedEnd />}
    </section>
  );
}

type FeedBodyProps = {
  feed: readonly FeedItem[] | undefined;
  setSize: number;
  isFiltered: boolean;
  headingId: string;
  onEndReached: () => void;
  apiRef: RefObject<VirtualListApi | null>;
};

function FeedBody({ feed, setSize, isFiltered, headingId, onEndReached, apiRef }: FeedBodyProps) {
  const { t } = useTranslation();
  if (!feed) return <p className="feed__note">{t('feed.loading')}</p>;
  if (feed.length === 0) {
    return <p className="feed__note">{isFiltered ? t('feed.emptySearch') : t('feed.empty')}</p>;
  }
  return <FeedList items={feed} setSize={setSize} labelledBy={headingId} onEndReached={onEndReached} apiRef={apiRef} />;
}

type NewPostsRequest = { firstId: number | undefined; isDone: boolean };

/**
 * docs/product.md §4 new posts: loading prepends them (and the worker resets the count, which removes the
 * control that had focus). Once the newest post has changed, or the pull ended with nothing new,
 * the page goes to the top and focus lands on the newest post, so keyboard and screen-reader
 * users continue from where the new posts start.
 */
function useShowNewPosts(firstId: number | undefined, showNew: () => Promise<unknown>, apiRef: RefObject<VirtualListApi | null>) {
  const [request, setRequest] = useState<NewPostsRequest | null>(null);
  const run = useCallback(() => {
    setRequest({ firstId, isDone: false });
    void showNew().finally(() => setRequest((prev) => prev && { ...prev, isDone: true }));
  }, [firstId, showNew]);

  const hasNewest = request !== null && firstId !== request.firstId;
  const isDone = request?.isDone ?? false;
  useEffect(() => {
    if (!hasNewest && !isDone) return;
    const land = () => {
      apiRef.current?.focusItem(0);
      setRequest(null);
    };
    const timer = setTimeout(land, hasNewest ? 0 : NEW_POSTS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [hasNewest, isDone, apiRef]);
  return { run, isLoading: request !== null };
}
