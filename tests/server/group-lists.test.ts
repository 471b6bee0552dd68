// Issue #28 item 4 (docs/product.md §11 Prayer groups; docs/decisions/0196-group-lists.md): a
// group's prayer lists, seen and edited by its live members only, and the guided sessions over a
// group's requests and over a group's list. Asked as an admin, a moderator, a member, a former
// member, a non-member, a guest and an anonymous visitor (groups-support.ts castGroup).
import { describe, expect, it } from 'vitest';
import type {
  ApiError, ApiList, ApiListItem, Envelope, GroupListsResponse, ListDetailResponse, ListIndexResponse, ListSessionResponse, PostPage,
} from '../../common/contract';
import { ok, useApi } from './api';
import { castGroup, expected, OUTSIDERS, statusesByRole, type Cast } from './groups-support';
import { createItem, createList } from './lists-support';

const api = useApi();

const token = (cast: Cast, role: 'admin' | 'moderator' | 'member' | 'former' | 'nonMember' | 'guest') => cast.tokens[role] ?? '';

async function groupList(cast: Cast, role: 'admin' | 'moderator' | 'member' = 'member', name = 'Our family'): Promise<{ list: ApiList; item: ApiListItem }> {
  const list = await createList(api, token(cast, role), { name, group_id: cast.group.id, visibility: 'PUBLIC' });
  const item = await createItem(api, token(cast, role), list.id, { text: 'Grandma\'s surgery' });
  return { list, item };
}

const listsOf = async (cast: Cast, role: 'admin' | 'moderator' | 'member') =>
  ok(await api.call<Envelope<GroupListsResponse>>('GET', `group/${cast.group.id}/lists`, { token: token(cast, role) })).data.lists.map((l) => l.id);

describe('who sees a group\'s list', () => {
  it('is the group\'s, private for good, in the group\'s channel; never among the creator\'s or the community\'s lists', async () => {
    const cast = await castGroup(api);
    const { list } = await groupList(cast);
    expect(list).toMatchObject({ group_id: cast.group.id, visibility: 2, is_mine: true, channel_id: cast.group.channel_id });
    expect(await listsOf(cast, 'admin')).toEqual([list.id]);
    const index = ok(await api.call<Envelope<ListIndexResponse>>('GET', 'list', { token: token(cast, 'member') })).data;
    expect(index.myLists.map((l) => l.id)).not.toContain(list.id);
    for (const role of ['member', 'nonMember'] as const) {
      const community = ok(await api.call<Envelope<ListIndexResponse>>('GET', 'list/community', { token: token(cast, role) })).data;
      expect(community.community.data.map((l) => l.id)).not.toContain(list.id);
    }
    const refused = await api.call<ApiError>('PUT', `list/${list.id}`, { token: token(cast, 'member'), body: { visibility: 'PUBLIC' } });
    expect(refused.json.errors?.visibility).toBeDefined();
  });

  it('every list route answers live members, and a 404 to a former member, a non-member, a guest and an anonymous visitor', async () => {
    const cast = await castGroup(api);
    const { list, item } = await groupList(cast);
    const base = `list/${list.id}`;
    for (const path of [base, `${base}/item`, `${base}/item?archived=1`, `${base}/item/${item.id}`, `${base}/item/${item.id}/comments`,
      `${base}/item/${item.id}/users-prayed`, `${base}/session/specific`]) {
      expect(await statusesByRole(api, cast, 'GET', path), path).toEqual(expected(404, 200, 200, 200));
    }
    expect(await statusesByRole(api, cast, 'GET', `${base}/item/${item.id}/note`)).toEqual(expected(404, 200, 200, 200, 401));
    for (const [method, path, body] of [['POST', `${base}/item`, { text: 'x' }], ['PUT', `${base}/item/${item.id}`, { text: 'x' }],
      ['POST', `${base}/item/${item.id}/pray`, {}], ['POST', `${base}/item/${item.id}/comment`, { comment: 'x' }],
      ['DELETE', `${base}/item/${item.id}/archive`, {}], ['PUT', base, { name: 'x' }], ['DELETE', base, {}]] as const) {
      for (const role of OUTSIDERS) {
        const who = cast.tokens[role];
        const r = await api.call<ApiError>(method, path, { body, ...(who === undefined ? {} : { token: who }) });
        expect(r.status, `${method} ${path} as ${role}`).toBe(who === undefined ? 401 : 404);
      }
    }
    expect(ok(await api.call<Envelope<ListDetailResponse>>('GET', base, { token: token(cast, 'admin') })).data.items.data.map((i) => i.text))
      .toEqual(['Grandma\'s surgery']);
  });

  it('a member who leaves or is removed loses the group\'s lists at once, also the one they made; a deleted group takes its lists', async () => {
    const cast = await castGroup(api);
    const { list, item } = await groupList(cast, 'member');
    ok(await api.call('POST', `list/${list.id}/item/${item.id}/bookmark`, { token: token(cast, 'member') }));
    ok(await api.call('DELETE', `group/${cast.group.id}/member/${cast.ids.member}`, { token: token(cast, 'admin') }));
    expect((await api.call('GET', `list/${list.id}`, { token: token(cast, 'member') })).status).toBe(404);
    const bookmarks = ok(await api.call<Envelope<{ items: { data: ApiListItem[] } }>>('GET', 'list/item/bookmark', { token: token(cast, 'member') })).data;
    expect(bookmarks.items.data).toEqual([]);
    expect(await listsOf(cast, 'moderator')).toEqual([list.id]);
    ok(await api.call('DELETE', `group/${cast.group.id}`, { token: token(cast, 'admin') }));
    expect(await statusesByRole(api, cast, 'GET', `list/${list.id}`)).toEqual(expected(404, 404, 404, 404));
  });
});

describe('members edit a group\'s list together', () => {
  it('every member adds, edits, prays for, archives and restores any item; the creator or an admin renames and deletes', async () => {
    const cast = await castGroup(api);
    const { list, item } = await groupList(cast, 'moderator');
    const base = `list/${list.id}/item/${item.id}`;
    const mine = await createItem(api, token(cast, 'member'), list.id, { text: 'Our pastor' });
    expect(mine.is_mine).toBe(true);
    expect(ok(await api.call<Envelope<{ item: ApiListItem }>>('PUT', base, { token: token(cast, 'member'), body: { text: 'Grandma, Thursday' } })).data.item.text)
      .toBe('Grandma, Thursday');
    expect(ok(await api.call<Envelope<{ item: ApiListItem }>>('POST', `${base}/pray`, { token: token(cast, 'member') })).data.item.prayedCount).toBe(1);
    ok(await api.call('DELETE', `${base}/archive`, { token: token(cast, 'member') }));
    const archived = ok(await api.call<Envelope<{ items: { data: ApiListItem[] } }>>('GET', `list/${list.id}/item?archived=1`, { token: token(cast, 'admin') })).data;
    expect(archived.items.data.map((i) => i.id)).toEqual([item.id]);
    ok(await api.call('PUT', `${base}/restore`, { token: token(cast, 'admin') }));
    expect(await statusesByRole(api, cast, 'PUT', `list/${list.id}`, { body: { name: 'Renamed' } })).toEqual(expected(404, 403, 200, 200, 401));
    // The creator (the moderator here) deletes; the admin, asked after, finds it gone. A second list: the admin deletes it.
    expect(await statusesByRole(api, cast, 'DELETE', `list/${list.id}`)).toEqual(expected(404, 403, 200, 404, 401));
    const { list: second } = await groupList(cast, 'moderator', 'Second');
    expect((await api.call('DELETE', `list/${second.id}`, { token: token(cast, 'member') })).status).toBe(403);
    expect((await api.call('DELETE', `list/${second.id}`, { token: token(cast, 'admin') })).status).toBe(200);
  });

  it('another member\'s comment is removed by its author, the list\'s creator or a group moderator, not by a plain member', async () => {
    const cast = await castGroup(api);
    const { list, item } = await groupList(cast, 'admin');
    const comment = async () => ok(await api.call<Envelope<{ comment: { id: number } }>>('POST', `list/${list.id}/item/${item.id}/comment`,
      { token: token(cast, 'admin'), body: { comment: 'Praying' } }), 201).data.comment.id;
    const first = await comment();
    expect((await api.call('DELETE', `list/${list.id}/item/${item.id}/comment/${first}`, { token: token(cast, 'member') })).status).toBe(403);
    expect((await api.call('DELETE', `list/${list.id}/item/${item.id}/comment/${first}`, { token: token(cast, 'moderator') })).status).toBe(200);
  });
});

describe('guided sessions in a group', () => {
  it('GET post/session/group/{id}: the group\'s open requests by others, newest first; nothing of the community or of other groups', async () => {
    const cast = await castGroup(api);
    const other = await castGroup(api);
    const post = (who: string, text: string, groupId?: number) => api.createPost(who, { text, type: 'REQUEST', ...(groupId === undefined ? {} : { group_id: groupId }) });
    const older = await post(token(cast, 'admin'), 'Older', cast.group.id);
    const newer = await post(token(cast, 'moderator'), 'Newer', cast.group.id);
    await post(token(cast, 'member'), 'My own', cast.group.id);
    await post(token(cast, 'admin'), 'For the community');
    await post(token(other, 'admin'), 'Another group', other.group.id);
    const thanks = await api.createPost(token(cast, 'admin'), { text: 'Thank you', type: 'THANK', group_id: cast.group.id });
    const page = ok(await api.call<Envelope<PostPage>>('GET', `post/session/group/${cast.group.id}`, { token: token(cast, 'member') })).data;
    expect(page.data.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(page.data.map((p) => p.id)).not.toContain(thanks.id);
  });

  it('a group list\'s session (GET list/{id}/session/specific) is its members\', least recently prayed first', async () => {
    const cast = await castGroup(api);
    const { list, item } = await groupList(cast, 'admin');
    const second = await createItem(api, token(cast, 'member'), list.id, { text: 'The youth camp' });
    ok(await api.call('POST', `list/${list.id}/item/${item.id}/pray`, { token: token(cast, 'member') }));
    const session = ok(await api.call<Envelope<ListSessionResponse>>('GET', `list/${list.id}/session/specific`, { token: token(cast, 'member') })).data;
    expect(session.list.id).toBe(list.id);
    expect(session.items.map((i) => i.id)).toEqual([second.id, item.id]);
  });
});
