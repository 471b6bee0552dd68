// docs/product.md §7 List items: pray, bookmark, the caller's bookmarked items, the channel's biblical
// prayers, users-prayed (docs/product.md §10: every prayer counts; distinct people, most recent first).
import { describe, expect, it } from 'vitest';
import type {
  ApiUserSummary, Envelope, ListDetailResponse, ListItemBookmarkResponse, ListItemPrayResponse, ListItemsResponse, Page,
  PrayResponse,
} from '../../common/contract';
import { useApi } from './api';
import { archive, createItem, createList } from './lists-support';
import { LIST_ACTORS, statuses, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api, LIST_ACTORS);

describe('POST list/{listId}/item/{id}/pray', () => {
  it('counts every prayer and one today count shared with prayers for posts (docs/product.md §4)', async () => {
    const token = (await api.register('Praying Pat')).authorization.token;
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const path = `list/${list.id}/item/${item.id}/pray`;
    const first = await api.call<Envelope<ListItemPrayResponse>>('POST', path, { token });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ item: { id: item.id, prayedCount: 1, isPrayed: true }, today_prayer_count: 1 });
    const post = await api.call<Envelope<PrayResponse>>('POST', 'post/1/pray', { token });
    expect(post.json.data.today_prayer_count).toBe(2);
    const again = await api.call<Envelope<ListItemPrayResponse>>('POST', path, { token });
    expect(again.json.data).toMatchObject({ item: { prayedCount: 2 }, today_prayer_count: 3 });
    const me = await api.call<Envelope<{ user: { today_prayer_count: number } }>>('GET', 'auth/me', { token });
    expect(me.json.data.user.today_prayer_count).toBe(3);
    const seen = await api.call<Envelope<{ item: { prayedCount: number; isPrayed: boolean } }>>('GET', `list/${list.id}/item/${item.id}`);
    expect(seen.json.data.item).toMatchObject({ prayedCount: 2, isPrayed: false });
  });

  it('is open to anyone who can see the item; anonymous 401; private list 404; archived item 422', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    expect(await statuses(api, actors, 'POST', `list/${list.id}/item/${item.id}/pray`)).toEqual({ other: 200, guest: 200, anonymous: 401 });
    const hidden = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    const secret = await createItem(api, actors.owner, hidden.id);
    expect((await api.call('POST', `list/${hidden.id}/item/${secret.id}/pray`, { token: actors.other })).status).toBe(404);
    expect((await api.call('POST', `list/${hidden.id}/item/${secret.id}/pray`, { token: actors.owner })).status).toBe(200);
    await archive(api, actors.owner, item);
    expect((await api.call('POST', `list/${list.id}/item/${item.id}/pray`, { token: actors.owner })).status).toBe(422);
    expect((await api.call('POST', `list/${list.id}/item/999999/pray`, { token: actors.owner })).status).toBe(404);
  });

  it('counts a replayed prayer once (Idempotency-Key)', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const headers = { 'idempotency-key': `pray-item-${item.id}` };
    const path = `list/${list.id}/item/${item.id}/pray`;
    await api.call('POST', path, { token: actors.other, headers });
    const replay = await api.call<Envelope<ListItemPrayResponse>>('POST', path, { token: actors.other, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const seen = await api.call<Envelope<{ item: { prayedCount: number } }>>('GET', `list/${list.id}/item/${item.id}`);
    expect(seen.json.data.item.prayedCount).toBe(1);
  });
});

describe('GET list/{listId}/item/{id}/users-prayed', () => {
  it('lists distinct people, most recent prayer first', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    const path = `list/${list.id}/item/${item.id}`;
    await api.call('POST', `${path}/pray`, { token: actors.other });
    await api.call('POST', `${path}/pray`, { token: actors.guest });
    await api.call('POST', `${path}/pray`, { token: actors.other });
    const r = await api.call<Envelope<Page<ApiUserSummary>>>('GET', `${path}/users-prayed`);
    expect(r.json.data.total).toBe(2);
    expect(r.json.data.data.map((u) => u.name)).toEqual(['Other Member', '']);
    expect(Object.keys(r.json.data.data[0] ?? {}).sort()).toEqual(['avatar', 'id', 'name', 'username']);
    const hidden = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    const secret = await createItem(api, actors.owner, hidden.id);
    expect((await api.call('GET', `list/${hidden.id}/item/${secret.id}/users-prayed`)).status).toBe(404);
  });
});

describe('POST list/{listId}/item/{id}/bookmark and GET list/item/bookmark', () => {
  it('toggles; is_bookmarked comes from the server; the bookmarks page lists newest first', async () => {
    const token = (await api.register('Bookmarking Bea')).authorization.token;
    const list = await createList(api, actors.owner);
    const a = await createItem(api, actors.owner, list.id, { text: 'A' });
    const b = await createItem(api, actors.owner, list.id, { text: 'B' });
    const on = await api.call<Envelope<ListItemBookmarkResponse>>('POST', `list/${list.id}/item/${a.id}/bookmark`, { token });
    expect(on.json.data).toMatchObject({ is_bookmarked: true, item: { id: a.id, is_bookmarked: true } });
    await api.call('POST', `list/${list.id}/item/${b.id}/bookmark`, { token });
    const page = await api.call<Envelope<ListItemsResponse>>('GET', 'list/item/bookmark', { token });
    expect(page.json.data.items.data.map((i) => i.id)).toEqual([b.id, a.id]);
    const off = await api.call<Envelope<ListItemBookmarkResponse>>('POST', `list/${list.id}/item/${a.id}/bookmark`, { token });
    expect(off.json.data.is_bookmarked).toBe(false);
    await archive(api, actors.owner, b);
    const after = await api.call<Envelope<ListItemsResponse>>('GET', 'list/item/bookmark', { token });
    expect(after.json.data.items.total).toBe(0);
  });

  it('is open to anyone who can see the item; anonymous 401 for both calls', async () => {
    const list = await createList(api, actors.owner);
    const item = await createItem(api, actors.owner, list.id);
    expect(await statuses(api, actors, 'POST', `list/${list.id}/item/${item.id}/bookmark`)).toEqual({ other: 200, guest: 200, anonymous: 401 });
    expect((await api.call('GET', 'list/item/bookmark')).status).toBe(401);
    expect((await api.call('GET', 'list/item/bookmark?page=-1', { token: actors.other })).status).toBe(422);
  });

  it('shows the seeded bookmark of the demo member', async () => {
    const demo = await api.login();
    const r = await api.call<Envelope<ListItemsResponse>>('GET', 'list/item/bookmark', { token: demo });
    expect(r.json.data.items.data.map((i) => i.text)).toEqual([expect.stringContaining('chemotherapy')]);
  });
});

describe('GET list/item/biblical-prayers', () => {
  it('pages the channel biblical prayers (at least 30), the Lord\'s Prayer first', async () => {
    const r = await api.call<Envelope<ListDetailResponse>>('GET', 'list/item/biblical-prayers');
    expect(r.json.data.list).toMatchObject({ key: 'biblical-prayers', user_id: null, is_mine: false, visibility: 0 });
    expect(r.json.data.items.total).toBeGreaterThanOrEqual(30);
    expect(r.json.data.items.data).toHaveLength(20);
    expect(r.json.data.items.data[0]).toMatchObject({ title: "The Lord's Prayer", reference: 'Matthew 6:9-13' });
    const page2 = await api.call<Envelope<ListDetailResponse>>('GET', 'list/item/biblical-prayers?page=2');
    expect(page2.json.data.items.current_page).toBe(2);
  });

  it('searches words (stemmed in the channel language) and references', async () => {
    const shepherd = await api.call<Envelope<ListDetailResponse>>('GET', 'list/item/biblical-prayers?search=shepherds');
    expect(shepherd.json.data.items.data.map((i) => i.reference)).toContain('Psalm 23:1-6');
    const byReference = await api.call<Envelope<ListDetailResponse>>('GET', `list/item/biblical-prayers?search=${encodeURIComponent('18:13')}`);
    expect(byReference.json.data.items.data.map((i) => i.reference)).toEqual(['Luke 18:13']);
    const es = await api.call<Envelope<ListDetailResponse>>('GET', 'list/item/biblical-prayers?search=pastor', { headers: { 'x-channel-id': '3' } });
    expect(es.json.data.items.data.map((i) => i.reference)).toContain('Salmos 23:1-6');
  });
});
