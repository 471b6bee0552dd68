// docs/product.md §7 Posts, notes: private to their author (docs/architecture/server.md 'Reference
// server') on any visible post. Another user's note answers 404, never 403, so its existence is not
// revealed. noteCount is the caller's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/constants';
import type { ApiError, ApiNote, Envelope, NoteChangeResponse, NoteDeletedResponse, NoteResponse, Page, PostResponse } from '../../common/contract';
import { startApi, type Api } from './api';
import { makeActors, newRequest, type Actors } from './post-actors';

let api: Api;
let actors: Actors;
beforeAll(async () => {
  api = await startApi();
  actors = await makeActors(api);
});
afterAll(async () => api.close());

async function addNote(postId: number, token: string, note = 'Remember to call her on Friday.'): Promise<NoteChangeResponse> {
  const r = await api.call<Envelope<NoteChangeResponse>>('POST', `post/${postId}/note`, { token, body: { note } });
  if (r.status !== 201) throw new Error(`note failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}
const listNotes = (postId: number, token?: string, query = '') =>
  api.call<Envelope<Page<ApiNote>>>('GET', `post/${postId}/notes${query}`, token === undefined ? {} : { token });
const noteCount = async (postId: number, token: string) =>
  (await api.call<Envelope<PostResponse>>('GET', `post/${postId}`, { token })).json.data.post.noteCount;

describe('POST post/{id}/note', () => {
  it('creates a note (201) on someone else\'s post; noteCount counts only the caller\'s notes', async () => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<Envelope<NoteChangeResponse>>('POST', `post/${post.id}/note`, { token: actors.other, body: { note: '  Pray daily  ' } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json.data.note).sort()).toEqual(['created_at', 'id', 'note', 'post_id', 'updated_at']);
    expect(r.json.data.note).toMatchObject({ post_id: post.id, note: 'Pray daily' });
    expect(r.json.data.post.noteCount).toBe(1);
    expect(await noteCount(post.id, actors.owner)).toBe(0);
    expect(await noteCount(post.id, actors.other)).toBe(1);
  });

  it('lets guests and owners write notes; visitors get 401', async () => {
    const post = await newRequest(api, actors.owner);
    expect((await api.call('POST', `post/${post.id}/note`, { token: actors.guest, body: { note: 'guest note' } })).status).toBe(201);
    expect((await api.call('POST', `post/${post.id}/note`, { token: actors.owner, body: { note: 'own note' } })).status).toBe(201);
    expect((await api.call('POST', `post/${post.id}/note`, { body: { note: 'nobody' } })).status).toBe(401);
  });

  it.each([
    ['an empty note', ' ', 'Write a note'],
    ['a note over the limit', 'n'.repeat(TEXT_LIMITS.note + 1), `Keep it under ${TEXT_LIMITS.note} characters`],
    ['a note with a NUL character', 'a\u0000b', 'Remove the invalid character (U+0000)'],
  ])('rejects %s with 422', async (_name, note, message) => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<ApiError>('POST', `post/${post.id}/note`, { token: actors.other, body: { note } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.note).toEqual([message]);
  });

  it('accepts exactly the limit, 404s on an unknown or deleted post, and applies a keyed retry once', async () => {
    const post = await newRequest(api, actors.owner);
    expect((await api.call('POST', `post/${post.id}/note`, { token: actors.other, body: { note: 'n'.repeat(TEXT_LIMITS.note) } })).status).toBe(201);
    expect((await api.call('POST', 'post/999999/note', { token: actors.other, body: { note: 'x' } })).status).toBe(404);
    const headers = { 'idempotency-key': `note-${post.id}` };
    const first = await api.call('POST', `post/${post.id}/note`, { token: actors.other, headers, body: { note: 'Once' } });
    const second = await api.call('POST', `post/${post.id}/note`, { token: actors.other, headers, body: { note: 'Once' } });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
    expect(await noteCount(post.id, actors.other)).toBe(2);
    await api.call('DELETE', `post/${post.id}`, { token: actors.owner });
    expect((await api.call('POST', `post/${post.id}/note`, { token: actors.other, body: { note: 'late' } })).status).toBe(404);
  });
});

describe('GET post/{id}/notes', () => {
  it('lists only the caller\'s notes, oldest first, paged; visitors get 401', async () => {
    const post = await newRequest(api, actors.owner);
    await addNote(post.id, actors.other, 'Day one');
    await addNote(post.id, actors.other, 'Day two');
    await addNote(post.id, actors.guest, 'Guest thoughts');
    const r = await listNotes(post.id, actors.other);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(r.json.data.data.map((n) => n.note)).toEqual(['Day one', 'Day two']);
    expect((await listNotes(post.id, actors.guest)).json.data.data.map((n) => n.note)).toEqual(['Guest thoughts']);
    expect((await listNotes(post.id, actors.owner)).json.data.total).toBe(0);
    expect((await listNotes(post.id)).status).toBe(401);
    expect((await listNotes(post.id, actors.other, '?page=2')).json.data.data).toEqual([]);
    expect((await listNotes(post.id, actors.other, '?page=zero')).status).toBe(422);
    expect((await api.call('GET', 'post/q/notes', { token: actors.other })).status).toBe(422);
  });
});

describe('PUT and DELETE post/{id}/note/{nid}', () => {
  it('lets the author edit; another user (owner, member, guest) gets 404 and the note is unchanged', async () => {
    const post = await newRequest(api, actors.owner);
    const { note } = await addNote(post.id, actors.other, 'Mine');
    const path = `post/${post.id}/note/${note.id}`;
    for (const token of [actors.owner, actors.guest]) {
      expect((await api.call('PUT', path, { token, body: { note: 'Stolen' } })).status).toBe(404);
      expect((await api.call('DELETE', path, { token })).status).toBe(404);
    }
    expect((await api.call('PUT', path, { body: { note: 'Stolen' } })).status).toBe(401);
    expect((await api.call('DELETE', path)).status).toBe(401);
    const r = await api.call<Envelope<NoteResponse>>('PUT', path, { token: actors.other, body: { note: 'Mine, edited' } });
    expect(r.status).toBe(200);
    expect(r.json.data.note).toMatchObject({ id: note.id, note: 'Mine, edited' });
    expect((await listNotes(post.id, actors.other)).json.data.data[0]?.note).toBe('Mine, edited');
    const bad = await api.call<ApiError>('PUT', path, { token: actors.other, body: { note: '' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.note).toEqual(['Write a note']);
  });

  it('replays a keyed edit and a keyed delete instead of applying them again', async () => {
    const post = await newRequest(api, actors.owner);
    const { note } = await addNote(post.id, actors.other);
    const path = `post/${post.id}/note/${note.id}`;
    const editKey = { 'idempotency-key': `edit-note-${note.id}` };
    await api.call('PUT', path, { token: actors.other, headers: editKey, body: { note: 'Edited' } });
    expect((await api.call('PUT', path, { token: actors.other, headers: editKey, body: { note: 'Edited' } })).headers.get('idempotent-replayed')).toBe('true');
    const deleteKey = { 'idempotency-key': `delete-note-${note.id}` };
    const first = await api.call('DELETE', path, { token: actors.other, headers: deleteKey });
    const second = await api.call('DELETE', path, { token: actors.other, headers: deleteKey });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 404 for a note addressed under another post', async () => {
    const post = await newRequest(api, actors.owner);
    const elsewhere = await newRequest(api, actors.owner);
    const { note } = await addNote(post.id, actors.other);
    expect((await api.call('PUT', `post/${elsewhere.id}/note/${note.id}`, { token: actors.other, body: { note: 'x' } })).status).toBe(404);
    expect((await api.call('DELETE', `post/${elsewhere.id}/note/${note.id}`, { token: actors.other })).status).toBe(404);
  });

  it('deletes for the author: noteCount goes down, and a second delete is 404', async () => {
    const post = await newRequest(api, actors.owner);
    const { note } = await addNote(post.id, actors.guest);
    const path = `post/${post.id}/note/${note.id}`;
    const r = await api.call<Envelope<NoteDeletedResponse>>('DELETE', path, { token: actors.guest });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: note.id, deleted: true, post: { id: post.id, noteCount: 0 } });
    expect((await api.call('DELETE', path, { token: actors.guest })).status).toBe(404);
    expect((await api.call('DELETE', `post/${post.id}/note/abc`, { token: actors.guest })).status).toBe(422);
  });
});
