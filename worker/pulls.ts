// The implementation of every pull of the map (worker/api-types.ts Pulls): the server's data into
// the local database, each in its own module. The engine runs them for the page (SyncApi.pull).
import type { ApiClient } from './api-client';
import type { FeedQuery, PullName, PullResult, Pulls } from './api-types';
import { loadNewPosts, pullFeed } from './pull';
import { pullGroup, pullGroupJoinRequests, pullGroupMembers } from './pull-group-admin';
import { pullGroupFeed } from './pull-groups';
import { pullGroupReports } from './pull-group-reports';
import { pullListItem } from './pull-list-item';
import { pullItemPages, pullList, pullLists } from './pull-lists';
import { pullModerationQueue } from './pull-moderation';
import { pullNotifications } from './pull-notifications';
import { pullPost } from './pull-post';
import { pullReminders } from './pull-reminders';
import { pullPostSession } from './pull-session';
import { pullStatistics } from './pull-statistics';
import { createSingleFlight } from './single-flight';
import { firstFeedPage } from './sync-pull';

/** No filter, no search, no page past the first, no "load more". */
function isFirstPage(query: FeedQuery): boolean {
  return !query.type && !query.search?.trim() && (query.page ?? 1) === 1 && query.loadMore === undefined;
}

type Pull<K extends PullName> = (api: ApiClient, ...args: Pulls[K]) => Promise<PullResult>;

const PULLS: { [K in PullName]: Pull<K> } = {
  // The unfiltered first page is kept current by the one pull (docs/decisions/0021-one-pull.md).
  feed: (api, query = {}) => (isFirstPage(query) ? firstFeedPage(api) : pullFeed(api, query)),
  newPosts: loadNewPosts,
  post: pullPost,
  lists: pullLists,
  list: pullList,
  listItem: pullListItem,
  biblicalPrayers: (api) => pullItemPages(api, 'list/item/biblical-prayers'),
  bookmarkedItems: (api) => pullItemPages(api, 'list/item/bookmark'),
  postSession: pullPostSession,
  statistics: pullStatistics,
  moderationQueue: pullModerationQueue,
  notifications: pullNotifications,
  reminders: pullReminders,
  groupFeed: pullGroupFeed,
  group: pullGroup,
  groupMembers: pullGroupMembers,
  groupJoinRequests: pullGroupJoinRequests,
  groupReports: pullGroupReports,
};

const inFlight = createSingleFlight<PullResult>();

/** A pull; the same pull with the same arguments, asked again while it runs, shares its answer. */
export function runPull<K extends PullName>(api: ApiClient, name: K, args: Pulls[K]): Promise<PullResult> {
  const pull: Pull<K> = PULLS[name];
  return inFlight(`${name}:${JSON.stringify(args)}`, () => pull(api, ...args));
}
