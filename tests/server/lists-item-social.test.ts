// docs/product.md §7 List item notes and comments: notes private to their author
// (docs/architecture/server.md 'Reference server'); comments edited by their author, removed by the
// author or the list owner, reported by others; three distinct reporters hide a comment
// (docs/product.md §10).
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError, ApiListItem, ApiListItemComment, ApiListItemNote, Envelope, ListItemChildDeletedResponse,
  ListItemCommentChangeResponse, ListItemNoteChangeResponse, Page, ReportResponse,
} from '../../common/contract';
import { useApi } from './api';
import { archive, createItem, createList } from './lists-support';
import { LIST_ACTORS, statuses, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api, LIST_ACTORS);
let item: ApiListItem;
let base: string;
beforeAll(async () => {
  const list = await createList(api, actors.owner);
  item = await createItem(api, actors.owner, list.id);
  base = `list/${list.id}/item/${item.id}`;
});

async function addNote(token: string, note: string): Promise<ApiListItemNote> {
  const r = await api.call<Envelope<ListItemNoteChangeResponse>>('POST', `${base}/note`, { token, body: { note } });
  if (r.status !== 201) throw new Error(JSON.stringify(r.json));
  return r.json.data.note;
}

async function addComment(token: string, comment: string): Promise<ApiListItemComment> {
  const r = await api.call<Envelope<ListItemCommentChangeResponse>>('POST', `${base}/comment`, { token, body: { comment } });
  if (r.status !== 201) throw new Error(JSON.stringify(r.json));
  return r.json.data.comment;
}

describe('notes', () => {
  it('creates a note (201) that only its author sees, also on someone else\'s list', async () => {
    const r = await api.call<Envelope<ListItemNoteChangeResponse>>('POST', `${base}/note`, { token: actors.other, body: { note: ' Prayed at lunch ' } });
    expect(r.status).toBe(201);
    expect(r.json.data.note).toMatchObject({ list_item_id: item.id, note: 'Prayed at lunch' });
    expect(r.json.data.item.noteCount).toBe(1);
    const mine = await api.call<Envelope<Page<ApiListItemNote>>>('GET', `${base}/note`, { token: actors.other });
    expect(mine.json.data.data.map((n) => n.note)).toEqual(['Prayed at lunch']);
    const owners = await api.call<Envelope<Page<ApiListItemNote>>>('GET', `${base}/note`, { token: actors.owner });
    expect(owners.json.data.total).toBe(0);
    expect((await api.call('GET', `${base}/note`)).status).toBe(401);
  });

  it('edits and deletes only the author\'s own note (404 for anyone else: notes are private)', async () => {
    const note = await addNote(actors.guest, 'Guest note');
    const path = `${base}/note/${note.id}`;
    expect(await statuses(api, { ...actors, guest: actors.owner }, 'PUT', path, { body: { note: 'x' } })).toEqual({ other: 404, guest: 404, anonymous: 401 });
    const edited = await api.call<Envelope<{ note: ApiListItemNote }>>('PUT', path, { token: actors.guest, body: { note: 'Edited' } });
    expect(edited.json.data.note.note).toBe('Edited');
    expect(await statuses(api, { ...actors, guest: actors.owner }, 'DELETE', path)).toEqual({ other: 404, guest: 404, anonymous: 401 });
    const removed = await api.call<Envelope<ListItemChildDeletedResponse>>('DELETE', path, { token: actors.guest });
    expect(removed.json.data).toMatchObject({ id: note.id, deleted: true, item: { noteCount: 0 } });
  });

  it('validates the note (empty, over 5,000) and refuses notes on an archived item', async () => {
    const empty = await api.call<ApiError>('POST', `${base}/note`, { token: actors.other, body: { note: '' } });
    expect(empty.json.errors?.note).toEqual(['Write a note']);
    const long = await api.call<ApiError>('POST', `${base}/note`, { token: actors.other, body: { note: 'n'.repeat(5001) } });
    expect(long.json.errors?.note).toEqual(['Keep it under 5000 characters']);
    const list = await createList(api, actors.owner);
    const gone = await createItem(api, actors.owner, list.id);
    await archive(api, actors.owner, gone);
    expect((await api.call('POST', `list/${list.id}/item/${gone.id}/note`, { token: actors.owner, body: { note: 'x' } })).status).toBe(422);
  });
});

describe('comments', () => {
  it('creates a comment (201) visible to everyone, oldest first, and counts it on the item', async () => {
    const r = await api.call<Envelope<ListItemCommentChangeResponse>>('POST', `${base}/comment`, { token: actors.other, body: { comment: 'Praying with you' } });
    expect(r.status).toBe(201);
    expect(r.json.data.comment).toMatchObject({ list_item_id: item.id, comment: 'Praying with you', is_mine: true, visibility: 0, likeCount: 0 });
    expect(r.json.data.comment.user.name).toBe('Other Member');
    await addComment(actors.guest, 'Me too');
    const page = await api.call<Envelope<Page<ApiListItemComment>>>('GET', `${base}/comments`);
    expect(page.json.data.data.slice(0, 2).map((c) => c.comment)).toEqual(['Praying with you', 'Me too']);
    expect(page.json.data.data.every((c) => !c.is_mine)).toBe(true);
    expect((await api.call('POST', `${base}/comment`, { body: { comment: 'x' } })).status).toBe(401);
  });

  it('validates the comment (empty, over 1,000)', async () => {
    const empty = await api.call<ApiError>('POST', `${base}/comment`, { token: actors.other, body: {} });
    expect(empty.json.errors?.comment).toEqual(['Write a comment']);
    const long = await api.call<ApiError>('POST', `${base}/comment`, { token: actors.other, body: { comment: 'c'.repeat(1001) } });
    expect(long.json.errors?.comment).toEqual(['Keep it under 1000 characters']);
  });

  it('lets only the author edit; 403 for the list owner and others, 401 anonymous', async () => {
    const comment = await addComment(actors.other, 'Original');
    const path = `${base}/comment/${comment.id}`;
    expect(await statuses(api, { ...actors, other: actors.owner }, 'PUT', path, { body: { comment: 'x' } })).toEqual({ other: 403, guest: 403, anonymous: 401 });
    const r = await api.call<Envelope<{ comment: ApiListItemComment }>>('PUT', path, { token: actors.other, body: { comment: 'Edited' } });
    expect(r.json.data.comment.comment).toBe('Edited');
  });

  it('lets the author or the list owner delete; 403 for anyone else', async () => {
    const byGuest = await addComment(actors.guest, 'Remove me');
    // The guest is the author here, so the matrix runs with the other member in the guest's place.
    expect(await statuses(api, { ...actors, guest: actors.other }, 'DELETE', `${base}/comment/${byGuest.id}`)).toEqual({ other: 403, guest: 403, anonymous: 401 });
    const removed = await api.call<Envelope<ListItemChildDeletedResponse>>('DELETE', `${base}/comment/${byGuest.id}`, { token: actors.owner });
    expect(removed.json.data).toMatchObject({ id: byGuest.id, deleted: true });
    const own = await addComment(actors.other, 'Mine to remove');
    expect((await api.call('DELETE', `${base}/comment/${own.id}`, { token: actors.other })).status).toBe(200);
    expect((await api.call('DELETE', `${base}/comment/${own.id}`, { token: actors.other })).status).toBe(404);
  });

  it('reports: not one\'s own (403); a repeat counts once; three member reporters hide it from others but not its author', async () => {
    const comment = await addComment(actors.owner, 'Buy cheap watches');
    const path = `${base}/comment/${comment.id}/report`;
    expect((await api.call('POST', path, { token: actors.owner, body: { type: 'spam' } })).status).toBe(403);
    expect((await api.call<ApiError>('POST', path, { token: actors.other, body: { type: 'rude' } })).json.errors?.type).toBeDefined();
    expect((await api.call('POST', path, { body: { type: 'spam' } })).status).toBe(401);
    const first = await api.call<Envelope<ReportResponse>>('POST', path, { token: actors.other, body: { type: 'spam' } });
    expect(first.json.data).toEqual({ reported: true, type: 'spam' });
    await api.call('POST', path, { token: actors.other, body: { type: 'offensive' } });
    await api.call('POST', path, { token: actors.guest, body: { type: 'spam' } });
    const visible = async (token?: string) => (await api.call<Envelope<Page<ApiListItemComment>>>('GET', `${base}/comments`, token === undefined ? {} : { token }))
      .json.data.data.some((c) => c.id === comment.id);
    expect(await visible()).toBe(true);
    const third = (await api.register('Third Reporter')).authorization.token;
    await api.call('POST', path, { token: third, body: { type: 'spam' } });
    expect(await visible()).toBe(true); // two members and a guest: guests never hide (issue #11)
    const fourth = (await api.register('Fourth Reporter')).authorization.token;
    await api.call('POST', path, { token: fourth, body: { type: 'spam' } });
    expect(await visible()).toBe(false);
    expect(await visible(actors.owner)).toBe(true);
  });
});

describe('on a private list', () => {
  it('hides comments and notes from everyone but the owner (404), and replays a comment once (Idempotency-Key)', async () => {
    const list = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    const secret = await createItem(api, actors.owner, list.id);
    const path = `list/${list.id}/item/${secret.id}`;
    expect(await statuses(api, actors, 'GET', `${path}/comments`)).toEqual({ other: 404, guest: 404, anonymous: 404 });
    expect(await statuses(api, actors, 'POST', `${path}/note`, { body: { note: 'x' } })).toEqual({ other: 404, guest: 404, anonymous: 401 });
    const headers = { 'idempotency-key': `comment-${secret.id}` };
    const body = { comment: 'Just once' };
    const a = await api.call('POST', `${path}/comment`, { token: actors.owner, body, headers });
    const b = await api.call('POST', `${path}/comment`, { token: actors.owner, body, headers });
    expect([a.status, b.status]).toEqual([201, 201]);
    const page = await api.call<Envelope<Page<ApiListItemComment>>>('GET', `${path}/comments`, { token: actors.owner });
    expect(page.json.data.total).toBe(1);
  });
});
