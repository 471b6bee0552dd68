// Comment and note commands (src/commands/comment-commands.ts, note-commands.ts): temporary ids,
// shown counts = server count + local pending, entries waiting for what they need, and deleting
// what was never sent cancels it
// (docs/decisions/0017-sync-engine-posts-deleting-what-was-never-sent-cancels-it.md).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createComment, createNote, createRequest, deleteComment, deleteNote, editComment, editNote, reportComment, toggleCommentLike,
} from '../../src/commands';
import { rebaseRows, requiredIdsOf } from '../../src/commands/ops/registry';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { readComments, readNotes, readPost } from '../../src/db/reads';
import { apiComment, commentRow, MEMBER, noteRow, postRow } from './fixtures';
import { onlyEntry, refuseEntry } from './outbox-helpers';
import { putServerRows } from '../../src/model/rows';

beforeEach(async () => {
  await clearAllTables();
  await setMeta('auth', { memberToken: 'm', guestToken: null, user: MEMBER, guest: null, expired: false });
  await db.posts.put(postRow({ id: 1, commentCount: 2, noteCount: 1, user_id: 9, is_mine: false }));
  await db.comments.bulkPut([commentRow({ id: 100, is_mine: false, likeCount: 3 }), commentRow({ id: 101, is_mine: true, user: { id: MEMBER.id, username: 'ruth', name: 'Ruth', avatar: null } })]);
  await db.notes.put(noteRow({ id: 200 }));
});

const ops = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => e.op);

describe('createComment', () => {
  it('shows the comment at once under a temporary id and counts it', async () => {
    const { id } = await createComment(1, '  Amen  ');
    expect(id).toBeLessThan(0);
    const comments = await readComments(1);
    expect(comments.map((c) => c.id)).toEqual([100, 101, id]);
    expect(comments[2]).toMatchObject({ comment: 'Amen', is_mine: true, isLocalOnly: true, user: { username: 'ruth' } });
    expect((await readPost(1))?.shownCommentCount).toBe(3);
    expect((await db.outbox.toArray())[0]).toMatchObject({ op: 'comment.create', target: { postId: 1, commentId: id }, body: { comment: 'Amen' } });
  });

  it('refuses empty and over-long comments with a field error', async () => {
    await expect(createComment(1, ' ')).rejects.toMatchObject({ status: 422, errors: { comment: ['Write a comment'] } });
    await expect(createComment(1, 'x'.repeat(1001))).rejects.toMatchObject({ status: 422, errors: { comment: ['Keep it under 1000 characters'] } });
  });

  it('on a request written offline, waits for it; an edit of the new comment waits for the comment', async () => {
    const post = await createRequest({ text: 'Offline', type: 'REQUEST', is_anonymous: false });
    const comment = await createComment(post.id, 'First');
    await editComment(post.id, comment.id, 'First, edited');
    const [, create, edit] = await db.outbox.orderBy('seq').toArray();
    expect(create && requiredIdsOf(create)).toEqual([post.id]);
    expect(edit && requiredIdsOf(edit)).toEqual([post.id, comment.id]);
    expect((await readComments(post.id))[0]?.comment).toBe('First, edited');
    expect((await readPost(post.id))?.shownCommentCount).toBe(1);
  });
});

describe('deleteComment', () => {
  it('of a comment never sent: cancels its create and what was queued on it', async () => {
    const { id } = await createComment(1, 'Oops');
    await toggleCommentLike(1, id);
    await deleteComment(1, id);
    expect(await db.outbox.count()).toBe(0);
    expect((await readComments(1)).map((c) => c.id)).toEqual([100, 101]);
    expect((await readPost(1))?.shownCommentCount).toBe(2);
  });

  it('of a server comment: hidden and uncounted until acknowledged; a refusal brings it back', async () => {
    await deleteComment(1, 101);
    expect((await readComments(1)).map((c) => c.id)).toEqual([100]);
    expect((await readPost(1))?.shownCommentCount).toBe(1);
    await refuseEntry(await onlyEntry(), 403);
    expect((await readComments(1)).map((c) => c.id)).toEqual([100, 101]);
    expect((await readPost(1))?.shownCommentCount).toBe(2);
  });

  it("someone else's comment on someone else's post is not mine to delete", async () => {
    await expect(deleteComment(1, 100)).rejects.toMatchObject({ status: 403 });
  });
});

describe('likes, edits and reports', () => {
  it('a like shows at once; two toggles end where they began', async () => {
    await toggleCommentLike(1, 100);
    expect((await readComments(1))[0]).toMatchObject({ isLiked: true, shownLikeCount: 4, likeCount: 3 });
    await toggleCommentLike(1, 100);
    expect((await readComments(1))[0]).toMatchObject({ isLiked: false, shownLikeCount: 3 });
    expect(await ops()).toEqual(['comment.like', 'comment.like']);
  });

  it('a pending edit survives a pull of the comments', async () => {
    await editComment(1, 101, 'Edited');
    await db.transaction('rw', writeTables(), async () => {
      await putServerRows('comments', [apiComment({ id: 101, comment: 'Original', is_mine: true })]);
      await rebaseRows([{ table: 'comments', id: 101 }]);
    });
    expect((await readComments(1))[1]?.comment).toBe('Edited');
  });

  it('only the author edits; only others report', async () => {
    await expect(editComment(1, 100, 'Not mine')).rejects.toMatchObject({ status: 403 });
    await expect(reportComment(1, 101, 'spam')).rejects.toMatchObject({ status: 403 });
    await reportComment(1, 100, 'offensive');
    expect((await readComments(1))[0]?.isReported).toBe(true);
    expect(await ops()).toEqual(['comment.report']);
  });
});

describe('notes', () => {
  it('create, edit and delete, with the shown note count', async () => {
    const { id } = await createNote(1, 'Day two');
    expect((await readNotes(1)).map((n) => [n.id, n.note])).toEqual([[200, 'Asked again today'], [id, 'Day two']]);
    expect((await readPost(1))?.shownNoteCount).toBe(2);
    await editNote(1, 200, 'Asked again, edited');
    await deleteNote(1, id);
    expect(await ops()).toEqual(['note.edit']);
    expect((await readNotes(1)).map((n) => n.note)).toEqual(['Asked again, edited']);
    await deleteNote(1, 200);
    expect(await readNotes(1)).toEqual([]);
    expect((await readPost(1))?.shownNoteCount).toBe(0);
    expect(await ops()).toEqual(['note.edit', 'note.delete']);
  });

  it('refuses an empty note and a note that is not here', async () => {
    await expect(createNote(1, '')).rejects.toMatchObject({ status: 422, errors: { note: ['Write a note'] } });
    await expect(editNote(1, 999, 'x')).rejects.toMatchObject({ status: 404 });
  });
});
