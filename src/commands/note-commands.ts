// Commands on the viewer's private notes on a post (docs/product.md §7 Posts;
// docs/architecture/server.md 'Reference server'): create, edit, delete. Like comments, a note
// written offline has a temporary id until the server answers.
import { commit, newEntry } from './commit';
import { postNotes } from './ops/text-children';
import { checkText, createUnder, deleteChild, postTarget, rowOfPost } from './text-child';

/** 'note.create': shown at once under the returned temporary id; the post's note count goes up. */
export async function createNote(postId: number, text: string): Promise<{ id: number }> {
  const note = checkText.note(text);
  return createUnder(() => postTarget(postId), (post, noteId) => newEntry('note.create', { ...post, noteId }, { note }));
}

/** 'note.edit' (docs/product.md §3 editNote). */
export async function editNote(postId: number, noteId: number, text: string): Promise<void> {
  const note = checkText.note(text);
  await commit(async () => {
    const { row, post } = await rowOfPost('notes', postId, noteId, 'anyone');
    return newEntry('note.edit', { ...post, noteId: row.id }, { note });
  });
}

/** 'note.delete' (docs/product.md §3 deleteNote); a note never sent is cancelled here. */
export async function deleteNote(postId: number, noteId: number): Promise<void> {
  await deleteChild(async () => {
    const { row, post } = await rowOfPost('notes', postId, noteId, 'anyone');
    const target = { ...post, noteId: row.id };
    return { id: row.id, rows: postNotes.withParent(target), entry: () => newEntry('note.delete', target, null) };
  });
}
