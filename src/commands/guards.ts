// Checks a command makes inside its transaction before it writes anything: the local rows it
// acts on exist, the viewer may act on them (SPEC §6, the same rules the server applies, so a
// change that would be refused is not queued), and texts fit their limits (DESIGN §7).
import { db } from '../db/db';
import { getMeta } from '../db/meta';
import type { CommentRow, NoteRow, PostRow } from '../db/types';
import { CommandError, fieldError } from './command-error';

// SPEC §5 banner wording for the statuses the UI maps (src/components/api-error.ts).
const NOT_FOUND = 'Content not found';
const FORBIDDEN = 'You do not have permission to access this content';

/** A screen may still hold the temporary id of a post that has since got its real one. */
export async function currentPostId(id: number): Promise<number> {
  if (id > 0 || (await db.posts.get(id))) return id;
  return (await getMeta('postIdMap'))?.[String(id)] ?? id;
}

/** The post (not deleted here); `owner`: only its owner may act (SPEC §6), `others`: only non-owners. */
export async function requirePost(id: number, who: 'anyone' | 'owner' | 'others' = 'anyone'): Promise<PostRow> {
  const post = await db.posts.get(id);
  if (!post || post.local.deleted) throw new CommandError(404, NOT_FOUND);
  if ((who === 'owner' && !post.is_mine) || (who === 'others' && post.is_mine)) throw new CommandError(403, FORBIDDEN);
  return post;
}

export async function requireComment(postId: number, commentId: number): Promise<CommentRow> {
  const comment = await db.comments.get(commentId);
  if (!comment || comment.post_id !== postId || comment.local.deleted) throw new CommandError(404, NOT_FOUND);
  return comment;
}

export async function requireNote(postId: number, noteId: number): Promise<NoteRow> {
  const note = await db.notes.get(noteId);
  if (!note || note.post_id !== postId || note.local.deleted) throw new CommandError(404, NOT_FOUND);
  return note;
}

export function forbidden(): CommandError {
  return new CommandError(403, FORBIDDEN);
}

/** Trimmed text within 1..limit characters, else a 422 on `field` (the server's wording). */
export function requireText(field: string, value: string, limit: number, emptyMessage: string): string {
  const text = value.trim();
  if (text === '') throw fieldError(field, emptyMessage);
  if (text.length > limit) throw fieldError(field, `Keep it under ${limit} characters`);
  return text;
}
