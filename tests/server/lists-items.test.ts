// docs/product.md §7 List items: create, read, edit, delete, archive, restore (docs/product.md §4 List item states),
// with the owner-only matrix of docs/product.md §6, docs/product.md §10 limits and
// docs/architecture/sync-protocol.md 'Outbox and sync protocol' idempotency.
import { describe, expect, it } from 'vitest';
import type {
  ApiError, Envelope, ListItemChangeResponse, ListItemDeletedResponse, ListItemResponse, ListItemsResponse,
} from '../../common/contract';
import { useApi } from './api';
import { archive, createItem, createList } from './lists-support';
import { LIST_ACTORS, statuses, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api, LIST_ACTORS);

const ARCHIVED = 'This item is archived: restore it first';

describe('POST list/{listId}/item', () => {
  it('appends an item (201) and returns the list with its new count', async () => {
    const list = await createList(api, actors.owner);
    const first = await createItem(api, actors.owner, list.id, { text: 'First' });
    const r = await api.call<Envelope<ListItemChangeResponse>>('POST', `list/${list.id}/item`, {
      token: actors.owner, body: { text: '  Second  ', title: 'Two', reference: 'Psalm 23', extra: 1 },
    });
    expect(r.status).toBe(201);
    expect(r.json.data.item).toMatchObject({
      post_list_id: list.id, post_id: null, title: 'Two', text: 'Second', reference: 'Psalm 23', deleted_at: null,
      prayedCount: 0, isPrayed: false, is_bookmarked: false, is_mine: true, commentCount: 0, noteCount: 0,
    });
    expect(r.json.data.item.position).toBeGreaterThan(first.position);
    expect(r.json.data.list.config.qtd).toBe(2);
  });

  it('takes the text of a post it points at, and refuses a post that does not exist', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id, { text: undefined, post_id: 1 });
    const post = await api.call<Envelope<{ post: { text: string } }>>('GET', 'post/1');
    expect(item).toMatchObject({ post_id: 1, text: post.json.data.post.text });
    const r = await api.call<ApiError>('POST', `list/${list.id}/item`, { token: actors.owner, body: { post_id: 999999 } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.post_id).toBeDefined();
  });

  it.each([
    ['no text', {}, 'text', 'Write your prayer'],
    ['blank text', { text: '   ' }, 'text', 'Write your prayer'],
    ['text over the limit', { text: 'a'.repeat(2001) }, 'text', 'Keep it under 2000 characters'],
    ['a reference over the limit', { text: 'x', reference: 'r'.repeat(101) }, 'reference', 'Keep it under 100 characters'],
  ])('rejects %s with 422 and a field message', async (_what, body, field, message) => {
    const list = await createList(api, actors.owner);
    const r = await api.call<ApiError>('POST', `list/${list.id}/item`, { token: actors.owner, body });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]).toEqual([message]);
  });

  it('is owner only: 403 on a public list, 404 on a private one, 401 anonymous', async () => {
    const list = await createList(api, actors.owner);
    expect(await statuses(api, actors, 'POST', `list/${list.id}/item`, { body: { text: 'x' } })).toEqual({ other: 403, guest: 403, anonymous: 401 });
    const hidden = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    expect(await statuses(api, actors, 'POST', `list/${hidden.id}/item`, { body: { text: 'x' } })).toEqual({ other: 404, guest: 404, anonymous: 401 });
  });

  it('lets a guest add items to their own list', async () => {
    const list = await createList(api, actors.guest);
    expect((await createItem(api, actors.guest, list.id)).is_mine).toBe(true);
  });

  it('applies a replayed create once (Idempotency-Key)', async () => {
    const list = await createList(api, actors.owner);
    const headers = { 'idempotency-key': `item-create-${list.id}` };
    const body = { text: 'Only once' };
    const a = await api.call<Envelope<ListItemChangeResponse>>('POST', `list/${list.id}/item`, { token: actors.owner, body, headers });
    const b = await api.call<Envelope<ListItemChangeResponse>>('POST', `list/${list.id}/item`, { token: actors.owner, body, headers });
    expect(b.json).toEqual(a.json);
    const items = await api.call<Envelope<ListItemsResponse>>('GET', `list/${list.id}/item`, { token: actors.owner });
    expect(items.json.data.items.total).toBe(1);
  });
});

describe('GET list/{listId}/item and list/{listId}/item/{id}', () => {
  it('reads the items of a visible list; 404 for a private list, another list or an archived item of someone else', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const page = await api.call<Envelope<ListItemsResponse>>('GET', `list/${list.id}/item`);
    expect(page.json.data.items.data.map((i) => i.id)).toEqual([item.id]);
    const one = await api.call<Envelope<ListItemResponse>>('GET', `list/${list.id}/item/${item.id}`, { token: actors.other });
    expect(one.json.data.item).toMatchObject({ id: item.id, is_mine: false });
    const elsewhere = await createList(api, actors.owner);
    expect((await api.call('GET', `list/${elsewhere.id}/item/${item.id}`)).status).toBe(404);
    await archive(api, actors.owner, item);
    expect((await api.call('GET', `list/${list.id}/item/${item.id}`, { token: actors.other })).status).toBe(404);
    expect((await api.call('GET', `list/${list.id}/item/${item.id}`, { token: actors.owner })).status).toBe(200);
    const hidden = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    expect((await api.call('GET', `list/${hidden.id}/item`, { token: actors.other })).status).toBe(404);
    expect((await api.call('GET', `list/${list.id}/item/x`)).status).toBe(422);
  });
});

describe('PUT list/{listId}/item/{id}', () => {
  it('replaces the item in place (same position)', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id, { title: 'Old' });
    const r = await api.call<Envelope<ListItemResponse>>('PUT', `list/${list.id}/item/${item.id}`, {
      token: actors.owner, body: { text: 'New text', title: null },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.item).toMatchObject({ id: item.id, text: 'New text', title: null, position: item.position });
  });

  it('is owner only, validates, and refuses an archived item (422)', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const path = `list/${list.id}/item/${item.id}`;
    expect(await statuses(api, actors, 'PUT', path, { body: { text: 'x' } })).toEqual({ other: 403, guest: 403, anonymous: 401 });
    expect((await api.call<ApiError>('PUT', path, { token: actors.owner, body: {} })).json.errors?.body).toBeDefined();
    expect((await api.call<ApiError>('PUT', path, { token: actors.owner, body: { text: '' } })).json.errors?.text).toEqual(['Write your prayer']);
    await archive(api, actors.owner, item);
    const r = await api.call<ApiError>('PUT', path, { token: actors.owner, body: { text: 'x' } });
    expect(r.json).toEqual({ message: ARCHIVED, status: 422, code: 'item.archived' });
  });
});

describe('DELETE list/{listId}/item/{id}', () => {
  it('deletes an active item and returns the list with its new count', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const r = await api.call<Envelope<ListItemDeletedResponse>>('DELETE', `list/${list.id}/item/${item.id}`, { token: actors.owner });
    expect(r.json.data).toMatchObject({ id: item.id, deleted: true, list: { id: list.id, config: { qtd: 0 } } });
    expect((await api.call('GET', `list/${list.id}/item/${item.id}`, { token: actors.owner })).status).toBe(404);
  });

  it('is owner only and refuses an archived item (422)', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const path = `list/${list.id}/item/${item.id}`;
    expect(await statuses(api, actors, 'DELETE', path)).toEqual({ other: 403, guest: 403, anonymous: 401 });
    await archive(api, actors.owner, item);
    expect((await api.call<ApiError>('DELETE', path, { token: actors.owner })).json).toEqual({ message: ARCHIVED, status: 422, code: 'item.archived' });
  });
});

describe('archive and restore', () => {
  it('archive sets deleted_at and takes the item out of the count; restore clears it and puts it back', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const base = `list/${list.id}/item/${item.id}`;
    const archived = await api.call<Envelope<ListItemChangeResponse>>('DELETE', `${base}/archive`, { token: actors.owner });
    expect(archived.status).toBe(200);
    expect(archived.json.data.item.deleted_at).not.toBeNull();
    expect(archived.json.data.list.config.qtd).toBe(0);
    const restored = await api.call<Envelope<ListItemChangeResponse>>('PUT', `${base}/restore`, { token: actors.owner });
    expect(restored.json.data.item).toMatchObject({ id: item.id, deleted_at: null, position: item.position });
    expect(restored.json.data.list.config.qtd).toBe(1);
  });

  it('refuses archiving an archived item and restoring an active one (422)', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const base = `list/${list.id}/item/${item.id}`;
    expect((await api.call<ApiError>('PUT', `${base}/restore`, { token: actors.owner })).json)
      .toEqual({ message: 'This item is not archived', status: 422, code: 'item.not_archived' });
    await archive(api, actors.owner, item);
    expect((await api.call<ApiError>('DELETE', `${base}/archive`, { token: actors.owner })).json).toEqual({ message: ARCHIVED, status: 422, code: 'item.archived' });
  });

  it('is owner only: archive 403 for others; restore 404 for others (archived items are the owner\'s to see)', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const base = `list/${list.id}/item/${item.id}`;
    expect(await statuses(api, actors, 'DELETE', `${base}/archive`)).toEqual({ other: 403, guest: 403, anonymous: 401 });
    await archive(api, actors.owner, item);
    expect(await statuses(api, actors, 'PUT', `${base}/restore`)).toEqual({ other: 404, guest: 404, anonymous: 401 });
  });

  it('replays an archive with the same Idempotency-Key instead of refusing it', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const headers = { 'idempotency-key': `archive-${item.id}` };
    const path = `list/${list.id}/item/${item.id}/archive`;
    const a = await api.call('DELETE', path, { token: actors.owner, headers });
    const b = await api.call('DELETE', path, { token: actors.owner, headers });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json).toEqual(a.json);
  });
});
