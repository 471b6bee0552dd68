// Issue #12 point 7: registering from a guest session keeps everything the guest had (the guest's
// row becomes the member, server/domain/guest-upgrade.ts); a lost answer's retry gets the same
// account back; a second, different registration with the spent guest token takes nothing; a
// guest on another device is untouched.
import { describe, expect, it } from 'vitest';
import type {
  ApiError, ApiList, ApiListItem, ApiNote, ApiPost, ApiUser, AuthResponse, Envelope, GuestAuthResponse, ListDetailResponse, ListItemsResponse, Page, PostPage,
  PostResponse,
} from '../../common/contract';
import { ok, startApi, uniqueEmail, useApi, type CallResult } from './api';
import { createItem, createList } from './lists-support';

const api = useApi();

const PASSWORD = 'long-enough-pw';

type GuestWork = { post: ApiPost; list: ApiList; item: ApiListItem; prayedPostId: number; bookmarkedPostId: number };

/** A guest who posted, prayed, wrote a note, commented, bookmarked, made a list with an item and prayed it. */
async function guestWithEverything(guest: GuestAuthResponse): Promise<GuestWork> {
  const token = guest.authorization.token;
  const post = await api.createPost(token, { text: 'A guest asks for prayer', type: 'REQUEST' });
  const prayedPostId = 2;
  const bookmarkedPostId = 3;
  ok(await api.call('POST', `post/${prayedPostId}/pray`, { token }));
  ok(await api.call('POST', `post/${prayedPostId}/note`, { token, body: { note: 'Remember her on Sunday' } }), 201);
  ok(await api.call('POST', `post/${prayedPostId}/comment`, { token, body: { comment: 'Praying with you' } }), 201);
  ok(await api.call('POST', `post/${bookmarkedPostId}/bookmark`, { token }));
  const list = await createList(api, token, { name: 'Family', visibility: 'PRIVATE' });
  const item = await createItem(api, token, list.id, { text: 'Grandma' });
  ok(await api.call('POST', `list/${list.id}/item/${item.id}/pray`, { token }));
  return { post, list, item, prayedPostId, bookmarkedPostId };
}

function registerWith(token: string | undefined, email: string, name = 'Former Guest', password = PASSWORD): Promise<CallResult<Envelope<AuthResponse>>> {
  return api.call<Envelope<AuthResponse>>('POST', 'auth/register', { ...(token === undefined ? {} : { token }), body: { name, email, password } });
}

async function expectEverythingKept(token: string, work: GuestWork): Promise<void> {
  const own = ok(await api.call<Envelope<PostResponse>>('GET', `post/${work.post.id}`, { token })).data.post;
  expect(own.is_mine).toBe(true);
  const prayed = ok(await api.call<Envelope<PostResponse>>('GET', `post/${work.prayedPostId}`, { token })).data.post;
  expect(prayed.isPrayed).toBe(true);
  const notes = ok(await api.call<Envelope<Page<ApiNote>>>('GET', `post/${work.prayedPostId}/notes`, { token })).data.data;
  expect(notes.map((n) => n.note)).toContain('Remember her on Sunday');
  const bookmarked = ok(await api.call<Envelope<PostPage>>('GET', 'posts?type=BOOKMARKED', { token })).data.data;
  expect(bookmarked.map((p) => p.id)).toContain(work.bookmarkedPostId);
  const mine = ok(await api.call<Envelope<PostPage>>('GET', 'posts?type=PRAYED_BY_USER', { token })).data.data;
  expect(mine.map((p) => p.id)).toContain(work.prayedPostId);
  const items = ok(await api.call<Envelope<ListItemsResponse>>('GET', `list/${work.list.id}/item`, { token })).data.items.data;
  const item = items.find((i) => i.id === work.item.id);
  expect(item).toMatchObject({ text: 'Grandma', is_mine: true });
  expect(item?.prayedCount).toBe(1);
  const lists = ok(await api.call<Envelope<ListDetailResponse>>('GET', `list/${work.list.id}`, { token })).data;
  expect(lists.list).toMatchObject({ id: work.list.id, is_mine: true });
}

describe('registering from a guest session', () => {
  it('keeps the guest as the same user with every kind of row', async () => {
    const guest = await api.guest();
    const work = await guestWithEverything(guest);
    const reg = ok(await registerWith(guest.authorization.token, uniqueEmail('upgrade')), 201).data;
    expect(reg.user).toMatchObject({ id: guest.guest.id, is_guest: false, name: 'Former Guest' });
    expect(reg.user.today_prayer_count).toBe(2);
    await expectEverythingKept(reg.authorization.token, work);
    const me = ok(await api.call<Envelope<{ user: ApiUser }>>('GET', 'auth/me', { token: reg.authorization.token })).data.user;
    expect(me.id).toBe(guest.guest.id);
    // docs/product.md §4: the guest state is cleared; its token is spent.
    expect((await api.call('GET', 'guest/me', { token: guest.authorization.token })).status).toBe(401);
  });

  it('answers a retried register (the first answer was lost) with the same account, and nothing else', async () => {
    const guest = await api.guest();
    const work = await guestWithEverything(guest);
    const email = uniqueEmail('retry');
    const first = ok(await registerWith(guest.authorization.token, email), 201).data;
    const again = ok(await registerWith(guest.authorization.token, email), 201).data;
    expect(again.user.id).toBe(first.user.id);
    expect(again.authorization.token).not.toBe(first.authorization.token);
    await expectEverythingKept(again.authorization.token, work);
    // Both tokens are sessions of the member; the retry did not end the first one.
    expect((await api.call('GET', 'auth/me', { token: first.authorization.token })).status).toBe(200);

    // Not a retry: a wrong password, or the email without the guest's token.
    const wrong = await registerWith(guest.authorization.token, email, 'Former Guest', 'another-password');
    expect(wrong.status).toBe(422);
    expect((wrong.json as unknown as ApiError).errors?.email).toBeDefined();
    expect((await registerWith(undefined, email)).status).toBe(422);
    const otherGuest = await api.guest();
    expect((await registerWith(otherGuest.authorization.token, email)).status).toBe(422);
    expect((await api.call('GET', 'guest/me', { token: otherGuest.authorization.token })).status).toBe(200);
  });

  it('a second registration with the spent guest token under another email is a new, empty account', async () => {
    const guest = await api.guest();
    const work = await guestWithEverything(guest);
    const first = ok(await registerWith(guest.authorization.token, uniqueEmail('first')), 201).data;
    const second = ok(await registerWith(guest.authorization.token, uniqueEmail('second'), 'Someone Else'), 201).data;
    expect(second.user.id).not.toBe(first.user.id);
    const seen = ok(await api.call<Envelope<PostResponse>>('GET', `post/${work.post.id}`, { token: second.authorization.token })).data.post;
    expect(seen.is_mine).toBe(false);
    expect((await api.call('GET', `list/${work.list.id}/item`, { token: second.authorization.token })).status).not.toBe(200);
    await expectEverythingKept(first.authorization.token, work);
  });

  it("leaves a guest of another device as it was", async () => {
    const here = await api.guest();
    const there = await api.guest();
    const theirPost = await api.createPost(there.authorization.token, { text: 'Another device, another guest', type: 'THANK' });
    const theirList = await createList(api, there.authorization.token, { name: 'Theirs', visibility: 'PRIVATE' });
    await guestWithEverything(here);
    const reg = ok(await registerWith(here.authorization.token, uniqueEmail('here')), 201).data;

    const them = ok(await api.call<Envelope<{ guest: ApiUser }>>('GET', 'guest/me', { token: there.authorization.token })).data.guest;
    expect(them).toMatchObject({ id: there.guest.id, is_guest: true, email: null });
    const post = ok(await api.call<Envelope<PostResponse>>('GET', `post/${theirPost.id}`, { token: there.authorization.token })).data.post;
    expect(post.is_mine).toBe(true);
    const asMember = ok(await api.call<Envelope<PostResponse>>('GET', `post/${theirPost.id}`, { token: reg.authorization.token })).data.post;
    expect(asMember.is_mine).toBe(false);
    expect((await api.call('GET', `list/${theirList.id}/item`, { token: there.authorization.token })).status).toBe(200);
  });

  it('adopts a guest whose token has expired but may still be refreshed', async () => {
    const shortLived = await startApi({ tokenTtlSeconds: 1 });
    try {
      const guest = ok(await shortLived.call<Envelope<GuestAuthResponse>>('POST', 'guest/login', { body: {} })).data;
      const post = await shortLived.createPost(guest.authorization.token, { text: 'Posted before the token expired', type: 'REQUEST' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reg = ok(await shortLived.call<Envelope<AuthResponse>>('POST', 'auth/register', {
        token: guest.authorization.token, body: { name: 'Late Guest', email: uniqueEmail('late'), password: PASSWORD },
      }), 201).data;
      expect(reg.user.id).toBe(guest.guest.id);
      const seen = ok(await shortLived.call<Envelope<PostResponse>>('GET', `post/${post.id}`, { token: reg.authorization.token })).data.post;
      expect(seen.is_mine).toBe(true);
    } finally {
      await shortLived.close();
    }
  });
});
