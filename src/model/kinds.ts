// The kinds of local rows that carry intent (docs/architecture/local-store.md 'Local database'),
// each declared once: its table, the target field that names it in an outbox entry, the op that
// makes it under a temporary id, its parent, where its real id is remembered, its empty intent and
// its merge. Every machinery of the model (src/model/rows.ts, rebase.ts) and of the commands
// (guards, cancel-unsent) reads these declarations; a new kind of row is added here, not by copying
// code.
import type { InsertType, Table } from 'dexie';
import type { ApiComment, ApiList, ApiListItem, ApiListItemComment, ApiListItemNote, ApiNote, ApiPost } from '../../common/contract';
import { db } from './db';
import type { OpName, TargetField } from './outbox-types';
import {
  EMPTY_COMMENT_LOCAL, EMPTY_LIST_ITEM_LOCAL, EMPTY_LIST_LOCAL, EMPTY_NOTE_LOCAL, EMPTY_POST_LOCAL, type CommentRow, type ItemCommentRow,
  type ItemNoteRow, type ListItemRow, type ListRow, type LocalTable, type NoteRow, type PostRow,
} from './types';
import { mergePlain, mergePrayed, mergeServerPost, mergeTimed } from './merge';
import type { ApiGroup } from '../../common/group-contract';
import { EMPTY_GROUP_LOCAL, type GroupRow } from './group-types';

/** The local row of each kind. */
export type RowOf = {
  posts: PostRow; comments: CommentRow; notes: NoteRow; lists: ListRow; listItems: ListItemRow; itemComments: ItemCommentRow; itemNotes: ItemNoteRow;
  groups: GroupRow;
};
/** The row of each kind as the server sends it. */
export type ServerRowOf = {
  posts: ApiPost; comments: ApiComment; notes: ApiNote; lists: ApiList; listItems: ApiListItem; itemComments: ApiListItemComment; itemNotes: ApiListItemNote;
  groups: ApiGroup;
};

export type Kind<Row extends { id: number; local: object }, Server> = {
  table(): Table<Row, number, InsertType<Row, 'id'>>;
  /** The field of an outbox entry's target that names a row of this kind. */
  targetField: TargetField;
  /** The op that makes a row of this kind on the device, under a temporary id. */
  createOp: OpName;
  /** The row this one belongs to, named by `field`: it follows that row's real id and goes with it. */
  parent?: { table: LocalTable; field: keyof Row & string };
  /** The meta key where a temporary id's real one is kept, for screens still holding the old one. */
  idMap?: 'postIdMap' | 'listIdMap' | 'groupIdMap';
  /** The intent of a row with nothing pending: what the rebase resets it to. */
  emptyLocal(): Row['local'];
  /** A server row over the local one (src/model/merge.ts); the result has no local intent. */
  merge(existing: Row | undefined, incoming: Server): Row;
};

type KindOf<T extends LocalTable> = Kind<RowOf[T], ServerRowOf[T]>;

export const KINDS: { [T in LocalTable]: KindOf<T> } = {
  posts: {
    table: () => db.posts,
    targetField: 'postId',
    createOp: 'post.create',
    // Issue #28: a group's posts follow its real id and go with it (a device that left or lost it).
    parent: { table: 'groups', field: 'group_id' },
    idMap: 'postIdMap',
    emptyLocal: () => ({ ...EMPTY_POST_LOCAL }),
    merge: mergeServerPost,
  },
  comments: {
    table: () => db.comments,
    targetField: 'commentId',
    createOp: 'comment.create',
    parent: { table: 'posts', field: 'post_id' },
    emptyLocal: () => ({ ...EMPTY_COMMENT_LOCAL }),
    merge: (existing, incoming) => mergeTimed(existing, incoming, { ...EMPTY_COMMENT_LOCAL }),
  },
  notes: {
    table: () => db.notes,
    targetField: 'noteId',
    createOp: 'note.create',
    parent: { table: 'posts', field: 'post_id' },
    emptyLocal: () => ({ ...EMPTY_NOTE_LOCAL }),
    merge: (existing, incoming) => mergeTimed(existing, incoming, { ...EMPTY_NOTE_LOCAL }),
  },
  lists: {
    table: () => db.lists,
    targetField: 'listId',
    createOp: 'list.create',
    // Issue #28 item 4: a group's lists follow its real id and go with it, as its posts do.
    parent: { table: 'groups', field: 'group_id' },
    idMap: 'listIdMap',
    emptyLocal: () => ({ ...EMPTY_LIST_LOCAL }),
    merge: (_existing, incoming) => mergePlain(incoming, { ...EMPTY_LIST_LOCAL }),
  },
  listItems: {
    table: () => db.listItems,
    targetField: 'itemId',
    createOp: 'listItem.create',
    parent: { table: 'lists', field: 'post_list_id' },
    idMap: 'listIdMap',
    emptyLocal: () => ({ ...EMPTY_LIST_ITEM_LOCAL }),
    merge: (existing, incoming) => mergePrayed(existing, incoming, { ...EMPTY_LIST_ITEM_LOCAL }),
  },
  itemComments: {
    table: () => db.itemComments,
    targetField: 'itemCommentId',
    createOp: 'listItemComment.create',
    parent: { table: 'listItems', field: 'list_item_id' },
    emptyLocal: () => ({ ...EMPTY_COMMENT_LOCAL }),
    merge: (existing, incoming) => mergeTimed(existing, incoming, { ...EMPTY_COMMENT_LOCAL }),
  },
  itemNotes: {
    table: () => db.itemNotes,
    targetField: 'itemNoteId',
    createOp: 'listItemNote.create',
    parent: { table: 'listItems', field: 'list_item_id' },
    emptyLocal: () => ({ ...EMPTY_NOTE_LOCAL }),
    merge: (existing, incoming) => mergeTimed(existing, incoming, { ...EMPTY_NOTE_LOCAL }),
  },
  groups: {
    table: () => db.groups,
    targetField: 'groupId',
    createOp: 'group.create',
    idMap: 'groupIdMap',
    emptyLocal: () => ({ ...EMPTY_GROUP_LOCAL }),
    merge: (_existing, incoming) => mergePlain(incoming, { ...EMPTY_GROUP_LOCAL }),
  },
};

/** Every kind, in the order the rebase resets them. */
export const LOCAL_TABLES: readonly LocalTable[] = ['groups', 'posts', 'comments', 'notes', 'lists', 'listItems', 'itemComments', 'itemNotes'];

/** The kinds whose rows belong to a row of `table` (comments and notes of a post...). */
export function childrenOf(table: LocalTable): { table: LocalTable; field: string }[] {
  return LOCAL_TABLES.flatMap((child) => {
    const { parent } = KINDS[child];
    return parent?.table === table ? [{ table: child, field: parent.field }] : [];
  });
}
