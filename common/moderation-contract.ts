// The /api/v1 wire types of moderation (issue #11 item 2; docs/api.md 'Moderation'): the review
// queue of reported posts and comments, and a moderator's decision. Companion of contract.ts.
import type { ApiPostAuthor, Page, ReportType, Visibility } from './contract';

/** keep: hidden (stays hidden, or is hidden now); restore: shown to everyone again; remove: deleted for everyone. */
export const MODERATION_ACTIONS = ['keep', 'restore', 'remove'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export type ModerationKind = 'post' | 'comment';

/**
 * One reported post or comment with unreviewed reports. `member_reports` count toward hiding
 * (docs/product.md §10's 3); `guest_reports` are shown to the reviewer but never hide on their own.
 * The author is shown as stored, even on an anonymous post: a reviewer must know who wrote it.
 */
export type ApiReportedItem = {
  kind: ModerationKind;
  id: number;
  /** The post of a comment (or the post itself); null for a comment on a list item. */
  post_id: number | null;
  /** The list item of a comment on a list item; null otherwise. */
  list_item_id: number | null;
  text: string;
  author: ApiPostAuthor;
  visibility: Visibility;
  member_reports: number;
  guest_reports: number;
  /** The reasons given, each with how many reports gave it, most given first. */
  reasons: { type: ReportType; count: number }[];
  /** Issue #12: what reporters wrote in the optional details box, oldest first (unreviewed reports only). */
  details: string[];
  /** When the oldest unreviewed report came in: the queue is oldest first. */
  first_reported_at: string;
};

export type ModerationQueueResponse = { items: Page<ApiReportedItem> };

export type ModerationDecisionBody = { action: ModerationAction };

/** The answer to a decision: what now holds for the target. */
export type ModerationDecisionResponse = {
  decision: { kind: ModerationKind; id: number; action: ModerationAction; visibility: Visibility; deleted: boolean };
};
