// docs/product.md §7 Lists: GET list, list/community, list/suggestions, list/gardens-prayer, and the prayer
// sessions over lists, against the seeded lists (server/db/seed-lists-data.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Envelope, ListCommunityResponse, ListIndexResponse, ListSessionResponse, ListSuggestionsResponse, MyListsSessionResponse,
} from '../../common/contract';
import { useApi } from './api';
import { createItem, createList } from './lists-support';
import { LIST_ACTORS, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api, LIST_ACTORS);
let demo: string;
beforeAll(async () => {
  demo = await api.login();
});

const names = (lists: { name: string }[]) => lists.map((l) => l.name);

describe('GET list', () => {
  it('gives an anonymous visitor no own lists and the public community lists of the channel, most prayed first', async () => {
    const r = await api.call<Envelope<ListIndexResponse>>('GET', 'list');
    expect(r.status).toBe(200);
    expect(r.json.data.myLists).toEqual([]);
    const community = r.json.data.community;
    expect(names(community.data)).toEqual(expect.arrayContaining(['Praying for our families', 'Missionaries', 'The sick and grieving', 'Our church plant']));
    expect(names(community.data)).not.toContain('My prayers');
    expect(names(community.data)).not.toContain('Biblical prayers');
    const counts = community.data.map((l) => l.qtd);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(community.data.every((l) => l.channel_id === 1 && l.visibility === 0)).toBe(true);
  });

  it('gives the demo member their own lists, private ones included, and leaves them out of community', async () => {
    const r = await api.call<Envelope<ListIndexResponse>>('GET', 'list', { token: demo });
    const mine = r.json.data.myLists.find((l) => l.key === 'my-prayers');
    expect(mine).toMatchObject({ name: 'My prayers', visibility: 2, is_mine: true, config: { qtd: 5 } });
    expect(r.json.data.community.data.some((l) => l.is_mine)).toBe(false);
  });

  it('counts distinct people who prayed as the community count (qtd)', async () => {
    const r = await api.call<Envelope<ListIndexResponse>>('GET', 'list');
    // Seeded: daniel and demo prayed items of 'Praying for our families'.
    expect(r.json.data.community.data.find((l) => l.name === 'Praying for our families')?.qtd).toBe(2);
  });

  it('searches names and descriptions in the channel language, in own and community lists', async () => {
    const r = await api.call<Envelope<ListIndexResponse>>('GET', 'list?search=missionary', { token: demo });
    expect(names(r.json.data.community.data)).toEqual(['Missionaries']);
    expect(r.json.data.myLists).toEqual([]);
    const pt = await api.call<Envelope<ListIndexResponse>>('GET', `list?search=${encodeURIComponent('família')}`, { headers: { 'x-channel-id': '2' } });
    expect(names(pt.json.data.community.data)).toEqual(['Orando pelas nossas famílias']);
  });

  it('rejects a malformed page (422)', async () => {
    expect((await api.call('GET', 'list?page=abc')).status).toBe(422);
  });
});

describe('GET list/community', () => {
  it('pages the public community lists of the channel, including new ones, but not the caller own', async () => {
    const created = await createList(api, actors.other, { name: 'Prayer for the city council' });
    const r = await api.call<Envelope<ListCommunityResponse>>('GET', 'list/community', { token: actors.owner });
    expect(r.json.data.community).toMatchObject({ current_page: 1, last_page: 1 });
    expect(names(r.json.data.community.data)).toContain(created.name);
    const own = await api.call<Envelope<ListCommunityResponse>>('GET', 'list/community', { token: actors.other });
    expect(names(own.json.data.community.data)).not.toContain(created.name);
    const es = await api.call<Envelope<ListCommunityResponse>>('GET', 'list/community', { headers: { 'x-channel-id': '3' } });
    expect(names(es.json.data.community.data)).toContain('Misioneros');
  });
});

describe('GET list/suggestions', () => {
  it('suggests community lists the caller has not prayed from', async () => {
    const r = await api.call<Envelope<ListSuggestionsResponse>>('GET', 'list/suggestions', { token: demo });
    // The demo member prayed items of the three garden lists in the seed.
    expect(names(r.json.data.community)).toContain('Our church plant');
    expect(names(r.json.data.community).some((n) => ['Praying for our families', 'Missionaries', 'The sick and grieving'].includes(n))).toBe(false);
    const anonymous = await api.call<Envelope<ListSuggestionsResponse>>('GET', 'list/suggestions');
    expect(anonymous.json.data.community.length).toBeGreaterThanOrEqual(4);
    expect(anonymous.json.data.community.length).toBeLessThanOrEqual(10);
    expect(anonymous.json.data.community.every((l) => l.key === null)).toBe(true);
  });
});

describe('GET list/gardens-prayer', () => {
  it('gives the curated garden of the channel in its order', async () => {
    const r = await api.call<Envelope<ListCommunityResponse>>('GET', 'list/gardens-prayer');
    expect(names(r.json.data.community.data)).toEqual(['Praying for our families', 'Missionaries', 'The sick and grieving']);
    expect(r.json.data.community.data.every((l) => l.is_garden)).toBe(true);
    const pt = await api.call<Envelope<ListCommunityResponse>>('GET', 'list/gardens-prayer?search=enfermos', { headers: { 'x-channel-id': '2' } });
    expect(names(pt.json.data.community.data)).toEqual(['Pelos enfermos e enlutados']);
  });
});

describe('prayer sessions', () => {
  async function gardenId(): Promise<number> {
    const r = await api.call<Envelope<ListCommunityResponse>>('GET', 'list/gardens-prayer');
    const first = r.json.data.community.data[0];
    if (first === undefined) throw new Error('no garden');
    return first.id;
  }

  it('GET list/{id}/session/specific: at most the session size (5 by default), least recently prayed first', async () => {
    const list = await createList(api, actors.owner);
    const items = [];
    for (let i = 0; i < 6; i += 1) items.push(await createItem(api, actors.owner, list.id, { text: `Need ${i}` }));
    const first = await api.call<Envelope<ListSessionResponse>>('GET', `list/${list.id}/session/specific`, { token: actors.owner });
    expect(first.json.data.list.id).toBe(list.id);
    expect(first.json.data.items.map((i) => i.text)).toEqual(['Need 0', 'Need 1', 'Need 2', 'Need 3', 'Need 4']);
    await api.call('POST', `list/${list.id}/item/${items[0]?.id}/pray`, { token: actors.owner });
    const next = await api.call<Envelope<ListSessionResponse>>('GET', `list/${list.id}/session/specific`, { token: actors.owner });
    expect(next.json.data.items.map((i) => i.text)).toEqual(['Need 1', 'Need 2', 'Need 3', 'Need 4', 'Need 5']);
    expect((await api.call('GET', `list/${list.id}/session/specific`)).status).toBe(200);
    const hidden = await createList(api, actors.owner, { visibility: 'PRIVATE' });
    expect((await api.call('GET', `list/${hidden.id}/session/specific`, { token: actors.other })).status).toBe(404);
  });

  it('GET list/{id}/gardens-prayer/session: only for a list in the garden', async () => {
    const r = await api.call<Envelope<ListSessionResponse>>('GET', `list/${await gardenId()}/gardens-prayer/session`);
    expect(r.status).toBe(200);
    expect(r.json.data.list.is_garden).toBe(true);
    expect(r.json.data.items).toHaveLength(5);
    const plain = await createList(api, actors.owner);
    expect((await api.call('GET', `list/${plain.id}/gardens-prayer/session`)).status).toBe(404);
  });

  it('GET list/session/biblical-prayers: the channel biblical prayers, in its language', async () => {
    const en = await api.call<Envelope<ListSessionResponse>>('GET', 'list/session/biblical-prayers', { token: actors.other });
    expect(en.json.data.list.key).toBe('biblical-prayers');
    expect(en.json.data.items).toHaveLength(5);
    expect(en.json.data.items[0]?.reference).toBe('Matthew 6:9-13');
    const pt = await api.call<Envelope<ListSessionResponse>>('GET', 'list/session/biblical-prayers', { headers: { 'x-channel-id': '2' } });
    expect(pt.json.data.items[0]?.reference).toBe('Mateus 6:9-13');
  });

  it('GET list/session/my-lists: items of the caller own lists only; needs a session', async () => {
    const r = await api.call<Envelope<MyListsSessionResponse>>('GET', 'list/session/my-lists', { token: demo });
    expect(r.json.data.myLists.map((l) => l.key)).toContain('my-prayers');
    const ownIds = new Set(r.json.data.myLists.map((l) => l.id));
    expect(r.json.data.items.length).toBe(5);
    expect(r.json.data.items.every((i) => ownIds.has(i.post_list_id) && i.is_mine)).toBe(true);
    expect((await api.call('GET', 'list/session/my-lists')).status).toBe(401);
  });
});
