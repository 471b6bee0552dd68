// 'note.create' (docs/product.md §7 POST post/{id}/note): a private note (docs/architecture.md 'Reference server'), shown at once under a
// temporary negative id; the post's shown noteCount goes up by one until the server's count
// carries it. A note on a request written offline waits for that request (requires).
import { db } from '../../model/db';
import { EMPTY_NOTE_LOCAL, type NoteRow } from '../../model/types';
import { putServerRows, rewriteTempId } from '../../model/rows';
import { entryTime, modifyRow } from './local-rows';
import { type EntryOf, noteRows, type OpModule, postRow } from './op-types';

function temporaryNote(entry: EntryOf<'note.create'>): NoteRow {
  const at = entryTime(entry);
  return {
    id: entry.target.noteId,
    post_id: entry.target.postId,
    note: entry.body.note,
    created_at: at,
    updated_at: at,
    createdAtMs: entry.createdAt,
    local: { ...EMPTY_NOTE_LOCAL },
  };
}

export const noteCreate: OpModule<'note.create'> = {
  name: 'note.create',
  rows: (entry) => noteRows(entry.target),
  async apply(entry) {
    await db.notes.put(temporaryNote(entry));
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.noteDelta += 1;
    });
  },
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/note`, body: { note: entry.body.note } }),
  requires: (entry) => [entry.target.postId],
  async onAck(entry, response, ctx) {
    await rewriteTempId('notes', entry.target.noteId, response.note.id);
    await putServerRows('notes', [response.note]);
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(noteRows({ postId: entry.target.postId, noteId: response.note.id }));
  },
  async onRefuse(entry, error, ctx) {
    await db.notes.delete(entry.target.noteId);
    await ctx.refuseDependents(entry.target.noteId, error);
    await ctx.rebase(postRow(entry.target.postId));
  },
};
