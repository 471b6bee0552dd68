// docs/product.md §7 User: prayer sessions (today-session, session-finished), my-statistics, public profiles.
import { describe, expect, it } from 'vitest';
import type { ApiPublicProfile, ApiStatistics, SessionResponse } from '../../common/account-contract';
import type { ApiError, Envelope, PostPage } from '../../common/contract';
import { useApi } from './api';

const api = useApi();

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

async function memberToken(name = 'Session Sara'): Promise<string> {
  return (await api.register(name)).authorization.token;
}

const startSession = (token: string | undefined, body: unknown = {}) =>
  api.call<Envelope<SessionResponse>>('PUT', 'user/today-session', { ...(token === undefined ? {} : { token }), body });
const finish = (token: string | undefined, body: unknown) =>
  api.call<Envelope<SessionResponse>>('PUT', 'user/session-finished', { ...(token === undefined ? {} : { token }), body });
const statistics = async (token: string) =>
  (await api.call<Envelope<{ statistics: ApiStatistics }>>('GET', 'user/my-statistics', { token })).json.data.statistics;

describe('PUT user/today-session', () => {
  it("starts today's session with the member's session size, and resumes it when called again", async () => {
    const token = await memberToken();
    await api.call('PUT', 'user/prayer-session-items-qtd', { token, body: { qtd: 7 } });
    const first = await startSession(token);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ session: { items_qtd: 7, items_prayed: 0, duration_seconds: 0, finished_at: null }, today_prayer_count: 0 });
    const again = await startSession(token, { items_qtd: 9 });
    expect(again.json.data.session).toMatchObject({ id: first.json.data.session.id, items_qtd: 9 });
  });

  it('works for guests, refuses visitors (401) and bad sizes (422), honours the Idempotency-Key', async () => {
    const guest = await api.guest();
    expect((await startSession(guest.authorization.token)).status).toBe(200);
    expect((await startSession(undefined)).status).toBe(401);
    const bad = await api.call<ApiError>('PUT', 'user/today-session', { token: guest.authorization.token, body: { items_qtd: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.items_qtd).toBeDefined();
    const token = await memberToken();
    const headers = { 'idempotency-key': 'today-session-1' };
    const a = await api.call('PUT', 'user/today-session', { token, body: {}, headers });
    const b = await api.call('PUT', 'user/today-session', { token, body: {}, headers });
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.json).toEqual(a.json);
  });
});

describe('PUT user/session-finished', () => {
  it('finishes the given session with what it achieved', async () => {
    const token = await memberToken();
    const started = (await startSession(token)).json.data.session;
    const r = await finish(token, { session_id: started.id, items_prayed: 4, duration_seconds: 300 });
    expect(r.status).toBe(200);
    expect(r.json.data.session).toMatchObject({ id: started.id, items_prayed: 4, duration_seconds: 300, finished_at: expect.any(String) });
  });

  it("without a session id, finishes today's open session, else records a completed one", async () => {
    const token = await memberToken();
    const open = (await startSession(token)).json.data.session;
    expect((await finish(token, { items_prayed: 2, duration_seconds: 60 })).json.data.session.id).toBe(open.id);
    const finishedAt = new Date(Date.now() - 2 * DAY_MS);
    const offline = await finish(token, { items_prayed: 3, duration_seconds: 120, finished_at: finishedAt.toISOString() });
    expect(offline.json.data.session).toMatchObject({ items_prayed: 3, finished_at: finishedAt.toISOString() });
    expect(offline.json.data.session.id).not.toBe(open.id);
    expect(Date.parse(offline.json.data.session.started_at)).toBe(finishedAt.getTime() - 120_000);
  });

  it("refuses someone else's session (404), bad values (422) and visitors (401); guests may record", async () => {
    const owner = await memberToken();
    const theirs = (await startSession(owner)).json.data.session;
    const other = await memberToken('Other Olga');
    expect((await finish(other, { session_id: theirs.id, items_prayed: 1, duration_seconds: 1 })).status).toBe(404);
    const future = new Date(Date.now() + DAY_MS).toISOString();
    for (const body of [{ items_prayed: -1, duration_seconds: 1 }, { items_prayed: 1 }, { items_prayed: 1, duration_seconds: 1, finished_at: future }]) {
      expect((await finish(other, body)).status).toBe(422);
    }
    expect((await finish(undefined, { items_prayed: 1, duration_seconds: 1 })).status).toBe(401);
    const guest = await api.guest();
    expect((await finish(guest.authorization.token, { items_prayed: 1, duration_seconds: 30 })).status).toBe(200);
  });
});

describe('GET user/my-statistics', () => {
  it('counts prayers per day, sessions, streaks and posts', async () => {
    const token = await memberToken('Stats Stella');
    const feed = (await api.call<Envelope<PostPage>>('GET', 'posts', { token })).json.data.data;
    const [first, second] = feed;
    if (first === undefined || second === undefined) throw new Error('the seed has posts');
    await api.call('POST', `post/${first.id}/pray`, { token });
    await api.call('POST', `post/${first.id}/pray`, { token });
    await api.call('POST', `post/${second.id}/pray`, { token });
    const mine = await api.createPost(token, { text: 'Statistics request', type: 'REQUEST' });
    await api.call('POST', `post/${mine.id}/pray`, { token: await api.login() });
    await finish(token, { items_prayed: 3, duration_seconds: 200 });
    await finish(token, { items_prayed: 1, duration_seconds: 50, finished_at: new Date(Date.now() - DAY_MS).toISOString() });

    const s = await statistics(token);
    expect(s).toMatchObject({
      today_prayer_count: 3, total_prayers: 3, streak_days: 2, longest_streak_days: 2,
      requests_posted: 1, thanks_posted: 0, answered_requests: 0, prayers_received: 1, bookmarks: 0,
      sessions: { total: 2, finished: 2, total_duration_seconds: 250, total_items_prayed: 4 },
    });
    expect(s.prayers_per_day).toHaveLength(30);
    expect(s.prayers_per_day.at(-1)).toEqual({ date: today(), count: 3 });
    expect(s.prayers_per_day.slice(0, -1).every((d) => d.count === 0)).toBe(true);
    expect(s.sessions.per_day.at(-1)).toEqual({ date: today(), count: 1, duration_seconds: 200 });
    expect(s.sessions.per_day.at(-2)).toMatchObject({ count: 1, duration_seconds: 50 });
  });

  it('starts at zero for a new guest and refuses visitors', async () => {
    const guest = await api.guest();
    expect(await statistics(guest.authorization.token)).toMatchObject({ total_prayers: 0, streak_days: 0, longest_streak_days: 0 });
    expect((await api.call('GET', 'user/my-statistics')).status).toBe(401);
  });
});

describe('GET user/profile/{id or username}', () => {
  it('shows the public profile by id or username to anyone, without the email', async () => {
    const reg = await api.register('Profile Paul');
    const token = reg.authorization.token;
    await api.createPost(token, { text: 'Public request', type: 'REQUEST' });
    await api.createPost(token, { text: 'Quiet request', type: 'REQUEST', is_anonymous: true });
    const byId = await api.call<Envelope<{ profile: ApiPublicProfile }>>('GET', `user/profile/${reg.user.id}`);
    expect(byId.status).toBe(200);
    expect(byId.json.data.profile).toEqual({
      id: reg.user.id, name: 'Profile Paul', nickname: null, username: reg.user.username, avatar: null, img_show: true, is_guest: false,
      member_since: expect.any(String), counts: { posts: 1, answered: 0, prayers: 0 },
    });
    expect(byId.json.data.profile).not.toHaveProperty('email');
    const byName = await api.call<Envelope<{ profile: ApiPublicProfile }>>('GET', `user/profile/${reg.user.username.toUpperCase()}`, { token: await api.login() });
    expect(byName.json.data.profile.id).toBe(reg.user.id);
  });

  it('answers 404 for unknown people and 422 for an over-long slug', async () => {
    expect((await api.call<ApiError>('GET', 'user/profile/999999')).json).toMatchObject({ status: 404, message: 'Profile not found' });
    expect((await api.call('GET', 'user/profile/nobody-here')).status).toBe(404);
    expect((await api.call('GET', 'user/profile/99999999999')).status).toBe(404);
    expect((await api.call('GET', `user/profile/${'x'.repeat(61)}`)).status).toBe(422);
  });
});
