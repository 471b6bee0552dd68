// The notifications API (issue #6; docs/api.md 'Notifications'). docs/product.md §3 says notification
// entities are not shown, so this shape is the product's own.
import type { ApiUserSummary, Page } from './contract';

/** 'post_update' (issue #28 item 3): the author of a request one prayed for added an update. */
/** 'group_post' (issue #28 item 6): a new post in one of my groups, by `last_actor` (null when anonymous). */
type PostNotificationKind = 'prayed' | 'commented' | 'answered' | 'post_update' | 'group_post';
/** 'reminder' (issue #13): a prayer reminder was sent; kept so one missed while the device was off shows. */
export type NotificationKind = PostNotificationKind | 'reminder';

/**
 * One grouped notification: `actor_count` distinct people did `kind` on the post that UTC day
 * (`last_actor` is the latest of them; null for 'answered', which never names the author).
 */
export type ApiPostNotification = {
  id: number;
  kind: PostNotificationKind;
  post_id: number;
  /** The start of the post's text, so the list reads without opening each post. */
  post_excerpt: string;
  /**
   * 'commented': the start of the latest comment of `last_actor` on the post, still shown (issue #26 point 5);
   * 'post_update': the start of the post's latest update; else null.
   */
  comment_excerpt: string | null;
  actor_count: number;
  last_actor: ApiUserSummary | null;
  /** 'group_post' only: the group it was posted in (its name as the recipient sees it now). */
  group?: { id: number; name: string };
  created_at: string;
  /** When the group last changed (a new person): the list is ordered by it. */
  updated_at: string;
  read_at: string | null;
};

/** A reminder that was sent (common/reminders-contract.ts): what it named and the address it opens. */
export type ApiReminderNotification = {
  id: number;
  kind: 'reminder';
  reminder_id: string;
  label: string;
  url: string;
  created_at: string;
  updated_at: string;
  read_at: string | null;
};

export type ApiNotification = ApiPostNotification | ApiReminderNotification;

export type NotificationPage = Page<ApiNotification> & { unread_count: number };
export type UnreadCountResponse = { unread_count: number };
export type NotificationReadResponse = { notification: ApiNotification; unread_count: number };
export type NotificationsReadAllResponse = { unread_count: number };

/** Characters of the post's text sent with a notification. */
export const NOTIFICATION_EXCERPT_CHARS = 120;
