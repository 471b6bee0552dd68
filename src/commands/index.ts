// The only writers of the local database from the UI (docs/architecture.md 'The shape'). Each command is one
// transaction (src/commands/commit.ts) and resolves once the change is saved locally: it never
// waits for the network. A command throws CommandError when the change cannot be made at all.
import { TEXT_LIMITS } from '../../common/constants';
import { POST_KINDS, type PostKind } from '../../common/contract';
import { db } from '../model/db';
// The page writes the outbox only through these commands: its counter comes with them (src/model/queue-counts.ts).
import '../model/queue-counter';
import { withIntent } from '../db/intents';
import { readChannel } from '../db/reads';
import { CommandError, fieldError } from './command-error';
import { commit, commitKeyed, newEntry, nextTempId } from './commit';
import type { NewOutboxEntry } from '../model/outbox-types';
import { requireRow } from './guards';
import { currentId } from '../model/rows';
import { listItemPrayEntry } from './list-commands';
import { claimPray, forgetUnsavedPray, unsavedPrays, type PrayOutcome } from './pray-gate';

export { CommandError } from './command-error';
export { commitMark, keysCommittedSince } from './commit-marks';
export { DOUBLE_TAP_MS, type PrayOutcome } from './pray-gate';
export { registerPushToken } from './push-token';
export { markAllNotificationsRead, markNotificationRead } from './notification-commands';
export { answerPost, deletePost, editPost, removeAnswer, reportPost } from './post-commands';
export { releaseHold, undoChange } from './undo';
export { createComment, deleteComment, editComment, reportComment, toggleCommentLike } from './comment-commands';
export { createNote, deleteNote, editNote } from './note-commands';
export { addUpdate, deleteUpdate } from './post-update-commands';
export { decideGroupReport, decideReport } from './moderation-commands';
export { hidePerson, showPerson } from './person-commands';
export { deleteReminder, restoreReminder, setReminder, setReminderEnabled, type ReminderDraft } from './reminder-commands';
export * as reminderSchedule from './reminder-schedule';
export {
  addListItem, archiveListItem, createList, deleteList, deleteListItem, editList, editListItem, prayForListItem,
  restoreListItem, toggleListItemBookmark, type ListInput, type ListItemInput,
} from './list-commands';
export {
  createItemComment, createItemNote, deleteItemComment, deleteItemNote, editItemComment, editItemNote, reportItemComment,
} from './item-social-commands';
export { askToJoinGroup } from './group-commands';
export { createGroup, joinGroup, leaveGroup, type GroupInput } from './group-commands';
export { decideJoinRequest, deleteGroup, editGroup, removeMember, rotateInvite, setMemberRole, type InviteLimits } from './group-admin-commands';
export { setGroupNotify } from './group-notify-commands';
export { finishSession, setSessionItemsQtd, setUserChannel, setUserLocale, startTodaySession, updateProfile, type FinishedSession } from './user-commands';

/**
 * 'post.pray': every prayer counts (docs/product.md §10); shown at once, sent when online. The second tap of
 * a double tap (within a second, src/commands/pray-gate.ts) queues nothing: 'alreadyCounted'.
 */
export async function prayForPost(postId: number, tappedAt?: number): Promise<PrayOutcome> {
  // `tappedAt`: when the tap happened, if this runs later (src/commands/lazy.ts loads it first).
  const claim = claimPray(`post:${postId}`, tappedAt);
  if (!claim) return 'alreadyCounted';
  try {
    // Issue #10 P1: the tap shows in the same frame through its intent (src/db/intents.ts).
    await withIntent(`post:${postId}`, () => commitKeyed(claim.key, () => postPrayEntry(postId)));
  } catch (err) {
    claim.release();
    throw err;
  }
  claim.saved();
  return 'counted';
}

async function postPrayEntry(postId: number): Promise<NewOutboxEntry> {
  const id = await currentId('posts', postId);
  await requireRow('posts', id);
  return newEntry('post.pray', { postId: id }, null);
}

/**
 * The prays a page showed and closed before saving (src/commands/pray-gate.ts), saved now under
 * the keys they were journalled with; how many were saved. One whose post or item is gone is
 * dropped (nothing is left to pray for); any other failure keeps it for the next start.
 */
export async function recoverUnsavedPrays(): Promise<number> {
  let saved = 0;
  for (const pray of unsavedPrays()) {
    const [kind, id] = pray.target.split(':');
    const build = kind === 'post' ? () => postPrayEntry(Number(id)) : () => listItemPrayEntry(Number(id));
    try {
      if (await commitKeyed(pray.key, build)) saved += 1;
    } catch (err) {
      if (!(err instanceof CommandError)) continue;
    }
    forgetUnsavedPray(pray.key);
  }
  return saved;
}

/** 'post.bookmark': toggles the bookmark; the server's answer wins (docs/product.md §4). */
export async function toggleBookmark(postId: number): Promise<void> {
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id);
    return newEntry('post.bookmark', { postId: id }, null);
  });
}

/** `groupId` (issue #28): post to one of my groups instead of the community (docs/product.md §11). */
type CreateRequestInput = { text: string; type: PostKind; is_anonymous: boolean; groupId?: number };

function validateRequest(input: CreateRequestInput): string {
  const text = input.text.trim();
  if (text === '') throw fieldError('text', 'Write your request before sharing it.', 'validation.required');
  if (text.length > TEXT_LIMITS.request) {
    throw fieldError('text', `The text may not be longer than ${TEXT_LIMITS.request} characters.`, 'validation.too_long', { max: TEXT_LIMITS.request });
  }
  if (!POST_KINDS.includes(input.type)) throw fieldError('type', 'Choose a request or a thanksgiving.', 'validation.choice');
  return text;
}

/**
 * 'post.create': the post appears in the feed at once under a temporary negative id, which is
 * returned; when the server answers, the id is replaced everywhere (usePost follows it).
 */
export async function createRequest(input: CreateRequestInput): Promise<{ id: number }> {
  const text = validateRequest(input);
  let postId = 0;
  await commit(async () => {
    const { channelId } = await readChannel();
    const group = input.groupId === undefined ? undefined : await requireRow('groups', input.groupId);
    postId = await nextTempId();
    const body = { text, type: input.type, is_anonymous: input.is_anonymous, channel_id: group?.channel_id ?? channelId };
    return newEntry('post.create', group ? { postId, groupId: group.id } : { postId }, body);
  });
  return { id: postId };
}

/** Removes a refused mutation from the list once the user has seen it. */
export async function dismissFailure(id: number): Promise<void> {
  await db.failed.delete(id);
}

/** Removes every refused mutation from the list. */
export async function dismissAllFailures(): Promise<void> {
  await db.failed.clear();
}
