// Private notes on posts and on list items (docs/product.md §3 Note, §7;
// docs/architecture/server.md 'Reference server': visible only to their author). One family serves
// both parents (text-parents.ts): every query filters by the caller's id, so another user's note is
// indistinguishable from a missing one (404). Anyone who can see the parent may keep notes on it,
// also on someone else's public list; they are written on an active item only.
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { ApiListItemNote, ApiNote, DeletedResponse, Page } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import { SYNC_PULL_MAX_NOTED_POSTS, type SyncNoteCounts } from '../../common/sync-contract';
import type { Db } from '../db/client';
import { notes } from '../db/schema/comments';
import { posts } from '../db/schema/posts';
import { notFound } from '../http/errors';
import { visibleTo } from './post-view';
import { pageOffset, toPage } from './paging';
import { ITEM_PARENT, POST_PARENT, type TextParent } from './text-parents';

type NoteRow = typeof notes.$inferSelect;

/** A note's own fields, as the API sends them under either parent. */
const noteFields = (row: NoteRow) => ({ note: row.text, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() });

type NoteSide<K, Api, Answer> = {
  parent: TextParent<K, Answer>;
  /** The column of notes that names the parent, and the same as values to insert. */
  column: typeof notes.postId | typeof notes.listItemId;
  values(parentId: number): { postId: number } | { listItemId: number };
  toApi(row: NoteRow, parentId: number): Api;
};

/** The notes of one kind of parent: read (oldest first, a journal), written, edited, removed. */
function noteFamily<K extends { id: number }, Api, Answer>(side: NoteSide<K, Api, Answer>) {
  const ownNotesOf = (parentId: number, userId: number) => and(eq(side.column, parentId), eq(notes.userId, userId), isNull(notes.deletedAt));
  return {
    /** Readable on an archived item too (its owner sees it). */
    async list(db: Db, key: K, userId: number, page: number): Promise<Page<Api>> {
      await side.parent.requireVisible(db, key, userId);
      const where = ownNotesOf(key.id, userId);
      const [counted] = await db.select({ n: count() }).from(notes).where(where);
      const rows = await db.select().from(notes).where(where)
        .orderBy(asc(notes.createdAt), asc(notes.id)).limit(PAGE_SIZE).offset(pageOffset(page));
      return toPage(rows.map((row) => side.toApi(row, key.id)), page, counted?.n ?? 0);
    },

    async create(db: Db, key: K, userId: number, text: string): Promise<{ note: Api } & Answer> {
      await side.parent.requireWritable(db, key, userId);
      const [row] = await db.insert(notes).values({ userId, text, ...side.values(key.id) }).returning();
      if (row === undefined) throw new Error('note insert returned no row');
      return { note: side.toApi(row, key.id), ...(await side.parent.answer(db, key, userId)) };
    },

    async update(db: Db, key: K & { nid: number }, userId: number, text: string): Promise<Api> {
      await side.parent.requireWritable(db, key, userId);
      // Scoped to the caller in the statement itself: another user's note matches no row.
      const [row] = await db.update(notes).set({ text, updatedAt: new Date() })
        .where(and(eq(notes.id, key.nid), ownNotesOf(key.id, userId))).returning();
      if (row === undefined) throw notFound('Note');
      return side.toApi(row, key.id);
    },

    /** Hard delete (docs/decisions/0077-posts-soft-delete-for-posts-and-comments-hard-delete-for.md): a private note the author removes is gone, nothing points at it. */
    async remove(db: Db, key: K & { nid: number }, userId: number): Promise<DeletedResponse & Answer> {
      await side.parent.requireVisible(db, key, userId);
      const removed = await db.delete(notes).where(and(eq(notes.id, key.nid), ownNotesOf(key.id, userId))).returning({ id: notes.id });
      if (removed.length === 0) throw notFound('Note');
      return { id: key.nid, deleted: true, ...(await side.parent.answer(db, key, userId)) };
    },
  };
}

export const postNotes = noteFamily({
  parent: POST_PARENT,
  column: notes.postId,
  values: (postId) => ({ postId }),
  toApi: (row, postId): ApiNote => ({ id: row.id, post_id: postId, ...noteFields(row) }),
});

export const itemNotes = noteFamily({
  parent: ITEM_PARENT,
  column: notes.listItemId,
  values: (listItemId) => ({ listItemId }),
  toApi: (row, itemId): ApiListItemNote => ({ id: row.id, list_item_id: itemId, ...noteFields(row) }),
});

/**
 * GET sync/pull's `note_counts` (common/sync-contract.ts SyncNoteCounts): the caller's notes count
 * on every post they may see and hold live notes on, newest posts first. A note changes no column
 * of its post, so the post change feed cannot carry it
 * (docs/decisions/0184-notes-counts-in-the-one-pull.md); one range of notes_user_post_idx.
 */
export async function noteCounts(db: Db, userId: number): Promise<SyncNoteCounts> {
  const rows = await db.select({ postId: posts.id, count: count() })
    .from(notes)
    .innerJoin(posts, eq(posts.id, notes.postId))
    .where(and(eq(notes.userId, userId), isNull(notes.deletedAt), visibleTo(userId)))
    .groupBy(posts.id)
    .orderBy(desc(posts.id))
    .limit(SYNC_PULL_MAX_NOTED_POSTS + 1);
  return {
    posts: rows.slice(0, SYNC_PULL_MAX_NOTED_POSTS).map((row) => ({ post_id: row.postId, count: row.count })),
    complete: rows.length <= SYNC_PULL_MAX_NOTED_POSTS,
  };
}
