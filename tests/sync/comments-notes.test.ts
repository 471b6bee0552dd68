// Comments and notes through the outbox against the real server (docs/architecture/sync-protocol.md
// 'Outbox and sync protocol'): written offline on a request written offline, they wait for it and
// arrive with real ids; the post detail pull (post, comments, notes) never undoes a pending change;
// counts = server + local pending.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiComment, ApiNote, CommentChangeResponse, Page, PostResponse } from '../../common/contract';
import {
  createComment, createNote, createRequest, deleteComment, deleteNote, editComment, editNote, toggleCommentLike,
} from '../../src/commands';
import { db } from '../../src/model/db';
import { readComments, readNotes, readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { pullPost } from '../../worker/pull-post';
import { pullFeed } from '../../worker/pull';
import { direct, mutations, otherGuestToken, sentMutations, useHarness } from './support';

const h = useHarness();

async function serverComments(postId: number): Promise<ApiComment[]> {
  return (await direct<Page<ApiComment>>(h, { path: `post/${postId}/comments` })).data;
}

async function serverNotes(postId: number): Promise<ApiNote[]> {
  return (await direct<Page<ApiNote>>(h, { path: `post/${postId}/notes` })).data;
}

describe('written offline', () => {
  it('a request, a comment on it, an edit of that comment and a note arrive in order with real ids', async () => {
    const post = await createRequest({ text: 'Pray for the harvest', type: 'REQUEST', is_anonymous: false });
    const comment = await createComment(post.id, 'Rain, please');
    await editComment(post.id, comment.id, 'Rain soon, please');
    const note = await createNote(post.id, 'Asked the elders too');
    expect(await readPost(post.id)).toMatchObject({ shownCommentCount: 1, shownNoteCount: 1, isLocalOnly: true });

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 4, refused: 0, remaining: 0 });

    const realId = (await readPost(post.id))?.id ?? 0;
    expect(realId).toBeGreaterThan(0);
    expect(sentMutations(h.calls).map((c) => [c.method, c.path.replace(/\d+/g, 'n')])).toEqual([
      ['POST', 'post'],
      ['POST', 'post/n/comment'],
      ['PUT', 'post/n/comment/n'],
      ['POST', 'post/n/note'],
    ]);
    const [onServer] = await serverComments(realId);
    expect(onServer).toMatchObject({ comment: 'Rain soon, please', is_mine: true });
    expect((await serverNotes(realId)).map((n) => n.note)).toEqual(['Asked the elders too']);
    expect((await readComments(realId)).map((c) => [c.id, c.comment, c.isPending])).toEqual([[onServer?.id, 'Rain soon, please', false]]);
    expect(await db.comments.get(comment.id)).toBeUndefined();
    expect(await db.notes.get(note.id)).toBeUndefined();
    expect(await readPost(realId)).toMatchObject({ commentCount: 1, shownCommentCount: 1, noteCount: 1, shownNoteCount: 1, isPending: false });
  });

  it('a comment deleted before it was sent never reaches the server', async () => {
    const postId = (await db.posts.orderBy('id').first())?.id ?? 0;
    const comment = await createComment(postId, 'Wrong post');
    await deleteComment(postId, comment.id);
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 0 });
    expect(mutations(h.calls)).toEqual([]);
  });
});

describe('post detail pull', () => {
  let postId: number;
  let theirComment: ApiComment;

  beforeEach(async () => {
    const other = await otherGuestToken(h);
    postId = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Their request', type: 'REQUEST' }, token: other })).post.id;
    theirComment = (await direct<CommentChangeResponse>(h, { method: 'POST', path: `post/${postId}/comment`, body: { comment: 'Their own words' }, token: other })).comment;
    await pullFeed(h.api, {});
    await pullPost(h.api, postId);
    h.calls.length = 0;
  });

  it('brings the comments and notes; a pending like and a pending note survive it', async () => {
    await direct(h, { method: 'POST', path: `post/${postId}/note`, body: { note: 'Written on the laptop' } });
    expect(await pullPost(h.api, postId)).toMatchObject({ ok: true });
    expect((await readComments(postId)).map((c) => c.comment)).toEqual(['Their own words']);
    expect((await readNotes(postId)).map((n) => n.note)).toEqual(['Written on the laptop']);

    await toggleCommentLike(postId, theirComment.id);
    const note = await createNote(postId, 'Written on the phone');
    await pullPost(h.api, postId);
    expect((await readComments(postId))[0]).toMatchObject({ isLiked: true, shownLikeCount: 1, likeCount: 0 });
    expect((await readNotes(postId)).map((n) => n.id)).toEqual([expect.any(Number), note.id]);
    expect((await readPost(postId))?.shownNoteCount).toBe(2);

    await drainOutbox(h.api);
    await pullPost(h.api, postId);
    expect((await readComments(postId))[0]).toMatchObject({ isLiked: true, likeCount: 1, shownLikeCount: 1, isPending: false });
    expect(await readPost(postId)).toMatchObject({ noteCount: 2, shownNoteCount: 2, isPending: false });
  });

  it('removes comments deleted elsewhere, keeps one written here and not yet sent', async () => {
    const mine = await createComment(postId, 'Not sent yet');
    const other = await otherGuestToken(h);
    const gone = (await direct<CommentChangeResponse>(h, { method: 'POST', path: `post/${postId}/comment`, body: { comment: 'Soon deleted' }, token: other })).comment;
    await pullPost(h.api, postId);
    expect((await readComments(postId)).map((c) => c.comment)).toEqual(['Their own words', 'Soon deleted', 'Not sent yet']);
    await direct(h, { method: 'DELETE', path: `post/${postId}/comment/${gone.id}`, token: other });
    await pullPost(h.api, postId);
    expect((await readComments(postId)).map((c) => c.id)).toEqual([theirComment.id, mine.id]);
    expect((await readPost(postId))?.shownCommentCount).toBe(2);
  });

  it('deleting and editing comments and notes reconcile the counts with the server', async () => {
    const comment = await createComment(postId, 'Mine');
    const note = await createNote(postId, 'Private');
    await drainOutbox(h.api);
    const [, mine] = await readComments(postId);
    const [myNote] = await readNotes(postId);
    if (!mine || !myNote) throw new Error('not reconciled');
    expect([mine.id, myNote.id]).not.toContain(comment.id);
    expect(myNote.id).not.toBe(note.id);
    await editNote(postId, myNote.id, 'Private, edited');
    await deleteComment(postId, mine.id);
    expect((await readPost(postId))?.shownCommentCount).toBe(1);
    await drainOutbox(h.api);
    expect((await serverComments(postId)).map((c) => c.comment)).toEqual(['Their own words']);
    expect((await serverNotes(postId)).map((n) => n.note)).toEqual(['Private, edited']);
    expect(await readPost(postId)).toMatchObject({ commentCount: 1, shownCommentCount: 1, noteCount: 1, isPending: false });
    await deleteNote(postId, myNote.id);
    await drainOutbox(h.api);
    expect(await serverNotes(postId)).toEqual([]);
    expect(await readPost(postId)).toMatchObject({ noteCount: 0, shownNoteCount: 0 });
  });
});
