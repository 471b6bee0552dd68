// The outbox entry (docs/architecture/sync-protocol.md 'Outbox and sync protocol') and, per named
// mutation, the shape of its target, body and server response. Adding a mutation = one line in
// OpPayloads + one module in src/commands/ops/
// + one line in the registry; the op name string is the same in the command, here and in docs.
import type {
  BookmarkResponse, CommentBody, CommentChangeResponse, CommentDeletedResponse, CommentLikeResponse, CommentResponse,
  CreatePostBody, DeletedResponse, NoteBody, NoteChangeResponse, NoteDeletedResponse, NoteResponse, PostResponse,
  PrayResponse, ReportBody, ReportResponse, UpdatePostBody,
} from '../../common/contract';
import type { ApiUser, ApiUserSummary } from '../../common/contract';
import type { HiddenPersonResponse } from '../../common/hidden-people-contract';
import type { PushRegistrationBody } from '../../common/push-config';
import type { ModerationDecisionBody, ModerationDecisionResponse } from '../../common/moderation-contract';
import type { GroupOps } from './group-types';
import type { GroupAdminOps } from './group-admin-types';
import type { GroupModerationOps } from './group-moderation-types';
import type { ListOps } from './list-outbox-types';
import type { NotificationOps } from './notification-types';
import type { PostUpdateOps } from './post-update-types';
import type { ReminderOps } from './reminder-types';
import type { OutboxIndexFields } from './outbox-index';

/**
 * Ids an entry refers to. Ids live here and never in `body`, so that when an offline-created
 * entity gets its real id, rewriting the targets of pending entries is exact
 * (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
 */
export type TargetIds = {
  postId?: number; commentId?: number; noteId?: number; listId?: number; itemId?: number; itemNoteId?: number; itemCommentId?: number; groupId?: number;
  /** Issue #28 item 3: an update of a request, kept inside its post's row (src/model/post-update-types.ts). */
  updateId?: number;
};
export type TargetField = keyof TargetIds;

type OpPayloads = {
  'post.pray': { target: { postId: number }; body: null; response: PrayResponse };
  'post.bookmark': { target: { postId: number }; body: null; response: BookmarkResponse };
  /** target.postId is the temporary negative id of the offline-created post; target.groupId (issue #28) the group it is posted in, sent as group_id. */
  'post.create': { target: { postId: number; groupId?: number }; body: CreatePostBody; response: PostResponse };
  'post.edit': { target: { postId: number }; body: UpdatePostBody; response: PostResponse };
  'post.delete': { target: { postId: number }; body: null; response: DeletedResponse };
  /** POST post/answer: answers, or edits the testimony of an answered post; post_id is sent from target. */
  'post.answer': { target: { postId: number }; body: AnswerBody; response: PostResponse };
  'post.unanswer': { target: { postId: number }; body: null; response: PostResponse };
  'post.report': { target: { postId: number }; body: ReportBody; response: ReportResponse };
  /** target.commentId is the temporary negative id of the comment written here. */
  'comment.create': { target: CommentTarget; body: CommentBody; response: CommentChangeResponse };
  'comment.edit': { target: CommentTarget; body: CommentBody; response: CommentResponse };
  'comment.delete': { target: CommentTarget; body: null; response: CommentDeletedResponse };
  'comment.like': { target: CommentTarget; body: null; response: CommentLikeResponse };
  'comment.report': { target: CommentTarget; body: ReportBody; response: ReportResponse };
  /** target.noteId is the temporary negative id of the note written here. */
  'note.create': { target: NoteTarget; body: NoteBody; response: NoteChangeResponse };
  'note.edit': { target: NoteTarget; body: NoteBody; response: NoteResponse };
  'note.delete': { target: NoteTarget; body: null; response: NoteDeletedResponse };
  /** Issue #28 item 3: the author's updates of a request (src/model/post-update-types.ts). */
  'postUpdate.create': PostUpdateOps['postUpdate.create'];
  'postUpdate.delete': PostUpdateOps['postUpdate.delete'];
  // --- Lists (docs/product.md §7 Lists, List items, item notes and comments, User): see src/model/list-outbox-types.ts ---
  'list.create': ListOps['list.create'];
  'list.edit': ListOps['list.edit'];
  'list.delete': ListOps['list.delete'];
  'listItem.create': ListOps['listItem.create'];
  'listItem.edit': ListOps['listItem.edit'];
  'listItem.archive': ListOps['listItem.archive'];
  'listItem.restore': ListOps['listItem.restore'];
  'listItem.delete': ListOps['listItem.delete'];
  'listItem.pray': ListOps['listItem.pray'];
  'listItem.bookmark': ListOps['listItem.bookmark'];
  'listItemNote.create': ListOps['listItemNote.create'];
  'listItemNote.edit': ListOps['listItemNote.edit'];
  'listItemNote.delete': ListOps['listItemNote.delete'];
  'listItemComment.create': ListOps['listItemComment.create'];
  'listItemComment.edit': ListOps['listItemComment.edit'];
  'listItemComment.delete': ListOps['listItemComment.delete'];
  'listItemComment.report': ListOps['listItemComment.report'];
  'user.todaySession': ListOps['user.todaySession'];
  'user.sessionFinished': ListOps['user.sessionFinished'];
  'user.locale': ListOps['user.locale'];
  'user.channel': ListOps['user.channel'];
  'user.prayerSessionItemsQtd': ListOps['user.prayerSessionItemsQtd'];
  /** docs/product.md §7 User: PUT user/profile with the public fields only (email and password changes are online calls). */
  'user.profile': { target: Record<string, never>; body: ProfileEditBody; response: { user: ApiUser } };
  /** Issue #6: marking notifications read (src/model/notification-types.ts). */
  'notifications.read': NotificationOps['notifications.read'];
  'notifications.readAll': NotificationOps['notifications.readAll'];
  /** Issue #11: a moderator's decision on a reported post or comment (POST moderation/post|comment/{id}). */
  'moderation.decide': { target: ModerationTarget; body: ModerationDecisionBody; response: ModerationDecisionResponse };
  /** Issue #12: "Hide posts from this person" and "Show again" (PUT / DELETE user/hidden-people/{id}); the person's id is real, never temporary. */
  'person.hide': { target: Record<string, never>; body: PersonBody; response: HiddenPersonResponse };
  'person.show': { target: Record<string, never>; body: PersonBody; response: HiddenPersonResponse };
  /** docs/product.md §7 PUT notifications/token: this device's push token plus extra fields; the answer is not read. */
  'notifications.token': { target: Record<string, never>; body: PushTokenBody; response: unknown };
  /** Issue #13: setting and deleting a prayer reminder (PUT / DELETE reminders/{id}; src/model/reminder-types.ts). */
  'reminder.put': ReminderOps['reminder.put'];
  'reminder.delete': ReminderOps['reminder.delete'];
  /** Issue #28: prayer groups (src/model/group-types.ts). */
  'group.create': GroupOps['group.create'];
  'group.join': GroupOps['group.join'];
  'group.joinRequest': GroupOps['group.joinRequest'];
  'group.leave': GroupOps['group.leave'];
  /** Issue #28 items 1, 2: a group's administration (src/model/group-admin-types.ts). */
  'group.edit': GroupAdminOps['group.edit'];
  'group.setRole': GroupAdminOps['group.setRole'];
  'group.removeMember': GroupAdminOps['group.removeMember'];
  'group.rotateInvite': GroupAdminOps['group.rotateInvite'];
  'group.delete': GroupAdminOps['group.delete'];
  'group.decideRequest': GroupAdminOps['group.decideRequest'];
  'group.notify': GroupOps['group.notify'];
  /** Issue #28 item 3: a decision on a group's report, by its moderators and admins (src/model/group-moderation-types.ts). */
  'group.moderate': GroupModerationOps['group.moderate'];
};

/** The person hidden or shown again, as the screen showed them (the request sends only the id). */
type PersonBody = { person: ApiUserSummary };

/** The fields of PUT user/profile that may wait in the outbox (no password ever does). */
export type ProfileEditBody = { name?: string; nickname?: string | null; username?: string; img_show?: boolean };

/** docs/product.md §3 push registration payload: a Firebase installation id, or a Web Push subscription (common/push-config.ts). */
export type PushTokenBody = PushRegistrationBody;

type CommentTarget = { postId: number; commentId: number };
/** What a moderator decides on: a post, a comment of a post, or a comment of a list item (each its own local table). */
export type ModerationTarget = { postId: number } | { commentId: number } | { itemCommentId: number };
type NoteTarget = { postId: number; noteId: number };
/** The answer without its post_id (an id lives in target only). */
type AnswerBody = { answer_text: string | null };

export type OpName = keyof OpPayloads;

/**
 * Ops the app sends on its own, not as a change the user made. A refusal of one is logged, not
 * listed among the user's refused changes (`failed`): there is nothing for them to redo.
 */
export const BACKGROUND_OPS = ['notifications.token', 'notifications.read', 'notifications.readAll'] as const satisfies readonly OpName[];
type BackgroundOpName = (typeof BACKGROUND_OPS)[number];
/** Ops that stand for a change the user made; only these are recorded in `failed`. */
export type UserOpName = Exclude<OpName, BackgroundOpName>;

export function isUserOp(op: OpName): op is UserOpName {
  return !BACKGROUND_OPS.some((background) => background === op);
}
export type OpTarget<K extends OpName> = OpPayloads[K]['target'];
export type OpBody<K extends OpName> = OpPayloads[K]['body'];
export type OpResponse<K extends OpName> = OpPayloads[K]['response'];

/** 'sending' is set while a request is in flight; a crash leaves it, and it is replayed like 'pending'. */
export type OutboxState = 'pending' | 'sending';

type OutboxBase = {
  /** Auto-increment: the drain order. */
  seq: number;
  /**
   * The account (user or guest id) that made the change; null when no profile was known.
   * docs/architecture/sync-protocol.md 'Outbox and sync protocol': an entry is only ever sent with
   * its own account's credentials; another account's entries are held until that account signs in
   * again (null ones go with whoever is signed in).
   */
  accountId: number | null;
  /** uuid sent as Idempotency-Key; the same key on every retry makes a replay a no-op. */
  key: string;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which the drain does not retry it (backoff); 0 = now. */
  nextAttemptAt: number;
  lastError: string | null;
  /**
   * The last attempt got no answer at all (the network, not the server): its backoff is reset
   * by the next answer from the server (worker/wake-ups.ts). Absent: never failed so.
   */
  noAnswer?: boolean;
  /**
   * Epoch ms until which no drain sends it, whatever the backoff: the undo window of a delete or
   * an archive (src/commands/undo.ts, docs/decisions/0173-undo-through-the-outbox.md). Absent or 0:
   * not held. Indexed, so the drain finds the few held entries without reading the queue.
   */
  holdUntil?: number;
  state: OutboxState;
} & Partial<OutboxIndexFields>;

export type OutboxEntryOf<K extends OpName> = OutboxBase & { op: K; target: OpTarget<K>; body: OpBody<K> };
export type OutboxEntry = { [K in OpName]: OutboxEntryOf<K> }[OpName];

type DistributiveOmit<T, P extends PropertyKey> = T extends unknown ? Omit<T, P> : never;
/** What a command inserts: the database assigns `seq`. */
export type NewOutboxEntry = DistributiveOmit<OutboxEntry, 'seq'>;
export type NewOutboxEntryOf<K extends OpName> = Omit<OutboxEntryOf<K>, 'seq'>;
