// Row types of the local database (DESIGN §3). Server values and this device's intent are kept
// apart: a row holds what the server said; `local` holds what this device has done and the
// server has not yet acknowledged. What screens show is derived from both (src/db/shown.ts).
import type { ApiError, ApiPost, ApiUser, ChannelId } from '../../common/contract';
import type { TargetIds, UserOpName } from './outbox-types';

/**
 * This device's unacknowledged intent on a post. Never edited by hand: it is recomputed from
 * the pending outbox entries (apply on top of the server row), so it cannot drift.
 */
export type PostLocal = {
  /** Prays in the outbox not yet acknowledged; shown count = prayedCount + pendingPrays. */
  pendingPrays: number;
  /** The bookmark state the user last chose, while the toggle is unacknowledged; null = none. */
  bookmarked: boolean | null;
};

export const EMPTY_POST_LOCAL: PostLocal = { pendingPrays: 0, bookmarked: null };

/** A post as the server sent it (or as created offline, with a negative id) plus local intent. */
export type PostRow = ApiPost & {
  /** created_at as epoch ms: indexed with channel_id so the feed sorts without parsing strings. */
  createdAtMs: number;
  local: PostLocal;
};

// The rows below are filled by the next issue (lists, items, comments, notes); their tables
// exist now so that the schema's first version already has them (versions are append-only).
export type ListRow = {
  id: number;
  key: string | null;
  name: string;
  user_id: number | null;
  channel_id: ChannelId;
  config: { qtd: number };
  qtd: number;
  updated_at: string;
};

export type ListItemRow = {
  id: number;
  post_list_id: number;
  text: string;
  deleted_at: string | null;
  prayedCount: number;
  isPrayed: boolean;
  is_bookmarked: boolean;
  created_at: string;
};

export type CommentRow = { id: number; post_id: number; comment: string; user_id: number | null; created_at: string };
export type NoteRow = { id: number; post_id: number; note: string; created_at: string };
export type UserRow = ApiUser;

/** A mutation the server refused for good (4xx): kept so the user can see what was undone (DESIGN §4). */
export type FailedMutation = {
  id: number;
  key: string;
  op: UserOpName;
  target: TargetIds;
  status: number;
  /** The server's `message` (SPEC §5 maps some statuses to fixed banner texts in the UI). */
  message: string;
  errors?: ApiError['errors'];
  createdAt: number;
  failedAt: number;
};

/** The tables whose rows carry local intent and are reset and re-applied by a rebase. */
export type LocalTable = 'posts';
/** One row an outbox entry's `apply` touches. */
export type RowRef = { table: LocalTable; id: number };
