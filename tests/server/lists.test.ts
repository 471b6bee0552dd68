// docs/product.md §7 Lists: create, edit, delete, read one list (docs/product.md §6 owner actions; private lists 404 to
// others), with docs/product.md §10 limits and docs/architecture/sync-protocol.md 'Outbox and sync
// protocol' idempotency.
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/constants';
import type { ApiError, DeletedResponse, Envelope, ListDetailResponse, ListResponse } from '../../common/contract';
import { useApi } from './api';
import { archive, createItem, createList } from './lists-support';
import { LIST_ACTORS, statuses, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api, LIST_ACTORS);

describe('POST list', () => {
  it('creates a list (201) with the docs/product.md §3 shape; unknown fields are ignored', async () => {
    const r = await api.call<Envelope<ListResponse>>('POST', 'list', {
      token: actors.owner, body: { name: '  Friday group  ', description: 'Our small group', visibility: 'PUBLIC', colour: 'red' },
    });
    expect(r.status).toBe(201);
    expect(r.json.data.list).toMatchObject({
      key: null, name: 'Friday group', description: 'Our small group', visibility: 0, is_mine: true, is_garden: false,
      config: { qtd: 0 }, qtd: 0, channel_id: 1,
    });
    expect(r.json.data.list.user).toMatchObject({ name: 'List Owner' });
    expect(r.json.data.list).not.toHaveProperty('colour');
  });

  it('is PRIVATE by default and accepts the visibility by name or number', async () => {
    expect((await createList(api, actors.owner, { visibility: undefined })).visibility).toBe(2);
    expect((await createList(api, actors.owner, { visibility: 'PRIVATE' })).visibility).toBe(2);
    expect((await createList(api, actors.owner, { visibility: 0 })).visibility).toBe(0);
  });

  it('lets a guest create their own list, refuses an anonymous visitor (401)', async () => {
    expect((await createList(api, actors.guest)).is_mine).toBe(true);
    expect((await api.call('POST', 'list', { body: { name: 'Nope' } })).status).toBe(401);
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name', 'Give your list a name'],
    ['a missing name', {}, 'name', 'Give your list a name'],
    ['a name over the limit', { name: 'a'.repeat(TEXT_LIMITS.listName + 1) }, 'name', `Keep it under ${TEXT_LIMITS.listName} characters`],
    ['an unknown visibility', { name: 'x', visibility: 'SECRET' }, 'visibility', undefined],
    ['a description over the limit', { name: 'x', description: 'a'.repeat(2001) }, 'description', 'Keep it under 2000 characters'],
  ])('rejects %s with 422 and a field message', async (_what, body, field, message) => {
    const r = await api.call<ApiError>('POST', 'list', { token: actors.owner, body });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]).toBeDefined();
    if (message !== undefined) expect(r.json.errors?.[field]).toEqual([message]);
  });

  it('accepts a name of exactly the limit', async () => {
    expect((await createList(api, actors.owner, { name: 'n'.repeat(TEXT_LIMITS.listName) })).name).toHaveLength(TEXT_LIMITS.listName);
  });

  it('creates in the x-channel-id channel', async () => {
    const r = await api.call<Envelope<ListResponse>>('POST', 'list', { token: actors.owner, body: { name: 'Oração' }, headers: { 'x-channel-id': '2' } });
    expect(r.json.data.list.channel_id).toBe(2);
  });

  it('honours Idempotency-Key: one list for a replay, 422 for the key reused with another body', async () => {
    const headers = { 'idempotency-key': 'list-create-1' };
    const body = { name: 'Once only', visibility: 'PRIVATE' };
    const first = await api.call<Envelope<ListResponse>>('POST', 'list', { token: actors.owner, body, headers });
    const second = await api.call<Envelope<ListResponse>>('POST', 'list', { token: actors.owner, body, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const index = await api.call<Envelope<{ myLists: { name: string }[] }>>('GET', 'list?search=Once', { token: actors.owner });
    expect(index.json.data.myLists.filter((l) => l.name === 'Once only')).toHaveLength(1);
    const reused = await api.call<ApiError>('POST', 'list', { token: actors.owner, body: { name: 'Other' }, headers });
    expect(reused.status).toBe(422);
  });
});

describe('PUT list/{id}', () => {
  it('lets the owner edit name, description and visibility', async () => {
    const list = await createList(api, actors.owner);
    const r = await api.call<Envelope<ListResponse>>('PUT', `list/${list.id}`, {
      token: actors.owner, body: { name: 'Renamed', description: '', visibility: 'PRIVATE' },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.list).toMatchObject({ id: list.id, name: 'Renamed', description: null, visibility: 2 });
  });

  it('is owner only: 403 for another member or a guest on a public list, 401 anonymous, 404 on a private one', async () => {
    const list = await createList(api, actors.owner);
    expect(await statuses(api, actors, 'PUT', `list/${list.id}`, { body: { name: 'Hijack' } }))
      .toEqual({ other: 403, guest: 403, anonymous: 401 });
    const hidden = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    expect(await statuses(api, actors, 'PUT', `list/${hidden.id}`, { body: { name: 'Hijack' } }))
      .toEqual({ other: 404, guest: 404, anonymous: 401 });
  });

  it('rejects an edit with no known field, a bad name, an unknown or malformed id', async () => {
    const list = await createList(api, actors.owner);
    const empty = await api.call<ApiError>('PUT', `list/${list.id}`, { token: actors.owner, body: { colour: 'red' } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors?.body).toBeDefined();
    expect((await api.call<ApiError>('PUT', `list/${list.id}`, { token: actors.owner, body: { name: '' } })).json.errors?.name).toBeDefined();
    expect((await api.call('PUT', 'list/999999', { token: actors.owner, body: { name: 'x' } })).status).toBe(404);
    expect((await api.call('PUT', 'list/abc', { token: actors.owner, body: { name: 'x' } })).status).toBe(422);
  });

  it('nobody edits a system list (the biblical prayers have no owner)', async () => {
    const biblical = await api.call<Envelope<ListDetailResponse>>('GET', 'list/item/biblical-prayers');
    const r = await api.call('PUT', `list/${biblical.json.data.list.id}`, { token: actors.owner, body: { name: 'Mine now' } });
    expect(r.status).toBe(403);
  });
});

describe('DELETE list/{id}', () => {
  it('lets the owner delete the list with its items; it is gone afterwards', async () => {
    const list = await createList(api, actors.owner);
    await createItem(api, actors.owner, list.id);
    const r = await api.call<Envelope<DeletedResponse>>('DELETE', `list/${list.id}`, { token: actors.owner });
    expect(r.json).toEqual({ data: { id: list.id, deleted: true } });
    expect((await api.call('GET', `list/${list.id}`, { token: actors.owner })).status).toBe(404);
    expect((await api.call('DELETE', `list/${list.id}`, { token: actors.owner })).status).toBe(404);
  });

  it('is owner only: 403 for another member or a guest, 401 anonymous; the list survives', async () => {
    const list = await createList(api, actors.owner);
    expect(await statuses(api, actors, 'DELETE', `list/${list.id}`)).toEqual({ other: 403, guest: 403, anonymous: 401 });
    expect((await api.call('GET', `list/${list.id}`)).status).toBe(200);
  });

  it('replays a delete with the same Idempotency-Key instead of answering 404', async () => {
    const list = await createList(api, actors.owner);
    const headers = { 'idempotency-key': `list-delete-${list.id}` };
    const first = await api.call('DELETE', `list/${list.id}`, { token: actors.owner, headers });
    const second = await api.call('DELETE', `list/${list.id}`, { token: actors.owner, headers });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('GET list/{id}', () => {
  it('shows a public list and a page of its active items to anyone, in list order', async () => {
    const list = await createList(api, actors.owner);
    const a = await createItem(api, actors.owner, list.id, { text: 'First' });
    const b = await createItem(api, actors.owner, list.id, { text: 'Second' });
    const r = await api.call<Envelope<ListDetailResponse>>('GET', `list/${list.id}`);
    expect(r.status).toBe(200);
    expect(r.json.data.list).toMatchObject({ id: list.id, is_mine: false, config: { qtd: 2 } });
    expect(r.json.data.items).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(r.json.data.items.data.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(b.position).toBeGreaterThan(a.position);
  });

  it('hides a private list from everyone but its owner (404)', async () => {
    const list = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    expect((await api.call('GET', `list/${list.id}`, { token: actors.owner })).status).toBe(200);
    expect(await statuses(api, actors, 'GET', `list/${list.id}`)).toEqual({ other: 404, guest: 404, anonymous: 404 });
  });

  it('lists archived items with archived=1, for the owner only', async () => {
    const list = await createList(api, actors.owner);
    const kept = await createItem(api, actors.owner, list.id, { text: 'Kept' });
    const gone = await createItem(api, actors.owner, list.id, { text: 'Archived' });
    await archive(api, actors.owner, gone);
    const active = await api.call<Envelope<ListDetailResponse>>('GET', `list/${list.id}`, { token: actors.owner });
    expect(active.json.data.items.data.map((i) => i.id)).toEqual([kept.id]);
    expect(active.json.data.list.config.qtd).toBe(1);
    const archived = await api.call<Envelope<ListDetailResponse>>('GET', `list/${list.id}?archived=1`, { token: actors.owner });
    expect(archived.json.data.items.data.map((i) => i.id)).toEqual([gone.id]);
    expect(archived.json.data.items.data[0]?.deleted_at).not.toBeNull();
    const stranger = await api.call<Envelope<ListDetailResponse>>('GET', `list/${list.id}?archived=1`, { token: actors.other });
    expect(stranger.json.data.items.total).toBe(0);
  });

  it('pages items 20 at a time', async () => {
    const list = await createList(api, actors.owner);
    for (let i = 0; i < 21; i += 1) await createItem(api, actors.owner, list.id, { text: `Item ${i}` });
    const page2 = await api.call<Envelope<ListDetailResponse>>('GET', `list/${list.id}?page=2`);
    expect(page2.json.data.items).toMatchObject({ current_page: 2, last_page: 2, total: 21 });
    expect(page2.json.data.items.data.map((i) => i.text)).toEqual(['Item 20']);
  });

  it('answers 404 for an unknown list and 422 for a malformed id or page', async () => {
    expect((await api.call<ApiError>('GET', 'list/999999')).json).toEqual({ message: 'List not found', status: 404, code: 'list.not_found' });
    expect((await api.call('GET', 'list/0')).status).toBe(422);
    expect((await api.call('GET', 'list/1?page=0')).status).toBe(422);
  });
});
