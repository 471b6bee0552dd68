// The registry of named mutations (DESIGN §4). To add one: its payload line in
// src/db/outbox-types.ts, its module beside this file, its line below. The mapped type makes a
// missing or misnamed op a compile error.
import type { NewOutboxEntryOf, OpName, TargetIds } from '../../db/outbox-types';
import type { RowRef } from '../../db/types';
import { commentCreate } from './comment-create';
import { commentDelete } from './comment-delete';
import { commentEdit } from './comment-edit';
import { commentLike } from './comment-like';
import { commentReport } from './comment-report';
import { LIST_OPS } from './list-registry';
import { moderationDecide } from './moderation-decide';
import { noteCreate } from './note-create';
import { noteDelete } from './note-delete';
import { noteEdit } from './note-edit';
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
import { reminderDelete } from './reminder-delete';
import { reminderPut } from './reminder-put';
import { userProfileEdit } from './user-profile-edit';

export const OPS: { [K in OpName]: OpModule<K> } = {
  'post.pray': postPray,
  'post.bookmark': postBookmark,
  'post.create': postCreate,
  'post.edit': postEdit,
  'post.delete': postDelete,
  'post.answer': postAnswer,
  'post.unanswer': postUnanswer,
  'post.report': postReport,
  'comment.create': commentCreate,
  'comment.edit': commentEdit,
  'comment.delete': commentDelete,
  'comment.like': commentLike,
  'comment.report': commentReport,
  'note.create': noteCreate,
  'note.edit': noteEdit,
  'note.delete': noteDelete,
  'notifications.token': notificationsToken,
  'notifications.read': notificationsRead,
  'notifications.readAll': notificationsReadAll,
  'user.profile': userProfileEdit,
  'moderation.decide': moderationDecide,
  'person.hide': personHide,
  'person.show': personShow,
  'reminder.put': reminderPut,
  'reminder.delete': reminderDelete,
  ...LIST_OPS,
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
