// The list side's part of the op registry (src/commands/ops/registry.ts spreads it into OPS).
import type { ListOps } from '../../db/list-outbox-types';
import { listCreate } from './list-create';
import { listDelete } from './list-delete';
import { listEdit } from './list-edit';
import { listItemArchive } from './list-item-archive';
import { listItemBookmark } from './list-item-bookmark';
import { listItemCommentCreate } from './list-item-comment-create';
import { listItemCommentDelete } from './list-item-comment-delete';
import { listItemCommentEdit } from './list-item-comment-edit';
import { listItemCommentReport } from './list-item-comment-report';
import { listItemCreate } from './list-item-create';
import { listItemDelete } from './list-item-delete';
import { listItemEdit } from './list-item-edit';
import { listItemNoteCreate } from './list-item-note-create';
import { listItemNoteDelete } from './list-item-note-delete';
import { listItemNoteEdit } from './list-item-note-edit';
import { listItemPray } from './list-item-pray';
import { listItemRestore } from './list-item-restore';
import type { OpModule } from './op-types';
import { userChannel } from './user-channel';
import { userLocale } from './user-locale';
import { userPrayerSessionItemsQtd } from './user-session-items-qtd';
import { userSessionFinished } from './user-session-finished';
import { userTodaySession } from './user-today-session';

export const LIST_OPS: { [K in keyof ListOps]: OpModule<K> } = {
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
  'listItemNote.create': listItemNoteCreate,
  'listItemNote.edit': listItemNoteEdit,
  'listItemNote.delete': listItemNoteDelete,
  'listItemComment.create': listItemCommentCreate,
  'listItemComment.edit': listItemCommentEdit,
  'listItemComment.delete': listItemCommentDelete,
  'listItemComment.report': listItemCommentReport,
  'user.todaySession': userTodaySession,
  'user.sessionFinished': userSessionFinished,
  'user.locale': userLocale,
  'user.channel': userChannel,
  'user.prayerSessionItemsQtd': userPrayerSessionItemsQtd,
};
