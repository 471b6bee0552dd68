// Commands on the viewer's private notes on a post (docs/product.md §7 Posts; docs/architecture.md 'Reference server'): create, edit,
// delete. Like comments, a note written offline has a temporary id until the server answers.
import { TEXT_LIMITS } from '../../common/constants';
import { cancelUnsent } from './cancel-unsent';
import { commit, commitOrSettle, newEntry, nextTempId } from './commit';
import { requireRow, requireText } from './guards';
import { currentId } from '../model/rows';
import { noteRows } from './ops/op-types';

const noteText = (text: string) => requireText('note', text, TEXT_LIMITS.note, 'Write a note');

/** 'note.create': shown at once under the returned temporary id; the post's note count goes up. */
export async function createNote(postId: number, text: string): Promise<{ id: number }> {
  const note = noteText(text);
  let tempId = 0;
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id);
    tempId = await nextTempId();
    return newEntry('note.create', { postId: id, noteId: tempId }, { note });
  });
  return { id: tempId };
}

/** 'note.edit' (docs/product.md §3 editNote). */
export async function editNote(postId: number, noteId: number, text: string): Promise<void> {
  const note = noteText(text);
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('notes', noteId, { under: id });
    return newEntry('note.edit', { postId: id, noteId }, { note });
  });
}

/** 'note.delete' (docs/product.md §3 deleteNote); a note never sent is cancelled here. */
export async function deleteNote(postId: number, noteId: number): Promise<void> {
  await commitOrSettle(async () => {
    const id = await currentId('posts', postId);
    await requireRow('notes', noteId, { under: id });
    if (await cancelUnsent(noteId, noteRows({ postId: id, noteId }))) return null;
    return newEntry('note.delete', { postId: id, noteId }, null);
  });
}
