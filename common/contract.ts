// The /api/v1 wire contract (docs/product.md §3, §7) shared by the server, the sync worker and the app.
// Every response is wrapped in `data`; every error has one shape (ApiError).
import type { ErrorCode, ErrorParams, FieldCode } from './error-codes';

export const CHANNELS = [
  { id: 1, language: 'English', code: 'en', locale: 'en-US', prefix: '', domain: 'en', label: 'English', ftsConfig: 'english' },
  { id: 2, language: 'Portuguese', code: 'pt', locale: 'pt-BR', prefix: 'pt', domain: 'pt', label: 'Português', ftsConfig: 'portuguese' },
  { id: 3, language: 'Spanish', code: 'es', locale: 'es-ES', prefix: 'es', domain: 'es', label: 'Español', ftsConfig: 'spanish' },
] as const;
export type Channel = (typeof CHANNELS)[number];
export type ChannelId = Channel['id'];

/** docs/product.md §3 post feed types: the filters of GET posts?type=. A post's own `type` is REQUEST or THANK. */
export const FEED_TYPES = ['REQUEST', 'THANK', 'ANSWERED', 'ANSWER', 'PRAYED_BY_USER', 'BOOKMARKED'] as const;
export type FeedType = (typeof FEED_TYPES)[number];
export const POST_KINDS = ['REQUEST', 'THANK'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** docs/product.md §3 visibility levels. */
export const VISIBILITY = { PUBLIC: 0, RESTRICTED: 1, PRIVATE: 2, DENOUNCED: 4 } as const;
export type Visibility = (typeof VISIBILITY)[keyof typeof VISIBILITY];

/** docs/product.md §3 post action names. */
export const POST_ACTIONS = [
  'editPost', 'archivePost', 'restorePost', 'deletePost', 'editComment', 'deleteComment', 'reportPost',
  'reportComment', 'editNote', 'deleteNote', 'answeredPost', 'editAnsweredPost', 'deleteAnsweredPost',
] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

type ApiUserProfile = { avatar: string | null; img_show: boolean };

/** docs/product.md §3 User; a Guest has the same shape with is_guest true. */
export type ApiUser = {
  id: number;
  today_prayer_count: number;
  name: string;
  nickname: string | null;
  username: string;
  email: string | null;
  profile: ApiUserProfile;
  channel_id: ChannelId;
  language: string;
  is_guest: boolean;
  /**
   * A member named in the server's MODERATOR_EMAILS (issue #11): the client offers the review
   * screen. Always sent; optional because sessions stored by an older app lack it.
   */
  is_moderator?: boolean;
};

/** The author as embedded in a post. Anonymous posts carry the anonymous username and a null id. */
export type ApiPostAuthor = { id: number | null; username: string; name: string; avatar: string | null };
export const ANONYMOUS_USERNAME = 'anonymous';

/** docs/product.md §3 Post, with the derived fields computed for the caller. actionsMenu is derived on the client. */
export type ApiPost = {
  id: number;
  user_id: number | null;
  user: ApiPostAuthor;
  type: PostKind;
  text: string;
  answer_text: string | null;
  channel_id: ChannelId;
  visibility: Visibility;
  is_anonymous: boolean;
  is_mine: boolean;
  created_at: string;
  updated_at: string;
  updated_answer_at: string | null;
  atendido: boolean;
  prayedCount: number;
  isPrayed: boolean;
  commentCount: number;
  noteCount: number;
  is_bookmarked: boolean;
  /** Issue #28: the prayer group it was posted in, null for the community (docs/product.md §11); absent from older answers. */
  group_id?: number | null;
  /**
   * Issue #28 item 3: the author's dated updates ("Surgery went well"), oldest first (docs/api.md
   * 'Updates of a request'); always sent by the server, absent from rows stored before them.
   */
  updates?: ApiPostUpdate[];
  /**
   * Present only on a post hidden by reports (visibility DENOUNCED), which only its author sees:
   * true while it waits for a moderator, false once a moderator kept it hidden (issue #11).
   */
  hidden_pending_review?: boolean;
};

/** One update of a request by its author (common/post-updates-contract.ts). */
export type ApiPostUpdate = { id: number; text: string; created_at: string };

/**
 * docs/product.md §3 Pagination. `total_is_estimate` (the feed, notifications, community lists): the count stopped at a cap, so `total` is a
 * lower bound and `last_page` at least current_page + 1; false or absent when `total` is exact.
 */
export type Page<T> = { data: T[]; current_page: number; last_page: number; total: number; total_is_estimate?: boolean };
/**
 * `ahead_cursor` (a `loadMore` page whose next page is full): the id of the last post of the next
 * page, so a client reading through may ask for the page after next before the next one has come
 * (docs/api.md 'GET posts').
 */
export type PostPage = Page<ApiPost> & { new_count?: number; ahead_cursor?: number };

export type AuthToken = { token: string; expires_at: string; refresh_until: string };
export type AuthResponse = { authorization: AuthToken; user: ApiUser };
export type GuestAuthResponse = { authorization: AuthToken; guest: ApiUser };

/** The envelope of every success response (docs/product.md §7). */
export type Envelope<T> = { data: T };

/**
 * The one error shape (docs/architecture/server.md 'Reference server'). `errors` holds field
 * messages on 422. The server always sets `code` (common/error-codes.ts; optional here for bodies
 * built by older clients and tests), with `params` for its translation; `fieldCodes` parallels
 * `errors` (issue #12, docs/api.md).
 */
export type ApiError = {
  message: string;
  status: number;
  errors?: Record<string, string[]>;
  code?: ErrorCode;
  params?: ErrorParams;
  fieldCodes?: Record<string, FieldCode[]>;
  /**
   * Never in a body: the X-Request-Id of the answer that carried the error, kept by the client
   * (worker/api-client.ts) and shown as its reference, so a member's report finds the server's log
   * line (issue #27 item 3, docs/api.md 'Conventions').
   */
  requestId?: string;
};

// Request bodies of the foundation slice.
export type CreatePostBody = { text: string; type: PostKind; is_anonymous?: boolean; channel_id?: ChannelId };
export type LoginBody = { email: string; password: string };
export type RegisterBody = { name: string; email: string; password: string; channel_id?: ChannelId; language?: string };

// Response bodies of the foundation slice (inside `data`).
export type PostResponse = { post: ApiPost };
export type PrayResponse = { post: ApiPost; today_prayer_count: number };
export type BookmarkResponse = { post: ApiPost; is_bookmarked: boolean };
export type NewCountResponse = { new_count: number };

// --- Posts: edit, answer, report, comments, notes, prayer-session feeds (docs/product.md §7 Posts) ---

/** Report reasons for posts, comments and list items (docs/product.md §10: 3 distinct reporters hide the target). */
export const REPORT_TYPES = ['spam', 'offensive', 'inappropriate', 'other'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** A person as listed by users-prayed: nothing beyond what a post card already shows. */
export type ApiUserSummary = { id: number; username: string; name: string; avatar: string | null };

/** docs/product.md §3 Comment, as seen by the caller. A comment by the author of an anonymous post is anonymous too. */
export type ApiComment = {
  id: number;
  post_id: number;
  comment: string;
  user: ApiPostAuthor;
  visibility: Visibility;
  created_at: string;
  updated_at: string;
  likeCount: number;
  isLiked: boolean;
  is_mine: boolean;
  /** As on ApiPost: present only on a comment hidden by reports, which only its author sees. */
  hidden_pending_review?: boolean;
};

/** docs/product.md §3 Note: private to its author. */
export type ApiNote = { id: number; post_id: number; note: string; created_at: string; updated_at: string };

export type UpdatePostBody = { text?: string; type?: PostKind; is_anonymous?: boolean };
/** Issue #12: `details` is the reporter's own words, optional (at most 500 characters). */
export type ReportBody = { type: ReportType; details?: string | null };
export type CommentBody = { comment: string };
export type NoteBody = { note: string };

export type DeletedResponse = { id: number; deleted: true };
export type ReportResponse = { reported: true; type: ReportType };
export type CommentResponse = { comment: ApiComment };
/** Creating or deleting a comment or note also returns the post, so its counters reconcile at once. */
export type CommentChangeResponse = { comment: ApiComment; post: ApiPost };
export type CommentDeletedResponse = DeletedResponse & { post: ApiPost };
export type CommentLikeResponse = { comment: ApiComment; likeCount: number; isLiked: boolean };
export type NoteResponse = { note: ApiNote };
export type NoteChangeResponse = { note: ApiNote; post: ApiPost };
export type NoteDeletedResponse = DeletedResponse & { post: ApiPost };

// --- Lists, list items, item notes and comments (docs/product.md §3 List, List item; §7 Lists, List items) ---

/** Keys of system lists: one 'biblical-prayers' list per channel; 'my-prayers' is a member's own default list. */
export const LIST_KEYS = { biblicalPrayers: 'biblical-prayers', myPrayers: 'my-prayers' } as const;
/** A list is PUBLIC (0) or PRIVATE (2); requests may name it or send the number. */
export const LIST_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type ListVisibilityName = (typeof LIST_VISIBILITIES)[number];

/** docs/product.md §3 List. config.qtd = active items; qtd = community count (distinct people who prayed an item of it). */
export type ApiList = {
  id: number;
  key: string | null;
  name: string;
  description: string | null;
  user_id: number | null;
  user: ApiUserSummary | null;
  channel_id: ChannelId;
  visibility: Visibility;
  is_mine: boolean;
  is_garden: boolean;
  /** Issue #28 item 4: the prayer group the list belongs to (set once, by POST list), null for a person's own list. */
  group_id?: number | null;
  config: { qtd: number };
  qtd: number;
  created_at: string;
  updated_at: string;
};

/** docs/product.md §3 List item, as seen by the caller. deleted_at set = archived; is_mine = the caller owns the list or is a member of its group (may change the item). */
export type ApiListItem = {
  id: number;
  post_list_id: number;
  post_id: number | null;
  title: string | null;
  text: string;
  reference: string | null;
  position: number;
  deleted_at: string | null;
  prayedCount: number;
  isPrayed: boolean;
  is_bookmarked: boolean;
  is_mine: boolean;
  commentCount: number;
  noteCount: number;
  created_at: string;
  updated_at: string;
};

/** A comment on a list item: ApiComment with the item instead of the post. */
export type ApiListItemComment = Omit<ApiComment, 'post_id'> & { list_item_id: number };
/** A note on a list item: private to its author. */
export type ApiListItemNote = { id: number; list_item_id: number; note: string; created_at: string; updated_at: string };

/** group_id (issue #28 item 4): a group the caller is a live member of; the list is then the group's, for good. */
export type CreateListBody = { name: string; description?: string | null; visibility?: ListVisibilityName | 0 | 2; group_id?: number };
export type UpdateListBody = Partial<Omit<CreateListBody, 'group_id'>>;
export type CreateListItemBody = { text?: string; title?: string | null; reference?: string | null; post_id?: number };
export type UpdateListItemBody = { text?: string; title?: string | null; reference?: string | null };

export type ListResponse = { list: ApiList };
/** GET list: the caller's own lists (all) and a page of the channel's community lists. */
export type ListIndexResponse = { myLists: ApiList[]; community: Page<ApiList> };
/** GET list/community and GET list/gardens-prayer. */
export type ListCommunityResponse = { community: Page<ApiList> };
export type ListSuggestionsResponse = { community: ApiList[] };
/** GET group/{id}/lists (issue #28 item 4): the group's lists, most recently changed first. */
export type GroupListsResponse = { lists: ApiList[] };
export type ListDetailResponse = { list: ApiList; items: Page<ApiListItem> };
export type ListItemsResponse = { items: Page<ApiListItem> };
/** The items of one prayer session (at most the caller's prayer_session_items_qtd). */
export type ListSessionResponse = { list: ApiList; items: ApiListItem[] };
export type MyListsSessionResponse = { myLists: ApiList[]; items: ApiListItem[] };
export type ListItemResponse = { item: ApiListItem };
/** Item changes that move list.config.qtd also return the list, so its counter reconciles at once. */
export type ListItemChangeResponse = { item: ApiListItem; list: ApiList };
export type ListItemDeletedResponse = DeletedResponse & { list: ApiList };
export type ListItemPrayResponse = { item: ApiListItem; today_prayer_count: number };
export type ListItemBookmarkResponse = { item: ApiListItem; is_bookmarked: boolean };
export type ListItemCommentResponse = { comment: ApiListItemComment };
export type ListItemCommentChangeResponse = { comment: ApiListItemComment; item: ApiListItem };
export type ListItemNoteResponse = { note: ApiListItemNote };
export type ListItemNoteChangeResponse = { note: ApiListItemNote; item: ApiListItem };
export type ListItemChildDeletedResponse = DeletedResponse & { item: ApiListItem };
