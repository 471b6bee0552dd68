// Private notes on list items (docs/product.md §7 List item notes; docs/architecture.md 'Reference server': visible only to their
// author), like notes on posts (domain/notes.ts). Every query filters by the caller's id, so another
// user's note is indistinguishable from a missing one (404). Anyone who can see the item may keep
// notes on it, also on someone else's public list.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { ApiListItemNote, ListItemChildDeletedResponse, ListItemNoteChangeResponse, Page } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { notes } from '../db/schema/comments';
import { notFound } from '../http/errors';
import { requireActiveItem, requireVisibleItem } from './list-items';
import { pageOffset, toPage } from './paging';

type NoteRow = typeof notes.$inferSelect;

function toApiNote(row: NoteRow, itemId: number): ApiListItemNote {
  return { id: row.id, list_item_id: itemId, note: row.text, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

function ownNotesOf(itemId: number, userId: number) {
  return and(eq(notes.listItemId, itemId), eq(notes.userId, userId), isNull(notes.deletedAt));
}

/** Oldest first: notes on one prayer read as a journal. Readable on an archived item too (its owner sees it). */
export async function listItemNotes(db: Db, listId: number, itemId: number, userId: number, page: number): Promise<Page<ApiListItemNote>> {
  await requireVisibleItem(db, listId, itemId, userId);
  const where = ownNotesOf(itemId, userId);
  const [counted] = await db.select({ n: count() }).from(notes).where(where);
  const rows = await db.select().from(notes).where(where)
    .orderBy(asc(notes.createdAt), asc(notes.id)).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((row) => toApiNote(row, itemId)), page, counted?.n ?? 0);
}

export async function createItemNote(db: Db, listId: number, itemId: number, userId: number, text: string): Promise<ListItemNoteChangeResponse> {
  await requireActiveItem(db, listId, itemId, userId);
  const [row] = await db.insert(notes).values({ userId, listItemId: itemId, text }).returning();
  if (row === undefined) throw new Error('note insert returned no row');
  return { note: toApiNote(row, itemId), item: await requireVisibleItem(db, listId, itemId, userId) };
}

export async function updateItemNote(db: Db, listId: number, itemId: number, noteId: number, userId: number, text: string): Promise<ApiListItemNote> {
  await requireActiveItem(db, listId, itemId, userId);
  const [row] = await db.update(notes).set({ text, updatedAt: new Date() })
    .where(and(eq(notes.id, noteId), ownNotesOf(itemId, userId))).returning();
  if (row === undefined) throw notFound('Note');
  return toApiNote(row, itemId);
}

/** Hard delete, as for notes on posts: a private note its author removes is gone. */
export async function deleteItemNote(db: Db, listId: number, itemId: number, noteId: number, userId: number): Promise<ListItemChildDeletedResponse> {
  await requireVisibleItem(db, listId, itemId, userId);
  const removed = await db.delete(notes).where(and(eq(notes.id, noteId), ownNotesOf(itemId, userId))).returning({ id: notes.id });
  if (removed.length === 0) throw notFound('Note');
  return { id: noteId, deleted: true, item: await requireVisibleItem(db, listId, itemId, userId) };
}
