// The registry of named mutations, posts and lists alike (docs/architecture/ops-and-screens.md 'The
// op registry'). To add one: its payload line in src/model/outbox-types.ts, its module beside this
// file, its line below. The mapped type makes a missing or misnamed op a compile error.
import type { NewOutboxEntryOf, OpName, OutboxEntry, TargetIds } from '../../model/outbox-types';
import type { RowRef } from '../../model/types';
import { rebaseWith } from '../../model/rebase';
import { commentLike } from './comment-like';
import { groupCreate } from './group-create';
import { groupDecideRequest } from './group-decide-request';
import { groupDelete } from './group-delete';
import { groupEdit } from './group-edit';
import { groupJoin } from './group-join';
import { groupJoinRequest } from './group-join-request';
import { groupLeave } from './group-leave';
import { groupRemoveMember } from './group-remove-member';
import { groupRotateInvite } from './group-rotate-invite';
import { groupSetRole } from './group-set-role';
import { groupNotify } from './group-notify';
import { groupModerate } from './group-moderate';
import { listCreate } from './list-create';
import { listDelete } from './list-delete';
import { listEdit } from './list-edit';
import { listItemArchive } from './list-item-archive';
import { listItemBookmark } from './list-item-bookmark';
import { listItemCreate } from './list-item-create';
import { listItemDelete } from './list-item-delete';
import { listItemEdit } from './list-item-edit';
import { listItemPray } from './list-item-pray';
import { listItemRestore } from './list-item-restore';
import { moderationDecide } from './moderation-decide';
import { notificationsRead, notificationsReadAll } from './notifications-read';
import { notificationsToken } from './notifications-token';
import type { OpModule } from './op-types';
import { personHide, personShow } from './person-hide';
import { postAnswer } from './post-answer';
import { postBookmark } from './post-bookmark';
import { postCreate } from './post-create';
import { postDelete } from './post-delete';
import { postEdit } from './post-edit';
import { postPray } from './post-pray';
import { postReport } from './post-report';
import { postUnanswer } from './post-unanswer';
import { postUpdateCreate } from './post-update-create';
import { postUpdateDelete } from './post-update-delete';
import { reminderDelete } from './reminder-delete';
import { reminderPut } from './reminder-put';
import {
  userChannel, userLocale, userPrayerSessionItemsQtd, userProfileEdit, userSessionFinished, userTodaySession,
} from './user-profile';
import { itemComments, itemNotes, postComments, postNotes } from './text-children';

export const OPS: { [K in OpName]: OpModule<K> } = {
  'post.pray': postPray,
  'post.bookmark': postBookmark,
  'post.create': postCreate,
  'post.edit': postEdit,
  'post.delete': postDelete,
  'post.answer': postAnswer,
  'post.unanswer': postUnanswer,
  'post.report': postReport,
  'comment.create': postComments.create,
  'comment.edit': postComments.edit,
  'comment.delete': postComments.delete,
  'comment.like': commentLike,
  'comment.report': postComments.report,
  'note.create': postNotes.create,
  'note.edit': postNotes.edit,
  'note.delete': postNotes.delete,
  'postUpdate.create': postUpdateCreate,
  'postUpdate.delete': postUpdateDelete,
  'notifications.token': notificationsToken,
  'notifications.read': notificationsRead,
  'notifications.readAll': notificationsReadAll,
  'user.profile': userProfileEdit,
  'moderation.decide': moderationDecide,
  'person.hide': personHide,
  'person.show': personShow,
  'reminder.put': reminderPut,
  'reminder.delete': reminderDelete,
  'list.create': listCreate,
  'list.edit': listEdit,
  'list.delete': listDelete,
  'listItem.create': listItemCreate,
  'listItem.edit': listItemEdit,
  'listItem.archive': listItemArchive,
  'listItem.restore': listItemRestore,
  'listItem.delete': listItemDelete,
  'listItem.pray': listItemPray,
  'listItem.bookmark': listItemBookmark,
  'listItemNote.create': itemNotes.create,
  'listItemNote.edit': itemNotes.edit,
  'listItemNote.delete': itemNotes.delete,
  'listItemComment.create': itemComments.create,
  'listItemComment.edit': itemComments.edit,
  'listItemComment.delete': itemComments.delete,
  'listItemComment.report': itemComments.report,
  'user.todaySession': userTodaySession,
  'user.sessionFinished': userSessionFinished,
  'user.locale': userLocale,
  'user.channel': userChannel,
  'user.prayerSessionItemsQtd': userPrayerSessionItemsQtd,
  'group.create': groupCreate,
  'group.join': groupJoin,
  'group.joinRequest': groupJoinRequest,
  'group.leave': groupLeave,
  'group.edit': groupEdit,
  'group.setRole': groupSetRole,
  'group.removeMember': groupRemoveMember,
  'group.rotateInvite': groupRotateInvite,
  'group.delete': groupDelete,
  'group.decideRequest': groupDecideRequest,
  'group.notify': groupNotify,
  'group.moderate': groupModerate,
};

export function opFor<K extends OpName>(name: K): OpModule<K> {
  return OPS[name];
}

/** Runs the op's optimistic change for an entry of any op. */
export function applyEntry<K extends OpName>(entry: NewOutboxEntryOf<K>): Promise<void> {
  return opFor(entry.op).apply(entry);
}

/** Ids that must exist on the server before the entry can be sent (see OpModule.requires). */
export function requiredIdsOf<K extends OpName>(entry: NewOutboxEntryOf<K>): number[] {
  const op = opFor(entry.op);
  if (op.requires) return op.requires(entry);
  const ids: TargetIds = entry.target;
  return Object.values(ids).filter((id): id is number => typeof id === 'number');
}

export function rowsOf<K extends OpName>(entry: NewOutboxEntryOf<K>): RowRef[] {
  return opFor(entry.op).rows(entry);
}

/** What the rebase asks of the ops: each entry's rows and its change (src/model/rebase.ts EntryIntent). */
const OP_INTENT = { rowsOf, applyAll: applyEntries };

/**
 * The rebase of these rows (src/model/rebase.ts) with each pending entry's own rows and change:
 * used by the worker (after a pull, an ack, a refusal) and the commands (a cancelled create).
 */
export function rebaseRows(seed: RowRef[]): Promise<void> {
  return rebaseWith(OP_INTENT, seed);
}

/**
 * The rebase of rows the caller has just stored with putServerRows (src/model/rows.ts), in the same
 * transaction: they hold the server's values already, so only pending intent goes on top of them.
 */
export function rebasePutRows(seed: RowRef[]): Promise<void> {
  return rebaseWith(OP_INTENT, seed, true);
}

/** `items` cut into runs of consecutive items that `sameRun` keeps together (each run non-empty). */
export function runsOf<T>(items: readonly T[], sameRun: (first: T, next: T) => boolean): T[][] {
  const runs: T[][] = [];
  for (const item of items) {
    const run = runs.at(-1);
    const first = run?.[0];
    if (run && first !== undefined && sameRun(first, item)) run.push(item);
    else runs.push([item]);
  }
  return runs;
}

/** Entries in seq order, each run of one op with an `applyRun` applied at once (OpModule.applyRun). */
async function applyEntries(entries: readonly OutboxEntry[]): Promise<void> {
  for (const run of runsOf(entries, (first, next) => first.op === next.op)) {
    const [first] = run;
    if (first === undefined) continue;
    // The run holds entries of first.op only (cut where the op changes).
    const op: OpModule<OpName> = opFor(first.op);
    if (op.applyRun && run.length > 1) await op.applyRun(run);
    else for (const entry of run) await op.apply(entry);
  }
}
