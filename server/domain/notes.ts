// Private notes on posts (docs/product.md §3 Note; docs/architecture.md 'Reference server': visible only to their author). Every query
// filters by the caller's id, so another user's note is indistinguishable from a missing one (404).
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { ApiNote, NoteChangeResponse, NoteDeletedResponse, Page } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import { SYNC_PULL_MAX_NOTED_POSTS, type SyncNoteCounts } from '../../common/sync-contract';
import type { Db } from '../db/client';
import { notes } from '../db/schema/comments';
import { posts } from '../db/schema/posts';
import { notFound } from '../http/errors';
import { requireVisiblePost } from './post-owner';
import { visibleTo } from './post-view';
import { pageOffset, toPage } from './paging';

type NoteRow = typeof notes.$inferSelect;

function toApiNote(row: NoteRow, postId: number): ApiNote {
  return { id: row.id, post_id: postId, note: row.text, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

function ownNotesOf(postId: number, userId: number) {
  return and(eq(notes.postId, postId), eq(notes.userId, userId), isNull(notes.deletedAt));
}

/** Oldest first: notes on one request read as a journal. */
export async function listNotes(db: Db, postId: number, userId: number, page: number): Promise<Page<ApiNote>> {
  await requireVisiblePost(db, postId, userId);
  const where = ownNotesOf(postId, userId);
  const [counted] = await db.select({ n: count() }).from(notes).where(where);
  const total = counted?.n ?? 0;
  const rows = await db.select().from(notes).where(where)
    .orderBy(asc(notes.createdAt), asc(notes.id)).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((row) => toApiNote(row, postId)), page, total);
}

export async function createNote(db: Db, postId: number, userId: number, text: string): Promise<NoteChangeResponse> {
  await requireVisiblePost(db, postId, userId);
  const [row] = await db.insert(notes).values({ userId, postId, text }).returning();
  if (row === undefined) throw new Error('note insert returned no row');
  return { note: toApiNote(row, postId), post: await requireVisiblePost(db, postId, userId) };
}

export async function updateNote(db: Db, postId: number, noteId: number, userId: number, text: string): Promise<ApiNote> {
  await requireVisiblePost(db, postId, userId);
  // Scoped to the caller in the statement itself: another user's note matches no row.
  const [row] = await db.update(notes).set({ text, updatedAt: new Date() })
    .where(and(eq(notes.id, noteId), ownNotesOf(postId, userId))).returning();
  if (row === undefined) throw notFound('Note');
  return toApiNote(row, postId);
}

/** Hard delete (docs/decisions.md): a private note the author removes is gone, nothing points at it. */
export async function deleteNote(db: Db, postId: number, noteId: number, userId: number): Promise<NoteDeletedResponse> {
  await requireVisiblePost(db, postId, userId);
  const removed = await db.delete(notes).where(and(eq(notes.id, noteId), ownNotesOf(postId, userId))).returning({ id: notes.id });
  if (removed.length === 0) throw notFound('Note');
  return { id: noteId, deleted: true, post: await requireVisiblePost(db, postId, userId) };
}

/**
 * GET sync/pull's `note_counts` (common/sync-contract.ts SyncNoteCounts): the caller's notes count
 * on every post they may see and hold live notes on, newest posts first. A note changes no column
 * of its post, so the post change feed cannot carry it (docs/decisions.md 'Notes counts in the one
 * pull'); one range of notes_user_post_idx.
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
