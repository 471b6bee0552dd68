// The one boundary type between the page and the sync worker (docs/architecture.md 'The shape', §2): the page holds a
// comlink Remote<SyncApi> (or, in tests and where workers are missing, the engine itself).
// Values only: every result crosses postMessage by structured clone.
import type { BotCheckAction } from '../common/constants';
import type { ApiError, ApiUser, FeedType, LoginBody, RegisterBody } from '../common/contract';
import type { PrefetchReport } from './prefetch';
import type { AccountCallName, AccountCalls, CallResult, DeleteLink, ProviderCallbackQuery, ResetPasswordBody } from './account-types';

export type * from './account-types';

export type SyncConfig = {
  /** e.g. `${location.origin}/api/v1`. */
  apiBase: string;
  online: boolean;
  visible: boolean;
};

/** Callbacks into the page (proxied by comlink): things only a window can do. */
export type SyncHooks = {
  /** Register a Background Sync tag so the service worker drains when the network returns. */
  requestBackgroundSync(): Promise<void> | void;
  /**
   * docs/product.md §5: a bot-check token for `action` (reCAPTCHA runs on the page only). Null when the
   * check is off; rejects when it is on but no token can be had.
   */
  getBotToken?(action: BotCheckAction): Promise<string | null>;
  /**
   * docs/product.md §4 401 rule: the timestamp lives in the page's sessionStorage, which the worker does
   * not have (worker/unauthorized.ts). Absent or failing: the worker keeps it in memory.
   */
  readUnauthorizedAt?(): Promise<number | null> | number | null;
  writeUnauthorizedAt?(at: number | null): Promise<void> | void;
};

export type DrainReport = {
  sent: number;
  refused: number;
  /** Entries left in the outbox. */
  remaining: number;
  /** Of those, entries of another account, held until it signs in again (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). */
  held: number;
  /** When the head entry may be retried (backoff); null when nothing waits for a retry. */
  retryAt: number | null;
  /**
   * The head waits after a request that got no answer (the network, not the server): the engine
   * probes for the network while the page is visible (worker/wake-ups.ts).
   */
  waitsForNetwork: boolean;
  /** The session could not be refreshed: draining waits for a new sign-in. */
  authFailed: boolean;
};

export type FeedQuery = { type?: FeedType | undefined; search?: string | undefined; page?: number | undefined; loadMore?: number | undefined };

export type PullResult =
  | { ok: true; currentPage: number; lastPage: number; total: number; count: number }
  | { ok: false; error: ApiError };

/** What of a post's detail to pull (docs/product.md §2: the detail shows either comments or notes); default all. */
export type PostParts = { comments?: boolean; notes?: boolean };

/**
 * Every pull, by name: its arguments after the API client, as one tuple. Each answers a
 * PullResult; the screens read what it stored through live queries. Adding a pull is its line
 * here and its line in worker/pulls.ts; the page runs it with SyncApi.pull (src/sync/client.ts).
 */
export type Pulls = {
  /** A feed page (filters, search, load more); no query: the first page. */
  feed: [query?: FeedQuery];
  /** Load the posts new-count announced, prepend them, reset the count. */
  newPosts: [];
  /** A post's detail: the post, its comments and the viewer's notes (or `parts` of them), rebased. */
  post: [id: number, parts?: PostParts];
  /** GET list: my lists and the community's first page. */
  lists: [];
  /** GET list/{id}: a list and its active items (or, `archived`, its archived ones, owner only). */
  list: [id: number, archived?: boolean];
  /** A list item's detail: the item, its comments and the viewer's notes. */
  listItem: [id: number];
  /** GET list/item/biblical-prayers (every page). */
  biblicalPrayers: [];
  /** GET list/item/bookmark (every page; post bookmarks come with the BOOKMARKED feed). */
  bookmarkedItems: [];
  /** GET post/session/quick|community: the feed of a prayer session over posts. */
  postSession: [kind: 'quick' | 'community'];
  /** GET user/my-statistics into meta.statistics. */
  statistics: [];
  /** Issue #11: GET moderation/reports (page 1), for a moderator. */
  moderationQueue: [];
  /** Issue #28: GET group/{id}/posts, a page of a group's feed (`loadMore`: the id of the last post held); a 404 drops the group here. */
  groupFeed: [id: number, query?: { page?: number; loadMore?: number }];
  /** Issue #28 items 1, 2 (worker/pull-group-admin.ts): GET group/{id} into its row (the live invite); a 404 drops the group here. */
  group: [id: number];
  /** GET group/{id}/members, a page (1 replaces what was read) into meta 'groupAdmin'. */
  groupMembers: [id: number, page?: number];
  /** GET group/{id}/join-requests (page 1, admins) into meta 'groupAdmin'. */
  groupJoinRequests: [id: number];
  /** Issue #28 item 3 (worker/pull-group-reports.ts): GET group/{id}/reports (page 1, its moderators and admins) into meta 'groupAdmin'. */
  groupReports: [id: number];
  /** Issue #6: GET notifications (page 1 replaces the local list) and the unread count. */
  notifications: [page?: number];
  /** Issue #13: the account's prayer reminders. */
  reminders: [];
};

export type PullName = keyof Pulls;

export type SessionInfo = { kind: 'member' | 'guest' | 'anonymous'; user: ApiUser | null };

/** Tokens to mirror into cookies (docs/product.md §4); the worker cannot write cookies. */
export type SessionTokens = { memberToken: string | null; guestToken: string | null };

export type AuthResult = { ok: true; session: SessionInfo; tokens: SessionTokens } | { ok: false; error: ApiError };

export type LogoutOptions = { force?: boolean };

/** `unsent` > 0: refused because unsent changes would be lost; call again with force. */
export type LogoutResult = { ok: true } | { ok: false; error: ApiError; unsent: number };

export type SyncApi = {
  start(config: SyncConfig, hooks?: SyncHooks): Promise<void>;
  /** After a command: drain soon, respecting backoff. */
  poke(): Promise<void>;
  /** Drain now, ignoring backoff (app start, online, visible, Background Sync). */
  drain(): Promise<DrainReport>;
  setOnline(online: boolean): Promise<void>;
  setVisible(visible: boolean): Promise<void>;
  /** One pull of the map (Pulls): its server data into the local database (worker/pulls.ts). */
  pull<K extends PullName>(name: K, args: Pulls[K]): Promise<PullResult>;
  /** docs/architecture/sync-protocol.md 'Outbox and sync protocol': everything a prayer session needs offline (worker/prefetch.ts). */
  prefetch(): Promise<PrefetchReport>;
  /** docs/product.md §4 startup flow: tokens in, profile loaded or session cleared. */
  initSession(tokens: SessionTokens): Promise<AuthResult>;
  guestLogin(): Promise<AuthResult>;
  login(body: LoginBody): Promise<AuthResult>;
  register(body: RegisterBody): Promise<AuthResult>;
  logout(options: LogoutOptions): Promise<LogoutResult>;
  /** docs/product.md §7 password recovery: signs in like login (worker/auth.ts). */
  resetPassword(body: ResetPasswordBody): Promise<AuthResult>;
  /** docs/product.md §2 /auth/provider/callback/{provider}: completes the OAuth code flow, signs in. */
  providerCallback(callback: ProviderCallbackQuery): Promise<AuthResult & { created?: boolean; linked?: boolean }>;
  /** docs/product.md §2 /profile/delete/...: confirms a mailed deletion link; ends the local session if it was this account. */
  confirmDelete(link: DeleteLink): Promise<CallResult<{ message: string; signedOut: boolean }>>;
  /** The accounts area's other online calls (worker/account-types.ts). */
  account<K extends AccountCallName>(name: K, args: AccountCalls[K]['args']): Promise<CallResult<AccountCalls[K]['result']>>;
  stop(): Promise<void>;
};
